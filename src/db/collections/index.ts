import { accessPermissions } from './access-permissions.ts';
import { cartItems } from './cart-items.ts';
import { deviceEvents } from './device-events.ts';
import { devices } from './devices.ts';
import { kbArticles } from './kb-articles.ts';
import { notifications } from './notifications.ts';
import { orders } from './orders.ts';
import { supportCategories } from './support-categories.ts';
import { supportMessages } from './support-messages.ts';
import { supportTickets } from './support-tickets.ts';
import type { CollectionName, CollectionSpec } from './types.ts';

// Categories before tickets before messages: a first sync then fills parents first.
export const COLLECTIONS = {
  support_categories: supportCategories,
  kb_articles: kbArticles,
  devices,
  access_permissions: accessPermissions,
  device_events: deviceEvents,
  orders,
  notifications,
  support_tickets: supportTickets,
  support_messages: supportMessages,
  cart_items: cartItems,
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own document type
} satisfies Record<CollectionName, CollectionSpec<any>>;

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export type { CollectionName, CollectionSpec } from './types.ts';
export type { AccessPermission } from './access-permissions.ts';
export type { CartItemDoc } from './cart-items.ts';
export type { Device } from './devices.ts';
export type { DeviceEvent } from './device-events.ts';
export type { KbArticle } from './kb-articles.ts';
export type { AppNotification } from './notifications.ts';
export type { Order, OrderLine } from './orders.ts';
export type { SupportCategory } from './support-categories.ts';
export type { SupportMessage } from './support-messages.ts';
export type { SupportTicket } from './support-tickets.ts';
export { cartItemId, CART_MAX_QUANTITY } from './cart-items.ts';
