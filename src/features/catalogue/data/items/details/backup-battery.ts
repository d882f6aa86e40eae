import type { ProductDetails } from '../../../schemas.ts';

export const details: ProductDetails = {
  overview: [
    'A power cut should not leave your garage offline. The Backup Battery Pack sits between the adapter and the indoor unit and takes over the moment mains power drops, so monitoring, alerts and access codes keep working.',
    'It recharges automatically when power returns and reports its charge level in the app, with an alert when it is running low.',
  ].join('\n\n'),
  specifications: [
    {
      category: 'Battery',
      specs: [
        { name: 'Capacity', value: '10,000 mAh lithium iron phosphate' },
        { name: 'Backup time', value: 'Up to 24 hours' },
        { name: 'Recharge time', value: 'About 5 hours' },
      ],
    },
    {
      category: 'Physical',
      specs: [
        { name: 'Dimensions', value: '140 × 80 × 30 mm' },
        { name: 'Weight', value: '380 g' },
        { name: 'Connectors', value: '12 V DC in and out' },
      ],
    },
  ],
  installation: [
    { step: 1, title: 'Mount the battery', description: 'Fix the bracket next to the indoor unit and slide the battery pack onto it.' },
    { step: 2, title: 'Connect the power', description: 'Plug the adapter into the battery pack and the short lead from the pack into the indoor unit.' },
    { step: 3, title: 'Check the app', description: 'The app shows the battery level within a minute; leave it to charge fully.' },
  ],
  warranty: {
    duration: '3 years',
    coverage: ['Manufacturing defects', 'Capacity of at least 70% of rated capacity', 'Free replacement shipping'],
    support: 'Lifetime technical support by phone, e-mail and chat.',
  },
};
