import { z } from 'zod';
import { badgeTriggers } from '../../contract.ts';
import { MAX_CREDITS } from '../../limits.ts';

export { MAX_CREDITS };

/** The badge form; slug and trigger only matter on creation (the server keeps them fixed afterwards). */
export const badgeFormSchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{3,40}$/, 'slug'),
  trigger: z.enum(badgeTriggers),
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500),
  /** the English texts; empty ones fall back to the Italian name and description above */
  en: z
    .object({ name: z.string().trim().max(80), description: z.string().trim().max(500) })
    .default({ name: '', description: '' }),
  icon: z.string(),
  rewardAmount: z.number('required').int('rewardRange').min(0, 'rewardRange').max(MAX_CREDITS, 'rewardRange'),
  reusable: z.boolean(),
  active: z.boolean(),
  /** the N of a top-N badge: the form sends NaN for an empty one (required) and null for every other rule */
  topN: z.number('required').int().min(1).max(200).nullable().optional(),
});

/** The top-N field's bounds, for its range text. */
export const TOP_N_RANGE: [number, number] = [1, 200];

/** Editing: the slug and trigger are shown read-only and never sent. */
export const badgeEditSchema = badgeFormSchema.omit({ slug: true, trigger: true });

/** The admin adjustment: a positive amount credited or debited (so the signed amount is never 0) and a reason. */
export const adjustFormSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z.number('required').int('amountRange').min(1, 'amountRange').max(MAX_CREDITS, 'amountRange'),
  reason: z.string().trim().min(1).max(200),
});

/** The body of POST /marketplace/wallets/{userId}/adjust from the form's values. */
export const adjustBody = (v: z.output<typeof adjustFormSchema>) => ({
  amount: v.direction === 'debit' ? -v.amount : v.amount,
  reason: v.reason,
});
