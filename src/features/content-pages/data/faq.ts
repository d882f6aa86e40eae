import { CORE_FAQ } from '@/lib/faq.ts';
import type { FaqPageData } from '../types.ts';

// The first group is the Support Center's fixed FAQ; the rest extend it.
export const FAQ_PAGE: FaqPageData = {
  title: 'Frequently Asked Questions',
  intro: 'Quick answers about setting up, using and looking after your GarageGuard system.',
  groups: [
    {
      heading: 'Using your system',
      items: [...CORE_FAQ],
    },
    {
      heading: 'Access codes',
      items: [
        {
          question: 'How do guest and delivery codes work?',
          answer:
            'Create a code in the dashboard under Access, choose guest, delivery, temporary or permanent, and optionally set an expiry date and a usage limit. Share the 6-character code; you can revoke it at any time.',
        },
        {
          question: 'What happens if someone uses an expired code?',
          answer: 'The door stays closed and the attempt is recorded in your access history, so you can see who tried and when.',
        },
      ],
    },
    {
      heading: 'Orders, shipping and returns',
      items: [
        {
          question: 'How long does installation take?',
          answer: 'About two hours for the complete system. Our step-by-step installation guide walks you through it, and professional installation is free if you prefer.',
        },
        {
          question: 'Can I return the system?',
          answer: 'Yes. You have 30 days from delivery to return it for a full refund under our money-back guarantee.',
        },
        {
          question: 'What does the warranty cover?',
          answer: 'The complete system has a 2-year manufacturer warranty covering defects in materials and workmanship. Accessories carry their own warranty periods.',
        },
      ],
    },
    {
      heading: 'Connectivity and privacy',
      items: [
        {
          question: 'Does it work when the internet is down?',
          answer:
            'Your wall button and remotes always work. The app needs an internet connection to reach the indoor unit; it shows the last known status while you are offline.',
        },
        {
          question: 'Who can see my camera footage?',
          answer: 'Only you and the people you invite. Footage is encrypted in transit and at rest, and we never share it with third parties.',
        },
      ],
    },
  ],
};
