// Public API of the orders feature: the customer's orders page (/dashboard/orders composes it).
export { OrdersPage } from './components/OrdersPage.tsx';
export { OrderSchema, OrderItemSchema, ORDER_STATUSES, type Order, type OrderItem, type OrderStatus } from './schemas.ts';
