import { z } from 'zod';
import { adminInstant } from '../../platform/date-range.ts';
import { idSchema, limitQuery, MAX_CREDITS, offsetQuery, ownerQuery, searchQuery, text } from './common-schemas.ts';

/** SPEC section 4: infinite; limited (needs maxUses); timed (needs expiresAt). */
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

/** A giveaway code (SPEC section 3), for admins: the code itself is a secret. */
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

const typeRules = (g: { type: GiveawayType; maxUses?: number | null; expiresAt?: string | null }, ctx: z.RefinementCtx) => {
  if (g.type === 'limited' && g.maxUses == null) ctx.addIssue({ code: 'custom', path: ['maxUses'], message: 'required' });
  if (g.type === 'timed' && g.expiresAt == null) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'required' });
};

/** Admin create body. `token` is the code players type. */
export const giveawayInputSchema = z.object({ token: codeSchema, ...giveawayFields }).superRefine(typeRules);
export type GiveawayInput = z.input<typeof giveawayInputSchema>;

/** Admin edit body: every field but the code, which is read-only once created (SPEC section 5). */
export const giveawayUpdateSchema = z.object(giveawayFields).superRefine(typeRules);
export type GiveawayUpdate = z.input<typeof giveawayUpdateSchema>;

/** GET /marketplace/giveaways (SPEC: limit, offset, owner, search on the code and description). */
export const giveawayListQuerySchema = z.object({
  owner: ownerQuery,
  limit: limitQuery(10),
  offset: offsetQuery,
  search: searchQuery,
});
export type GiveawayListQuery = z.infer<typeof giveawayListQuerySchema>;

/**
 * POST /marketplace/giveaways/redeem. Strict: a body that tries to name the credits (or anything
 * else unknown) is refused. `userId`/`username`/`owner` are accepted for the spec's client; the
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
  /** credits received (the spec's client reads data.credits or data.amount) */
  credits: z.number().int(),
  amount: z.number().int(),
  /** the balance after the redemption */
  balance: z.number().int(),
  giveaway: z.object({ id: z.string(), token: z.string(), type: z.enum(giveawayTypes) }),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
