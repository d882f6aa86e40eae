import * as v from 'valibot';

// Enumerations of spec §3. 'outdoor' is offered by the list filter even though no product of the
// current catalogue has it, so it is a valid category.
export const CATEGORIES = ['bundle', 'indoor', 'outdoor', 'accessories'] as const;
export const COMPATIBILITIES = ['universal', 'most-openers', 'outdoor-unit'] as const;
export const ACCESSORY_TYPES = ['power', 'sensors', 'mounting'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Compatibility = (typeof COMPATIBILITIES)[number];
export type AccessoryType = (typeof ACCESSORY_TYPES)[number];

/** A product may show at most this many gallery images. */
export const MAX_IMAGES = 4;
/** Shown for a product without pictures (one added in Inventory, before its content is written). */
export const PLACEHOLDER_IMAGE = '/products/placeholder.svg';

const Text = v.pipe(v.string(), v.trim(), v.minLength(1));
const Money = v.pipe(v.number(), v.finite(), v.minValue(0));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
// Images are served from the app's own origin (public/products), never from third parties.
const ImagePath = v.pipe(v.string(), v.regex(/^\/products\/[a-z0-9-]+\.(svg|webp|png|jpg)$/));

export const SpecGroupSchema = v.object({
  category: Text,
  specs: v.pipe(v.array(v.object({ name: Text, value: Text })), v.minLength(1)),
});

export const InstallationStepSchema = v.object({
  step: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: Text,
  description: Text,
});

export const WarrantySchema = v.object({
  duration: Text,
  coverage: v.pipe(v.array(Text), v.minLength(1)),
  support: Text,
});

export const VariantSchema = v.object({
  name: Text,
  // A "choice" of one option is not a choice.
  options: v.pipe(v.array(Text), v.minLength(2)),
});

const SummaryEntries = {
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: Text,
  description: Text,
  price: Money,
  originalPrice: v.optional(Money),
  images: v.pipe(v.array(ImagePath), v.minLength(1), v.maxLength(MAX_IMAGES)),
  badge: v.optional(Text),
  category: v.picklist(CATEGORIES),
  compatibility: v.optional(v.picklist(COMPATIBILITIES)),
  accessoryType: v.optional(v.picklist(ACCESSORY_TYPES)),
  features: v.array(Text),
  rating: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
  reviewCount: Count,
  stock: Count,
  variants: v.optional(v.array(VariantSchema)),
};

/** The long-form content only the detail page shows; it loads with that page, not with the list. */
// A product added in Inventory starts with none of it: the detail page shows only the tabs that
// have content.
export const ProductDetailsSchema = v.object({
  overview: v.optional(Text),
  specifications: v.array(SpecGroupSchema),
  installation: v.array(InstallationStepSchema),
  warranty: v.optional(WarrantySchema),
});

// A "was" price lower than the price would advertise a negative discount.
const wasPriceIsAbove = <T extends { price: number; originalPrice?: number | undefined }>(p: T) => p.originalPrice === undefined || p.originalPrice > p.price;
const WAS_PRICE_MESSAGE = 'originalPrice must be above price';

/** What lists, cards, related products and the cart need. */
export const ProductSummarySchema = v.pipe(v.object(SummaryEntries), v.check(wasPriceIsAbove, WAS_PRICE_MESSAGE));

export const ProductSchema = v.pipe(
  v.object({ ...SummaryEntries, ...ProductDetailsSchema.entries }),
  v.check(wasPriceIsAbove, WAS_PRICE_MESSAGE),
);

export type Product = v.InferOutput<typeof ProductSchema>;
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;
export type ProductDetails = v.InferOutput<typeof ProductDetailsSchema>;
export type SpecGroup = v.InferOutput<typeof SpecGroupSchema>;
export type InstallationStep = v.InferOutput<typeof InstallationStepSchema>;
export type Variant = v.InferOutput<typeof VariantSchema>;
