import type { ProductDetails } from '../../../schemas.ts';

export const details: ProductDetails = {
  overview: [
    'The GarageGuard Complete System turns the garage door you already have into a connected, secure entrance. The indoor unit sits next to your opener and drives it directly, so you can open, close and check the door from the GarageGuard app wherever you are.',
    'Outside, the weatherproof outdoor unit watches your driveway with a 160° wide-angle HD camera. It records every arrival, recognises when a courier is waiting and lets you open the door for a one-time delivery code, so parcels end up safely inside instead of on the doorstep.',
    'Everything comes together in the cloud dashboard: live status of both units, a history of who opened the door and when, and access codes for family, guests, cleaners or tradespeople. Installation takes about 2 hours, and you have 30 days to decide whether it is right for you.',
  ].join('\n\n'),
  specifications: [
    {
      category: 'Indoor Unit',
      specs: [
        { name: 'Dimensions', value: '120 × 90 × 35 mm' },
        { name: 'Opener interface', value: 'Dry-contact relay with wall-button passthrough' },
        { name: 'Connectivity', value: 'Wi-Fi 2.4 GHz, Bluetooth LE' },
        { name: 'Power', value: '12 V DC adapter (included)' },
      ],
    },
    {
      category: 'Outdoor Unit',
      specs: [
        { name: 'Camera', value: '1080p HD, 160° wide-angle lens' },
        { name: 'Night vision', value: 'Infrared, up to 8 m' },
        { name: 'Weather rating', value: 'IP65' },
        { name: 'Operating temperature', value: '−20 °C to 50 °C' },
      ],
    },
    {
      category: 'App & Cloud',
      specs: [
        { name: 'Platforms', value: 'iOS 15+, Android 10+, web dashboard' },
        { name: 'Event history', value: '30 days included' },
        { name: 'Access codes', value: 'Guest, delivery, temporary and permanent' },
        { name: 'Notifications', value: 'Push and e-mail' },
      ],
    },
  ],
  installation: [
    { step: 1, title: 'Mount the indoor unit', description: 'Fix the indoor unit to the wall or ceiling within 1 m of your opener using the bracket and screws in the box.' },
    { step: 2, title: 'Connect it to the opener', description: 'Attach the two relay wires to the wall-button terminals of the opener. Your existing wall button keeps working.' },
    { step: 3, title: 'Mount the outdoor unit', description: 'Place the outdoor unit above or beside the door, angled at the driveway, and connect its power lead.' },
    { step: 4, title: 'Pair with the app', description: 'Scan the QR code on each unit with the GarageGuard app and join them to your Wi-Fi network.' },
    { step: 5, title: 'Test and share access', description: 'Open and close the door from the app, check the camera view, then create access codes for your household.' },
  ],
  warranty: {
    duration: '2 years',
    coverage: [
      'Manufacturing defects in the indoor and outdoor units',
      'Camera, sensor and relay failures',
      'Power adapter and cabling',
      'Free replacement shipping',
    ],
    support: 'Lifetime technical support by phone, e-mail and chat, plus a 30-day money-back guarantee.',
  },
};
