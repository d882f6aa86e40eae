import type { ProductSummary } from '../../schemas.ts';

export const completeSystem: ProductSummary = {
  id: 1,
  name: 'Complete System',
  description:
    'Indoor unit, outdoor unit with a 160° wide-angle HD camera, the GarageGuard app and cloud dashboard: everything you need to run your garage from your phone.',
  price: 299,
  originalPrice: 349,
  images: [
    '/products/complete-system.svg',
    '/products/indoor-unit-front.svg',
    '/products/outdoor-unit-front.svg',
    '/products/outdoor-unit-side.svg',
  ],
  badge: 'Best Seller',
  category: 'bundle',
  compatibility: 'most-openers',
  features: [
    'Open, close and check your door from anywhere with the app',
    '160° wide-angle HD camera with infrared night vision',
    'Guest and delivery access codes you can revoke at any time',
    'Works with most existing garage door openers',
    'Real-time alerts and a 30-day activity history in the cloud dashboard',
    'Professional installation in about 2 hours',
  ],
  rating: 4.9,
  reviewCount: 1247,
  stock: 15,
  variants: [{ name: 'Color', options: ['White', 'Black', 'Gray'] }],
};
