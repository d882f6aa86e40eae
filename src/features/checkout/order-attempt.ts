// The idempotency key of a checkout attempt. place_order returns the existing order when called
// again with the same p_order_id, so a retry after a lost response (timeout, tab closed, network
// drop after the server committed) never charges twice. One id per cart content: a retry of the
// same cart reuses it; a changed cart, or a placed order, gets a new one.
// It lives in localStorage, not sessionStorage: a tab closed while the order was on its way keeps
// the cart (device-local), so the retry from a new tab must carry the same id. An attempt older
// than ATTEMPT_TTL_MS is not reused: the same cart bought again later is a new order. Sign-out
// removes it with the rest of the user's data (src/app/session.ts).
import type { OrderLine } from './data/place-order.ts';

/** localStorage key: survives a reload, a crash and a closed tab. */
export const ORDER_ATTEMPT_KEY = 'garage-checkout-attempt';
/** How long an unconfirmed attempt stays a retry of the same order. */
export const ATTEMPT_TTL_MS = 60 * 60 * 1000;

interface Attempt {
  cart: string;
  id: string;
  /** Date.now() when the attempt began. */
  at: number;
}

/** The cart as far as the order is concerned: product ids and total quantities, in id order. */
export function cartSignature(lines: readonly OrderLine[]): string {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return [...quantities].sort(([a], [b]) => a - b).map(([id, quantity]) => `${id}x${quantity}`).join(',');
}

function read(): Attempt | null {
  try {
    const raw = localStorage.getItem(ORDER_ATTEMPT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'cart' in parsed && 'id' in parsed && 'at' in parsed) {
      const { cart, id, at } = parsed as Record<string, unknown>;
      if (typeof cart === 'string' && typeof id === 'string' && typeof at === 'number') return { cart, id, at };
    }
  } catch {
    /* storage blocked or garbage: start a new attempt */
  }
  return null;
}

function write(attempt: Attempt | null): void {
  try {
    if (attempt) localStorage.setItem(ORDER_ATTEMPT_KEY, JSON.stringify(attempt));
    else localStorage.removeItem(ORDER_ATTEMPT_KEY);
  } catch {
    /* storage blocked: the id then lives only as long as this call */
  }
}

/** A v4 uuid; randomUUID exists only in secure contexts (https, localhost), getRandomValues everywhere. */
export function newOrderId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The order id for this cart: the pending attempt's id when the cart is unchanged, else a new one. */
export function orderIdFor(lines: readonly OrderLine[], newId: () => string = newOrderId): string {
  const cart = cartSignature(lines);
  const pending = read();
  const now = Date.now();
  if (pending && pending.cart === cart && now - pending.at >= 0 && now - pending.at < ATTEMPT_TTL_MS) return pending.id;
  const attempt = { cart, id: newId(), at: now };
  write(attempt);
  return attempt.id;
}

/** The order went through (or the user signed out): the next checkout is a new attempt. */
export function finishOrderAttempt(): void {
  write(null);
}
