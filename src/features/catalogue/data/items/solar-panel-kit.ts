import type { ProductSummary } from '../../schemas.ts';

export const solarPanelKit: ProductSummary = {
  id: 3,
  name: 'Solar Panel Kit',
  description:
    'A compact solar panel that keeps the outdoor unit charged all year, so the camera runs without a mains connection.',
  price: 79,
  images: ['/products/solar-panel-front.svg', '/products/solar-panel-side.svg', '/products/solar-panel-mounted.svg'],
  category: 'accessories',
  compatibility: 'outdoor-unit',
  accessoryType: 'power',
  features: [
    '6 W monocrystalline panel keeps the outdoor unit charged',
    'Adjustable mounting bracket that tilts and swivels',
    '3 m weatherproof cable with a magnetic connector',
    'IP66 weather resistant',
    'No mains wiring needed at the door',
  ],
  rating: 4.8,
  reviewCount: 456,
  stock: 40,
};
