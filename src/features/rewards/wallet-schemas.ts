import { z } from 'zod';
import { idSchema, limitQuery, MAX_CREDITS, offsetQuery, ownerQuery, searchQuery, text } from './common-schemas.ts';

/** Ledger entry types (DESIGN section 4: every balance change is one of these entries). */
export const transactionTypes = ['badge', 'giveaway', 'purchase', 'adjustment'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** A wallet (SPEC section 3). The balance always equals the sum of the user's transactions. */
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
  /** the cause ("giveaway:<id>:<user>", "purchase:<id>", "badge:<id>"); null for adjustments */
  reference: z.string().nullable(),
  /** the balance right after this entry */
  balanceAfter: z.number().int(),
  /** the admin who made an adjustment; null otherwise */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /marketplace/wallets (SPEC: limit, offset, owner, search; default page size 10). */
export const walletListQuerySchema = z.object({
  owner: ownerQuery,
  limit: limitQuery(10),
  offset: offsetQuery,
  /** matches username or e-mail */
  search: searchQuery,
});
export type WalletListQuery = z.infer<typeof walletListQuerySchema>;

/** GET /marketplace/transactions/{user}: newest first. */
export const transactionListQuerySchema = z.object({
  owner: ownerQuery,
  limit: limitQuery(50, 200),
  offset: offsetQuery,
});

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
