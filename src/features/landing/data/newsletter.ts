import * as v from 'valibot';
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
 * It validates and normalises the input (trimmed, lower-cased e-mail) and resolves with the
 * accepted subscription. Persisting it (a subscriptions table, queued while offline) needs the
 * database of a later issue, which replaces this function's body and keeps its signature.
 * Throws a valibot ValiError on invalid input.
 */
export async function subscribe(
  email: string,
  details: { name?: string; source?: SubscriptionSource } = {},
): Promise<Subscription> {
  const parsed = v.parse(SubscriptionSchema, { email, name: details.name ?? null });
  return {
    email: parsed.email.toLowerCase(),
    name: parsed.name ? parsed.name : null,
    source: details.source ?? 'footer',
  };
}
