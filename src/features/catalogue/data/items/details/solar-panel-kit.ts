import type { ProductDetails } from '../../../schemas.ts';

export const details: ProductDetails = {
  overview: [
    'The Solar Panel Kit powers the GarageGuard outdoor unit from daylight alone. A few hours of sun a day are enough to keep the camera recording and the access codes working, even where there is no socket near the garage door.',
    'The panel mounts on a wall, fascia or post with the adjustable bracket, and the 3 m cable clicks into the outdoor unit with a magnetic, weatherproof connector. Battery level and charging state show in the app.',
  ].join('\n\n'),
  specifications: [
    {
      category: 'Panel',
      specs: [
        { name: 'Output', value: '6 W, 5 V' },
        { name: 'Cell type', value: 'Monocrystalline' },
        { name: 'Dimensions', value: '220 × 160 × 18 mm' },
        { name: 'Weather rating', value: 'IP66' },
      ],
    },
    {
      category: 'In the box',
      specs: [
        { name: 'Cable', value: '3 m, magnetic connector' },
        { name: 'Bracket', value: 'Adjustable tilt and swivel' },
        { name: 'Fixings', value: 'Screws and wall plugs' },
      ],
    },
  ],
  installation: [
    { step: 1, title: 'Choose a sunny spot', description: 'Pick a place within 3 m of the outdoor unit that gets direct sun for at least 3 hours a day.' },
    { step: 2, title: 'Fix the bracket', description: 'Screw the bracket to the wall, fascia or post and clip the panel onto it.' },
    { step: 3, title: 'Connect the cable', description: 'Click the magnetic connector into the port on the underside of the outdoor unit.' },
    { step: 4, title: 'Angle the panel', description: 'Tilt the panel towards the sun and check the charging icon in the app.' },
  ],
  warranty: {
    duration: '10 years',
    coverage: ['Panel output of at least 80% of rated power', 'Frame, bracket and cable defects', 'Free replacement shipping'],
    support: 'Lifetime technical support by phone, e-mail and chat.',
  },
};
