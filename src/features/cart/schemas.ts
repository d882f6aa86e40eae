import * as v from 'valibot';

/** Product ids are positive whole numbers; the legacy cart may hold them as numbers or digit strings. */
const LegacyProductIdSchema = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1)),
]);

/**
 * One line of the cart the previous version kept in `localStorage.cart` (spec §3/§4): id (the
 * product id), name, price, image, quantity, plus whatever product fields it copied (kept loose
 * and ignored). A missing image is tolerated rather than discarding the whole cart.
 */
export const LegacyCartItemSchema = v.looseObject({
  id: LegacyProductIdSchema,
  name: v.pipe(v.string(), v.nonEmpty()),
  price: v.pipe(v.number(), v.finite(), v.minValue(0)),
  image: v.optional(v.string(), ''),
  quantity: v.pipe(v.number(), v.finite()),
  variant: v.optional(v.string()),
});

export const LegacyCartSchema = v.array(LegacyCartItemSchema);

export type LegacyCartItem = v.InferOutput<typeof LegacyCartItemSchema>;
