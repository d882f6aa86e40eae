// Public API of the checkout feature. It knows nothing of the cart: the /checkout route composes.
export { CheckoutPage } from './components/CheckoutPage.tsx';
export { CheckoutForm } from './components/CheckoutForm.tsx';
export { CheckoutSchema, type CheckoutValues } from './schemas.ts';
export { SIMULATED_PAYMENT_MS } from './payment.ts';
export { orderPlacedToast } from './order-placed-toast.tsx';
export { checkoutInitialValues, type CheckoutContact } from './prefill.ts';
export type { OrderLine } from './data/place-order.ts';
