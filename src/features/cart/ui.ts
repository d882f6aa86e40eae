// Cart screens, imported by route files only so they stay in their route's lazy chunk.
export { CartPage } from './components/CartPage.tsx';
export { OrderSummary } from './components/OrderSummary.tsx';
