// public.products rows as the REST API sends them (snake_case, nulls), turned into the catalogue's
// own shapes. The build's snapshot and the live reads go through the same schemas, so a row the
// prerender accepted is one the live page accepts too.
import * as v from 'valibot';
import {
  ACCESSORY_TYPES,
  CATEGORIES,
  COMPATIBILITIES,
  InstallationStepSchema,
  PLACEHOLDER_IMAGE,
  ProductDetailsSchema,
  ProductSummarySchema,
  SpecGroupSchema,
  VariantSchema,
  WarrantySchema,
  type ProductDetails,
  type ProductSummary,
} from '../schemas.ts';

// PostgREST sends numeric columns as JSON numbers; a string is accepted too (some proxies and
// `numeric` casts give "299.00"), as long as it is a finite number.
const Numeric = v.pipe(v.union([v.number(), v.pipe(v.string(), v.decimal())]), v.transform(Number), v.finite(), v.minValue(0));

export const ProductRowSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.string(),
  description: v.string(),
  price: Numeric,
  original_price: v.nullable(Numeric),
  images: v.array(v.string()),
  badge: v.nullable(v.string()),
  category: v.picklist(CATEGORIES),
  compatibility: v.nullable(v.picklist(COMPATIBILITIES)),
  accessory_type: v.nullable(v.picklist(ACCESSORY_TYPES)),
  features: v.array(v.string()),
  rating: v.nullable(v.pipe(Numeric, v.maxValue(5))),
  review_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  stock: v.pipe(v.number(), v.integer(), v.minValue(0)),
  variants: v.array(VariantSchema),
  is_active: v.boolean(),
});
export type ProductRow = v.InferOutput<typeof ProductRowSchema>;

/** A product as the database offers it now; inactive ones reach admins only, and cannot be bought. */
export type LiveProduct = ProductSummary & { isActive: boolean };

export function toSummary(row: ProductRow): LiveProduct {
  // A "was" price at or below the price would advertise a negative discount: not shown.
  const originalPrice = row.original_price !== null && row.original_price > row.price ? row.original_price : undefined;
  const summary = {
    id: row.id,
    name: row.name,
    // A product added in Inventory may have no description yet: its name stands in.
    description: row.description.trim() || row.name,
    price: row.price,
    ...(originalPrice !== undefined ? { originalPrice } : {}),
    images: row.images.length ? row.images : [PLACEHOLDER_IMAGE],
    ...(row.badge ? { badge: row.badge } : {}),
    category: row.category,
    ...(row.compatibility ? { compatibility: row.compatibility } : {}),
    ...(row.accessory_type ? { accessoryType: row.accessory_type } : {}),
    features: row.features,
    rating: row.rating ?? 0,
    reviewCount: row.review_count,
    stock: row.stock,
    ...(row.variants.length ? { variants: row.variants } : {}),
  };
  return { ...v.parse(ProductSummarySchema, summary), isActive: row.is_active };
}

/** Parses a list of rows; throws on a malformed one (the build fails, a live answer is ignored). */
export function parseProductRows(rows: unknown): LiveProduct[] {
  return v.parse(v.array(ProductRowSchema), rows).map(toSummary);
}

export const ProductDetailsRowSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  overview: v.nullable(v.string()),
  specifications: v.array(SpecGroupSchema),
  installation: v.array(InstallationStepSchema),
  warranty: v.nullable(WarrantySchema),
});

export function toDetails(row: v.InferOutput<typeof ProductDetailsRowSchema>): ProductDetails {
  return v.parse(ProductDetailsSchema, {
    ...(row.overview?.trim() ? { overview: row.overview } : {}),
    specifications: row.specifications,
    installation: row.installation,
    ...(row.warranty ? { warranty: row.warranty } : {}),
  });
}

/** Each product's details by id. */
export function parseDetailRows(rows: unknown): Map<number, ProductDetails> {
  return new Map(v.parse(v.array(ProductDetailsRowSchema), rows).map((row) => [row.id, toDetails(row)]));
}
