import * as v from 'valibot';
import { importAgain } from '@/lib/import-again.ts';
import { NewsletterSchema, NAME_MAX } from '../schemas.ts';

/** Where a subscription came from: the footer box or the landing page's Notify Me form. */
export type SubscriptionSource = 'footer' | 'notify-me';

export interface Subscription {
  email: string;
  name: string | null;
  source: SubscriptionSource;
}

const SubscriptionSchema = v.object({
  ...NewsletterSchema.entries,
  name: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX))),
});

/**
 * The single entry point for newsletter / Notify Me sign-ups; screens call only this.
 * It validates and normalises the input (trimmed, lower-cased e-mail), queues the subscription
 * in the device outbox and resolves with it once stored there: offline it is accepted the same
 * and sent when the connection returns, exactly once (the entry's id is its idempotency key).
 * It is queued as a guest's whoever is signed in: a subscription needs no account, and so it is
 * sent with the anon key and never waits for, or leaves with, a user's session.
 * Throws a valibot ValiError on invalid input.
 */
export async function subscribe(
  email: string,
  details: { name?: string; source?: SubscriptionSource } = {},
): Promise<Subscription> {
  const parsed = v.parse(SubscriptionSchema, { email, name: details.name ?? null });
  const subscription: Subscription = {
    email: parsed.email.toLowerCase(),
    name: parsed.name ? parsed.name : null,
    source: details.source ?? 'footer',
  };
  // Loaded on submit: the outbox and Dexie stay out of every page's start-up code.
  const { enqueue, GUEST } = await importAgain(() => import('@/db/outbox/index.ts'));
  await enqueue(
    'newsletter',
    { email: subscription.email, name: subscription.name, source: subscription.source === 'notify-me' ? 'landing' : 'footer' },
    { userId: GUEST, label: `Newsletter subscription for ${subscription.email}` },
  );
  return subscription;
}
