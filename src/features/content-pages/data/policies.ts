import type { ContentPageData } from '../types.ts';

export const WARRANTY_PAGE: ContentPageData = {
  slug: 'warranty',
  title: 'Warranty',
  intro: 'Every GarageGuard Complete System comes with a 2-year manufacturer warranty and lifetime technical support.',
  sections: [
    {
      heading: 'What is covered',
      list: [
        'Defects in materials and workmanship of the indoor unit, the outdoor camera unit and the door sensor.',
        'Failure of the electronics, camera module or radio under normal use.',
        'Replacement parts and the shipping for warranty repairs and replacements.',
      ],
    },
    {
      heading: 'How long',
      list: [
        'Complete System and Indoor Unit: 2 years from delivery.',
        'Solar Panel Kit: 10 years on the panel’s output.',
        'Backup Battery Pack: 3 years.',
      ],
    },
    {
      heading: 'What is not covered',
      list: [
        'Damage from accidents, misuse, improper installation or unauthorised repairs.',
        'Normal wear, such as scratches on the housing.',
        'Problems with your garage door or opener themselves.',
      ],
    },
    {
      heading: 'How to make a claim',
      steps: [
        { title: 'Contact support', text: 'Open a support ticket or e-mail support@garageguard.com with your order number and a short description.' },
        { title: 'Troubleshoot together', text: 'Many problems are solved remotely in minutes, for example by a firmware update.' },
        { title: 'Repair or replacement', text: 'If the device is faulty we send a replacement first, with a prepaid label to return the faulty unit.' },
      ],
    },
  ],
  cta: { label: 'Read the FAQ', to: '/support/faq' },
};

export const RETURNS_PAGE: ContentPageData = {
  slug: 'returns',
  title: 'Returns & Refunds',
  intro: 'Not happy with your GarageGuard system? Return it within 30 days of delivery for a full refund — our money-back guarantee.',
  sections: [
    {
      heading: '30-day money-back guarantee',
      paragraphs: [
        'You can return any product within 30 days of delivery, for any reason, even if you have installed and used it. We refund the full purchase price, including the original shipping.',
      ],
    },
    {
      heading: 'How to return',
      steps: [
        { title: 'Tell us', text: 'Open a support ticket or e-mail support@garageguard.com with your order number.' },
        { title: 'Pack it', text: 'Remove the devices from your account in the app, then pack them with their accessories, ideally in the original box.' },
        { title: 'Send it', text: 'Use the prepaid return label we e-mail you and drop the parcel at any carrier location.' },
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'We refund to your original payment method within 5 business days of receiving the return, and e-mail you when it is done.',
      ],
    },
    {
      heading: 'After 30 days',
      paragraphs: [
        'Faulty products are covered by the 2-year warranty: we repair or replace them free of charge.',
      ],
    },
  ],
  cta: { label: 'See the warranty', to: '/warranty' },
};
