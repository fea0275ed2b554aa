import { z } from 'zod';
import {
  adminListQuery,
  idSchema,
  imageUrl,
  limitQuery,
  ownerPageQuery,
  ownerQuery,
  pageQuery,
  sortQuery,
  text,
} from '../../platform/schemas.ts';
import { translationsInputSchema, translationsSchema } from '../../platform/i18n/content-translations.ts';
import { adminInstant } from '../../platform/date-range.ts';
import { MAX_CREDITS } from './limits.ts';
import { addressFields } from '../accounts/address-contract.ts';
import { sortValues } from '../../platform/list-sort.ts';

export { MAX_CREDITS };

/** Ledger entry types (every balance change is one of these entries). */
export const transactionTypes = ['badge', 'giveaway', 'purchase', 'adjustment'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** A wallet. The balance always equals the sum of the user's transactions. */
export const walletSchema = z.object({
  userId: z.string(),
  username: z.string(),
  balance: z.number().int(),
  /** last balance change; null for a user who never had one */
  updatedAt: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** One ledger entry: amount > 0 credits the wallet, < 0 debits it. */
export const transactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amount: z.number().int(),
  type: z.enum(transactionTypes),
  description: z.string(),
  /**
   * the cause ("giveaway:<id>:<user>", "purchase:<id>", "badge:<id>", "prize:<tournament>:<user>");
   * null for adjustments
   */
  reference: z.string().nullable(),
  /**
   * The description in each language, rendered from what happened (the badge, the product, the
   * tournament its reference names); the stored text where nothing more is known (a code, an admin's reason)
   */
  translations: translationsSchema({ description: z.string() }),
  /** the balance right after this entry */
  balanceAfter: z.number().int(),
  /** the admin who made an adjustment; null otherwise */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** How the wallets list may be ordered: most recently changed first (the default), by user, balance or last change. */
export const walletSorts = sortValues(['user', 'balance', 'updated']);

/**
 * GET /marketplace/wallets (as the original client asks: limit, offset, owner, search on username or e-mail; default
 * page size 10; plus the sort).
 */
export const walletListQuerySchema = adminListQuery(walletSorts);
export type WalletListQuery = z.infer<typeof walletListQuerySchema>;

/**
 * The most rows a CSV export holds (one file must open in a spreadsheet and be built in one
 * request); past it the file is cut and the answer says so in `X-Export-Truncated: true`.
 */
export const EXPORT_MAX_ROWS = 50_000;

/** GET /marketplace/wallets/export (admin): the list's search and sort, no paging. */
export const walletExportQuerySchema = walletListQuerySchema.omit({ limit: true, offset: true });
export type WalletExportQuery = z.infer<typeof walletExportQuerySchema>;

/** GET /marketplace/transactions/{user}: newest first. */
export const transactionListQuerySchema = ownerPageQuery(50, 200);

/** Admin adjustment: a signed, non-zero amount and a reason kept on the ledger entry. */
export const adjustInputSchema = z.object({
  amount: z
    .number()
    .int()
    .min(-MAX_CREDITS)
    .max(MAX_CREDITS)
    .refine((n) => n !== 0, 'nonZero'),
  reason: text(200).min(1),
});
export type AdjustInput = z.infer<typeof adjustInputSchema>;

export const adjustResultSchema = z.object({ wallet: walletSchema, transaction: transactionSchema });

export const walletParamsSchema = z.object({ owner: text(64), userId: idSchema });

/**
 * The rules the server can verify: a badge names one of them as its
 * `trigger`, and POST /marketplace/badges/trigger/{slug} awards it only when the rule holds for
 * the user. A client cannot award itself a badge by asking.
 *
 * - user_registered: the user has an account (the signup badge)
 * - profile_completed: shipping address, discordId and epicId are filled in
 * - tournament_joined / tournament_checked_in: a member / checked in of a tournament
 *   (payload.tournamentId picks which one; reusable badges are earned once per tournament)
 * - faction_joined: in a faction of a competition (payload.competitionId)
 * - first_purchase: owns a purchase (payload.productId for a reusable badge)
 * - giveaway_redeemed: redeemed a code (payload.giveawayId for a reusable badge)
 * - tournament_top_n: finished in the top `topN` of a finalised tournament (payload.tournamentId)
 * - tournament_won: finished first in a finalised tournament (payload.tournamentId)
 * - manual: only an admin can award it, to any user
 */
export const badgeTriggers = [
  'user_registered',
  'profile_completed',
  'tournament_joined',
  'tournament_checked_in',
  'faction_joined',
  'first_purchase',
  'giveaway_redeemed',
  'tournament_top_n',
  'tournament_won',
  'manual',
] as const;

/** The rule whose badge names a number: "top N finish". */
export const TOP_N_TRIGGER = 'tournament_top_n';
/** The N of a top-N badge: a rank within the largest lobby a tournament scores. */
export const topNSchema = z.number().int().min(1).max(200);
export type BadgeTrigger = (typeof badgeTriggers)[number];

/** The registration badge, awarded right after signup. */
export const REGISTRATION_BADGE = 'user_registered';

/** A badge. `reward.amount`, `rewardAmount` and `credits` are the same number. */
export const badgeSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  trigger: z.string(),
  reward: z.object({ type: z.literal('token'), amount: z.number().int() }),
  rewardAmount: z.number().int(),
  credits: z.number().int(),
  reusable: z.boolean(),
  active: z.boolean(),
  /** the N of a tournament_top_n badge (ranks 1..N earn it); null for every other rule */
  topN: z.number().int().nullable(),
  /** name and description per language, for the admin form; the flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

/** A badge a user earned (the backpack). A reusable badge may appear more than once. */
export const userBadgeSchema = z.object({
  _id: z.string(),
  badge: badgeSchema,
  earnedAt: z.string(),
  /** credits this award paid */
  credits: z.number().int(),
});
export type UserBadge = z.infer<typeof userBadgeSchema>;

export const badgeListQuerySchema = z.object({ owner: ownerQuery });

/** The owner alone: the query of the rewards calls that take nothing else (a record by id, the wallet). */
export const rewardsOwnerQuerySchema = z.object({ owner: ownerQuery });

/**
 * POST /marketplace/badges/trigger/{badge}. `userId` defaults to the caller and must be the caller
 * unless an admin sends it. `payload` only points at evidence the server then checks; it never
 * carries credits.
 */
export const badgeTriggerInputSchema = z.object({
  userId: idSchema.optional(),
  owner: ownerQuery,
  payload: z
    .object({
      tournamentId: idSchema.optional(),
      competitionId: idSchema.optional(),
      productId: idSchema.optional(),
      giveawayId: idSchema.optional(),
    })
    .optional(),
});
export type BadgeTriggerInput = z.infer<typeof badgeTriggerInputSchema>;

// the earned-badge shape travels in every answer's envelope, so it is the platform's (src/platform/schemas.ts)
export { earnedBadgeSchema, type EarnedBadgeInfo } from '../../platform/schemas.ts';

export const badgeTriggerResultSchema = z.object({
  /** true when this call granted the badge; false when the user already had it */
  awarded: z.boolean(),
  badge: badgeSchema,
  /** credits this call added (0 when not awarded) */
  credits: z.number().int(),
  /** the user's balance after the call */
  balance: z.number().int(),
  /** when the user earned it (this call or earlier) */
  earnedAt: z.string(),
});
export type BadgeTriggerResult = z.infer<typeof badgeTriggerResultSchema>;

export const badgeTranslationsInput = translationsInputSchema({ name: text(80), description: text(500) });

/** Admin edit (PUT /marketplace/badges/{id}): any subset. The slug and trigger are fixed. */
export const badgeUpdateSchema = z
  .object({
    name: text(80).min(1),
    description: text(500),
    icon: z.union([z.literal(''), imageUrl]),
    rewardAmount: z.number().int().min(0).max(MAX_CREDITS),
    /** the original client's shape; `rewardAmount` wins when both are sent */
    reward: z.object({ type: z.literal('token').optional(), amount: z.number().int().min(0).max(MAX_CREDITS) }),
    reusable: z.boolean(),
    active: z.boolean(),
    /** the N of a top-N badge; ignored for other rules */
    topN: topNSchema,
    /** per-language texts; an empty English one falls back to the Italian */
    translations: badgeTranslationsInput,
  })
  .partial();
export type BadgeUpdate = z.infer<typeof badgeUpdateSchema>;

/** Giveaway types: infinite; limited (needs maxUses); timed (needs expiresAt). */
export const giveawayTypes = ['infinite', 'limited', 'timed'] as const;
export type GiveawayType = (typeof giveawayTypes)[number];

/** Codes are compared case-insensitively: stored and looked up in upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
// Lookups still accept the short codes created before the minimum existed.
export const CODE_PATTERN = /^[A-Z0-9_-]{3,64}$/;
/**
 * A new code is at least this long: with the unknown-code limit per address, 8 characters of
 * letters and digits are out of reach of guessing, where a 4-letter word was found in seconds.
 */
export const MIN_CODE_LENGTH = 8;
export const codeSchema = z
  .string()
  .trim()
  .min(MIN_CODE_LENGTH)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'code')
  .transform(normalizeCode);

/** A giveaway code, for admins: the code itself is a secret. */
export const giveawaySchema = z.object({
  id: z.string(),
  token: z.string(),
  credits: z.number().int(),
  type: z.enum(giveawayTypes),
  maxUses: z.number().int().nullable(),
  redemptionCount: z.number().int(),
  expiresAt: z.string().nullable(),
  description: z.string(),
  owner: z.string(),
  /** whether a redemption would pass now */
  state: z.enum(['active', 'used_up', 'expired']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Giveaway = z.infer<typeof giveawaySchema>;

const giveawayFields = {
  credits: z.number().int().min(1).max(MAX_CREDITS),
  type: z.enum(giveawayTypes),
  /** required (>= 1) when limited, ignored otherwise */
  maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
  /** an ISO instant with offset; required when timed, ignored otherwise */
  expiresAt: adminInstant().nullable().optional(),
  description: text(500).default(''),
};

const typeRules = (
  g: { type: GiveawayType; maxUses?: number | null; expiresAt?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (g.type === 'limited' && g.maxUses == null)
    ctx.addIssue({ code: 'custom', path: ['maxUses'], message: 'required' });
  if (g.type === 'timed' && g.expiresAt == null)
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'required' });
};

/** Admin create body. `token` is the code players type. */
export const giveawayInputSchema = z.object({ token: codeSchema, ...giveawayFields }).superRefine(typeRules);
export type GiveawayInput = z.input<typeof giveawayInputSchema>;

/** Admin edit body: every field but the code, which is read-only once created. */
export const giveawayUpdateSchema = z.object(giveawayFields).superRefine(typeRules);
export type GiveawayUpdate = z.input<typeof giveawayUpdateSchema>;

/** How the giveaways list may be ordered: newest first (the default), by code, credits, uses or expiry. */
export const giveawaySorts = sortValues(['code', 'credits', 'uses', 'expires']);

/**
 * GET /marketplace/giveaways (as the original client asks: limit, offset, owner, search on the code and description;
 * plus the sort).
 */
export const giveawayListQuerySchema = adminListQuery(giveawaySorts);
export type GiveawayListQuery = z.infer<typeof giveawayListQuerySchema>;

/**
 * POST /marketplace/giveaways/redeem. Strict: a body that tries to name the credits (or anything
 * else unknown) is refused. `userId`/`username`/`owner` are accepted for the original client; the
 * credits always go to the caller (or, for an admin, to `userId`).
 */
export const redeemInputSchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  userId: idSchema.optional(),
  username: text(64).optional(),
  owner: text(64).optional(),
});
export type RedeemInput = z.infer<typeof redeemInputSchema>;

export const redeemResultSchema = z.object({
  /** credits received (the original client reads data.credits or data.amount) */
  credits: z.number().int(),
  amount: z.number().int(),
  /** the balance after the redemption */
  balance: z.number().int(),
  giveaway: z.object({ id: z.string(), token: z.string(), type: z.enum(giveawayTypes) }),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

/** A product. `price` is in credits and only ever read from the database. */
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

// a product: name required; price min 0; quantity min 1; image required; brand defaults to
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

/**
 * Admin update body (PUT /marketplace/products/{id}): any subset; omitted fields keep their value.
 * A product already in the shop may stay sold out (quantity 0) while its other fields change; only a
 * new product needs a unit in stock.
 */
export const productUpdateSchema = z
  .object({ ...productFields, quantity: z.number().int().min(0).max(MAX_QUANTITY) })
  .partial();
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const availabilities = ['all', 'available', 'out_of_stock'] as const;

/** How the products list may be ordered: newest first (the default), by name, brand, price or quantity. */
export const productSorts = sortValues(['name', 'brand', 'price', 'quantity']);

/**
 * GET /marketplace/products: the original client's limit, page (1-based), name, owner; plus the shop's filters and the
 * sort.
 */
export const productListQuerySchema = z
  .object({
    owner: ownerQuery,
    limit: limitQuery(10),
    page: pageQuery,
    /** matches name or description */
    name: text(120).optional(),
    minPrice: z.coerce.number().int().min(0).max(MAX_CREDITS).optional(),
    maxPrice: z.coerce.number().int().min(0).max(MAX_CREDITS).optional(),
    availability: z.enum(availabilities).default('all'),
    sort: sortQuery(productSorts),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'PRICE_RANGE_INVERTED',
    path: ['minPrice'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** The names and codes an Italian address may give as its country (the signup default is "Italy"). */
const ITALY = new Set(['italy', 'italia', 'it', 'ita', 'repubblica italiana']);
export const isItaly = (country: string) => ITALY.has(country.trim().toLowerCase());
/** An Italian postal code (CAP): exactly five digits ("00100"; a 4-digit one lost its leading zero). */
export const ITALIAN_ZIP = /^\d{5}$/;
/** A phone a courier can call: digits and spaces, a leading + allowed, 6 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d ]+$/;
export const isPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(phone.trim()) && digits >= 6 && digits <= 15;
};

/**
 * The shipping address dialog: all required but additional_address_info. The
 * server copies it onto the purchase, so later profile edits never change where an order ships.
 * The courier needs a phone; an Italian address needs a five-digit CAP.
 */
export const shippingAddressSchema = z
  .object({
    first_name: text(64).min(1),
    last_name: text(64).min(1),
    street_name: text(128).min(1),
    additional_address_info: text(128).default(''),
    zip_code: text(16).min(1),
    city: text(64).min(1),
    country: text(64).min(1),
    // the profile's field of the same name (text(32) there): the dialog saves it on the profile too
    phone_number: text(32)
      .min(1)
      .refine((v) => v === '' || isPhone(v), 'PHONE_INVALID'),
  })
  .superRefine((a, ctx) => {
    if (isItaly(a.country) && a.zip_code !== '' && !ITALIAN_ZIP.test(a.zip_code))
      ctx.addIssue({ code: 'custom', path: ['zip_code'], message: 'ZIP_CODE_INVALID' });
  });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
/** An order's address: the profile's own fields, which the shipping form starts from. */
export const shippingAddressFields = addressFields;

/**
 * POST /marketplace/purchases. Strict: an unknown field is refused with VALIDATION_ERROR. The price
 * charged always comes from the database; `price` is the one the player saw, and a purchase whose
 * `price` differs from the current one is refused (409 PRICE_CHANGED). The original client saves the
 * address on the profile and sends none: the profile's address is then used. `userId`, `username`,
 * `brand` and `owner` are accepted for the original client; the buyer is the caller (an admin may
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

/** A purchase. Name, image and price are as they were when bought. */
export const purchaseSchema = z.object({
  id: z.string(),
  /** a short number a player and the shop can say to each other, derived from the purchase (order-view.ts) */
  orderNumber: z.string(),
  userId: z.string(),
  username: z.string(),
  productId: z.string(),
  productName: z.string(),
  productImage: z.string(),
  /** the product's name in each language as it was when bought (the flat one is in the request's language) */
  translations: translationsSchema({ productName: z.string() }),
  /** the product now; `deleted` once an admin removed it from the shop */
  product: z.object({ _id: z.string(), name: z.string(), image: z.string(), deleted: z.boolean() }),
  price: z.number().int(),
  brand: z.string(),
  owner: z.string(),
  /** as stored: an order placed before today's rules (no phone, a 4-digit CAP) still reads */
  shippingAddress: z.object(
    Object.fromEntries(shippingAddressFields.map((f) => [f, z.string()])) as Record<
      (typeof shippingAddressFields)[number],
      z.ZodString
    >,
  ),
  fulfilled: z.boolean(),
  fulfilledAt: z.string().nullable(),
  /** id of the admin who marked it fulfilled */
  fulfilledBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseResultSchema = z.object({ purchase: purchaseSchema, balance: z.number().int() });
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** How the purchases list may be ordered: newest first (the default), by date, price, product name or buyer. */
export const purchaseSorts = sortValues(['date', 'price', 'product', 'buyer']);

/**
 * GET /marketplace/purchases (admin) and /marketplace/purchases/user/{user}: the search matches
 * username, product name or an order number.
 */
export const purchaseListQuerySchema = adminListQuery(purchaseSorts).extend({
  fulfilled: z.enum(['true', 'false']).optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

/** GET /marketplace/purchases/export (admin): the list's search, fulfilled filter and sort, no paging. */
export const purchaseExportQuerySchema = purchaseListQuerySchema.omit({ limit: true, offset: true });
export type PurchaseExportQuery = z.infer<typeof purchaseExportQuerySchema>;

export const userPurchaseListQuerySchema = ownerPageQuery(100, 500);

/** POST /marketplace/badges (admin): a new badge on one of the server-verified triggers. */
export const badgeInputSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9_]{3,40}$/, 'slug'),
    name: text(80).min(1),
    description: text(500).default(''),
    icon: z.union([z.literal(''), imageUrl]).default(''),
    trigger: z.enum(badgeTriggers),
    rewardAmount: z.number().int().min(0).max(MAX_CREDITS).default(0),
    reusable: z.boolean().default(false),
    active: z.boolean().default(true),
    /** the N of a top-N badge: required for that rule, ignored for the others */
    topN: topNSchema.optional(),
    /** per-language texts; an empty English one falls back to the Italian */
    translations: badgeTranslationsInput,
  })
  .refine((b) => b.trigger !== TOP_N_TRIGGER || b.topN !== undefined, { message: 'required', path: ['topN'] });
export type BadgeInput = z.output<typeof badgeInputSchema>;

/** Error codes of rewards: wallet, badges, giveaways and the marketplace (each has a text in errors.<CODE>). */
export const rewardErrors = [
  'NOT_ENOUGH_CREDITS',
  'BALANCE_LIMIT',
  'WALLET_NOT_FOUND',
  'WALLET_SELF_ADJUST',
  'IDEMPOTENCY_CONFLICT',
  'BADGE_NOT_FOUND',
  'BADGE_INACTIVE',
  'BADGE_NOT_EARNED',
  'BADGE_SLUG_TAKEN',
  'GIVEAWAY_NOT_FOUND',
  'GIVEAWAY_USED_UP',
  'GIVEAWAY_EXPIRED',
  'GIVEAWAY_ALREADY_REDEEMED',
  'GIVEAWAY_CODE_TAKEN',
  'PRODUCT_NOT_FOUND',
  'OUT_OF_STOCK',
  'ALREADY_PURCHASED',
  'PURCHASE_NOT_FOUND',
  'PRICE_RANGE_INVERTED',
  'PRICE_CHANGED',
  'SHIPPING_ADDRESS_MISSING',
  // field errors of the shipping address (named on the field, texts in errors.<CODE>)
  'ZIP_CODE_INVALID',
  'PHONE_INVALID',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    rewards: (typeof rewardErrors)[number];
  }
}
