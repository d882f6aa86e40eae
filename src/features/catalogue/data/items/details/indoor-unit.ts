import type { ProductDetails } from '../../../schemas.ts';

export const details: ProductDetails = {
  overview: [
    'The Indoor Unit is the heart of every GarageGuard system. It mounts next to your opener, drives it through a simple relay connection and reports whether the door is open or closed, so you always know the state of your garage.',
    'On its own it gives you app control, scheduled auto-close, door-left-open alerts and access codes for the people you trust. When you are ready for a view of the driveway, add the outdoor unit and it pairs in a minute.',
  ].join('\n\n'),
  specifications: [
    {
      category: 'Hardware',
      specs: [
        { name: 'Dimensions', value: '120 × 90 × 35 mm' },
        { name: 'Weight', value: '240 g' },
        { name: 'Door sensor', value: 'Wireless tilt sensor (included)' },
        { name: 'Opener interface', value: 'Dry-contact relay with wall-button passthrough' },
      ],
    },
    {
      category: 'Connectivity & Power',
      specs: [
        { name: 'Wireless', value: 'Wi-Fi 2.4 GHz, Bluetooth LE' },
        { name: 'Power', value: '12 V DC adapter (included)' },
        { name: 'Backup', value: 'Backup Battery Pack (optional)' },
      ],
    },
  ],
  installation: [
    { step: 1, title: 'Mount the unit', description: 'Fix the indoor unit within 1 m of your opener with the bracket and screws in the box.' },
    { step: 2, title: 'Wire the relay', description: 'Connect the two relay wires to the wall-button terminals of the opener.' },
    { step: 3, title: 'Fit the door sensor', description: 'Stick the tilt sensor to the top panel of the door.' },
    { step: 4, title: 'Pair with the app', description: 'Scan the QR code on the unit with the GarageGuard app and join it to your Wi-Fi network.' },
  ],
  warranty: {
    duration: '2 years',
    coverage: ['Manufacturing defects', 'Relay and door sensor failures', 'Power adapter', 'Free replacement shipping'],
    support: 'Lifetime technical support by phone, e-mail and chat, plus a 30-day money-back guarantee.',
  },
};
