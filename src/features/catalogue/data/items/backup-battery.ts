import type { ProductSummary } from '../../schemas.ts';

export const backupBattery: ProductSummary = {
  id: 4,
  name: 'Backup Battery Pack',
  description:
    'Keeps the indoor unit, alerts and access codes working for up to 24 hours during a power cut.',
  price: 59,
  images: ['/products/battery-pack-front.svg', '/products/battery-pack-side.svg'],
  category: 'accessories',
  compatibility: 'universal',
  accessoryType: 'power',
  features: [
    'Up to 24 hours of backup for the indoor unit',
    'Automatic switchover with no interruption',
    'Low-battery and power-cut alerts in the app',
    'Recharges from the indoor unit adapter',
    'Wall-mount bracket included',
  ],
  rating: 4.6,
  reviewCount: 234,
  stock: 30,
};
