import * as v from 'valibot';

// The limits of public.inventory's check constraints, so a form never sends a row the server
// would refuse.
export const PRODUCT_NAME_MAX = 200;
export const SKU_MAX = 64;
export const CATEGORY_MAX = 100;
export const SUPPLIER_MAX = 200;
export const DESCRIPTION_MAX = 2000;
/** numeric(10, 2): below 100 million. */
export const PRICE_MAX = 99_999_999.99;
/** Postgres integer. */
export const STOCK_MAX = 2_147_483_647;

/** The categories offered in Add Product: the shop's (products.category). */
export const INVENTORY_CATEGORIES = ['bundle', 'indoor', 'outdoor', 'accessories'] as const;

/** A number field as the form holds it: a number, or '' when empty. */
export type NumberField = number | string;

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`;

// Numbers as the product parses them: stock figures as whole numbers, prices as decimals; an
// empty field is 0 (the cost price: none).
export function parseWhole(value: NumberField): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

export function parseDecimal(value: NumberField): number | null {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

const Whole = (what: string) =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(parseWhole),
    v.minValue(0, `${what} cannot be negative`),
    v.maxValue(STOCK_MAX, `${what} is too large`),
  );
const Price = (what: string) =>
  v.pipe(v.union([v.number(), v.string()]), v.transform((value) => parseDecimal(value) ?? 0), v.minValue(0, `${what} cannot be negative`), v.maxValue(PRICE_MAX, `${what} is too large`));
const OptionalPrice = (what: string) =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(parseDecimal),
    v.nullable(v.pipe(v.number(), v.minValue(0, `${what} cannot be negative`), v.maxValue(PRICE_MAX, `${what} is too large`))),
  );
const Text = (what: string, max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong(what, max)));
const OptionalText = (what: string, max: number) => v.pipe(Text(what, max), v.transform((text) => (text === '' ? null : text)));

/**
 * Add Product as typed: the form validates with this (lengths and ranges; an empty name or SKU is
 * no message: submitting without them does nothing).
 */
export const AddProductFormSchema = v.object({
  product_name: Text('Product name', PRODUCT_NAME_MAX),
  sku: Text('SKU', SKU_MAX),
  category: v.nullable(v.picklist(INVENTORY_CATEGORIES)),
  current_stock: Whole('Current stock'),
  minimum_stock: Whole('Minimum stock'),
  unit_price: Price('Unit price'),
  cost_price: OptionalPrice('Cost price'),
  supplier: OptionalText('Supplier', SUPPLIER_MAX),
  description: OptionalText('Description', DESCRIPTION_MAX),
});
export type AddProductValues = v.InferInput<typeof AddProductFormSchema>;

/** The row inserted: the form's checks plus a name and SKU that are not empty. */
export const NewInventoryItemSchema = v.object({
  ...AddProductFormSchema.entries,
  product_name: v.pipe(AddProductFormSchema.entries.product_name, v.minLength(1)),
  sku: v.pipe(AddProductFormSchema.entries.sku, v.minLength(1)),
});
export type NewInventoryItem = v.InferOutput<typeof NewInventoryItemSchema>;

export const EMPTY_NEW_PRODUCT: AddProductValues = {
  product_name: '',
  sku: '',
  category: null,
  current_stock: '',
  minimum_stock: '',
  unit_price: '',
  cost_price: '',
  supplier: '',
  description: '',
};

/** Editing a row's stock and price. */
export const EditItemFormSchema = v.object({
  current_stock: Whole('Current stock'),
  minimum_stock: Whole('Minimum stock'),
  unit_price: Price('Unit price'),
});
export type EditItemValues = v.InferInput<typeof EditItemFormSchema>;
export type InventoryChanges = v.InferOutput<typeof EditItemFormSchema>;

// numeric columns arrive as JSON numbers from PostgREST; a row is checked at the boundary.
const Money = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.finite());

export const InventoryItemSchema = v.object({
  id: v.string(),
  product_id: v.nullable(v.number()),
  product_name: v.string(),
  sku: v.string(),
  category: v.nullable(v.string()),
  current_stock: v.number(),
  minimum_stock: v.number(),
  unit_price: Money,
  cost_price: v.nullable(Money),
  supplier: v.nullable(v.string()),
  description: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type InventoryItem = v.InferOutput<typeof InventoryItemSchema>;
