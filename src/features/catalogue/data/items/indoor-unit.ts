import type { ProductSummary } from '../../schemas.ts';

export const indoorUnit: ProductSummary = {
  id: 2,
  name: 'Indoor Unit Standalone',
  description:
    'The smart controller on its own: connects to your existing opener so you can open, close and monitor the door from the GarageGuard app.',
  price: 149,
  images: ['/products/indoor-unit-front.svg', '/products/indoor-unit-side.svg', '/products/indoor-unit-app.svg'],
  category: 'indoor',
  compatibility: 'most-openers',
  features: [
    'Connects to most existing garage door openers',
    'Open, close and check door status from the app',
    'Auto-close timer and door-left-open alerts',
    'Guest and delivery access codes',
    'Add the outdoor camera unit at any time',
  ],
  rating: 4.7,
  reviewCount: 892,
  stock: 25,
};
