import { z } from 'zod';
import { accountOverviewSchema } from '../accounts/people-contract.ts';
import { purchaseSchema, transactionSchema, userBadgeSchema } from '../rewards/contract.ts';

/**
 * The admin's user page (GET /admin/users/:id): the accounts' part (profile, block, live sessions)
 * with what the rewards and the tournaments hold about the player. The dashboard, the top of the
 * tree, is the one feature that may read them all.
 */

/** How many transactions and purchases the overview carries; further pages come from the rewards' own lists. */
export const OVERVIEW_PAGE = 10;

export const registrationInfoSchema = z.object({
  tournamentId: z.string(),
  name: z.string(),
  game: z.string(),
  start: z.string().nullable(),
  /** effective status: 0 upcoming, 1 running, 2 ended */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  state: z.enum(['member', 'waitlist']),
  confirmed: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

export const userOverviewSchema = accountOverviewSchema.extend({
  badges: z.array(userBadgeSchema),
  wallet: z.object({ balance: z.number().int(), updatedAt: z.string().nullable() }),
  transactions: z.object({ data: z.array(transactionSchema), total: z.number().int() }),
  purchases: z.object({ data: z.array(purchaseSchema), total: z.number().int() }),
  registrations: z.array(registrationInfoSchema),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;
