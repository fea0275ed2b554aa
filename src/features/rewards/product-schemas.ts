import { z } from 'zod';
import { translationsInputSchema, translationsSchema } from '../../platform/i18n/content-translations.ts';
import { imageUrl, limitQuery, MAX_CREDITS, ownerQuery, pageQuery, text } from './common-schemas.ts';

/** A product (SPEC section 3). `price` is in credits and only ever read from the database. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  brand: z.string(),
  image: z.string(),
  owner: z.string(),
  /** name and description per language, for the admin form; the flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const MAX_QUANTITY = 100_000;

// SPEC section 5: name required; price min 0; quantity min 1; image required; brand defaults to
// the brand when empty
const productFields = {
  name: text(120).min(1),
  description: text(2000),
  price: z.number().int().min(0).max(MAX_CREDITS),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  brand: text(64),
  image: imageUrl,
  /** per-language texts; an empty English one falls back to the Italian */
  translations: translationsInputSchema({ name: text(120), description: text(2000) }),
};

/** Admin create body (POST /marketplace/products). */
export const productInputSchema = z.object({
  ...productFields,
  description: productFields.description.default(''),
  brand: productFields.brand.default(''),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** Admin update body (PUT /marketplace/products/{id}): any subset; omitted fields keep their value. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const availabilities = ['all', 'available', 'out_of_stock'] as const;

/** GET /marketplace/products: SPEC limit, page (1-based), name, owner; plus the shop's filters. */
export const productListQuerySchema = z.object({
  owner: ownerQuery,
  limit: limitQuery(10),
  page: pageQuery,
  /** matches name or description */
  name: text(120).optional(),
  minPrice: z.coerce.number().int().min(0).max(MAX_CREDITS).optional(),
  maxPrice: z.coerce.number().int().min(0).max(MAX_CREDITS).optional(),
  availability: z.enum(availabilities).default('all'),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, { message: 'PRICE_RANGE_INVERTED', path: ['minPrice'] });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
