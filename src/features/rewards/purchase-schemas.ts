import { z } from 'zod';
import { idSchema, limitQuery, MAX_CREDITS, offsetQuery, ownerQuery, searchQuery, text } from './common-schemas.ts';

/**
 * The shipping address dialog (SPEC section 5): all required but additional_address_info. The
 * server copies it onto the purchase, so later profile edits never change where an order ships.
 */
export const shippingAddressSchema = z.object({
  first_name: text(64).min(1),
  last_name: text(64).min(1),
  street_name: text(128).min(1),
  additional_address_info: text(128).default(''),
  zip_code: text(16).min(1),
  city: text(64).min(1),
  country: text(64).min(1),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export const shippingAddressFields = ['first_name', 'last_name', 'street_name', 'additional_address_info', 'zip_code', 'city', 'country'] as const;

/**
 * POST /marketplace/purchases. Strict: an unknown field is refused with VALIDATION_ERROR. The price
 * charged always comes from the database; `price` is the one the player saw, and a purchase whose
 * `price` differs from the current one is refused (409 PRICE_CHANGED). The spec's client saves the
 * address on the profile and sends none: the profile's address is then used. `userId`, `username`,
 * `brand` and `owner` are accepted for the spec's client; the buyer is the caller (an admin may
 * name `userId`).
 */
export const purchaseInputSchema = z.strictObject({
  productId: idSchema,
  shippingAddress: shippingAddressSchema.optional(),
  price: z.number().int().min(0).max(MAX_CREDITS).optional(),
  userId: idSchema.optional(),
  username: text(64).optional(),
  brand: text(64).optional(),
  owner: text(64).optional(),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

/** A purchase (SPEC section 3). Name, image and price are as they were when bought. */
export const purchaseSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  productId: z.string(),
  productName: z.string(),
  productImage: z.string(),
  /** the product now; `deleted` once an admin removed it from the shop */
  product: z.object({ _id: z.string(), name: z.string(), image: z.string(), deleted: z.boolean() }),
  price: z.number().int(),
  brand: z.string(),
  owner: z.string(),
  shippingAddress: shippingAddressSchema,
  fulfilled: z.boolean(),
  fulfilledAt: z.string().nullable(),
  /** id of the admin who marked it fulfilled */
  fulfilledBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseResultSchema = z.object({ purchase: purchaseSchema, balance: z.number().int() });
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** GET /marketplace/purchases (admin) and /marketplace/purchases/user/{user}. */
export const purchaseListQuerySchema = z.object({
  owner: ownerQuery,
  limit: limitQuery(10),
  offset: offsetQuery,
  /** matches username or product name */
  search: searchQuery,
  fulfilled: z.enum(['true', 'false']).optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

export const userPurchaseListQuerySchema = z.object({ owner: ownerQuery, limit: limitQuery(100, 500), offset: offsetQuery });
