// The Support Center route's search params, apart from the feature's other modules: the route tree
// (loaded on every page) imports this, so it must pull in nothing but valibot.
import * as v from 'valibot';

/** ?device=<id> ('Get help' on a device card) opens a new ticket about that device. */
export const SupportSearchSchema = v.object({
  device: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});
export type SupportSearch = v.InferOutput<typeof SupportSearchSchema>;
