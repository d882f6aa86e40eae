import type { ContentPageData } from '../types.ts';

const UPDATED = '2026-11-01';

export const PRIVACY_PAGE: ContentPageData = {
  slug: 'privacy',
  title: 'Privacy Policy',
  intro:
    'How GarageGuard collects, uses and protects your personal data when you use our shop, the app, the cloud dashboard and your devices.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What we collect',
      list: [
        'Account data: your name, e-mail address and password (stored only as a secure hash).',
        'Order data: delivery address and the items you buy. Card details are handled in your browser for payment and never stored by us.',
        'Device data: status, firmware version and events from your indoor and outdoor units (door opened, code used, motion detected).',
        'Access codes you create, including the name and e-mail of the person you give them to.',
        'Support data: the tickets and messages you send us.',
        'Technical data: IP address and browser type when you sign in, kept in our security log.',
      ],
    },
    {
      heading: 'How we use it',
      list: [
        'To run your system: opening the door, checking codes, sending alerts.',
        'To deliver and support your orders.',
        'To keep your account secure, for example by detecting unusual sign-in attempts.',
        'To send product news only if you subscribed; every message has an unsubscribe link.',
      ],
    },
    {
      heading: 'What we never do',
      paragraphs: ['We do not sell your personal data, and we do not use camera footage for advertising.'],
    },
    {
      heading: 'Camera footage',
      paragraphs: [
        'Footage from your outdoor unit is encrypted in transit and at rest and is visible only to you and the people you invite. Clips are deleted automatically after 30 days unless you save them. Please respect your neighbours’ privacy and local law when you aim the camera.',
      ],
    },
    {
      heading: 'Storage on your device',
      paragraphs: [
        'The app keeps a copy of your cart, devices and support tickets on your device so it works with a poor connection. Signing out removes this copy.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see, correct, export or delete your data at any time. Write to privacy@garageguard.com and we will answer within 30 days. You also have the right to complain to your data protection authority.',
      ],
    },
  ],
};

export const TERMS_PAGE: ContentPageData = {
  slug: 'terms',
  title: 'Terms of Service',
  intro: 'The terms that apply when you buy from the GarageGuard shop and use the GarageGuard app and cloud service.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You need an account to check out and to use the dashboard. Keep your password safe and turn on two-factor authentication; you are responsible for the access codes you create and share.',
      ],
    },
    {
      heading: 'Orders and prices',
      paragraphs: [
        'Prices are in US dollars and include free shipping; sales tax is shown at checkout. An order is accepted when we confirm it by e-mail. If an item turns out to be out of stock, we refund you in full.',
      ],
    },
    {
      heading: 'Using the system safely',
      list: [
        'Install the system as described in the installation guide, or have it installed for you.',
        'Do not disable your opener’s safety features, such as auto-reverse and photo-eye sensors.',
        'Only open the door remotely when you are sure nobody is in its path.',
      ],
    },
    {
      heading: 'The cloud service',
      paragraphs: [
        'We aim to keep the app and dashboard available around the clock and announce planned maintenance in advance. Your wall button and remotes keep working even if the service is unavailable.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'Nothing in these terms limits your statutory rights as a consumer. We are not liable for losses caused by misuse, by an unsafe door or opener, or by sharing access codes with people you do not trust.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about these terms: support@garageguard.com.'],
    },
  ],
};
