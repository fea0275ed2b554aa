import { z } from 'zod';
import { idSchema, text } from '../../platform/schemas.ts';
import { purchaseSchema, transactionSchema, userBadgeSchema } from '../rewards/contract.ts';
import { userSchema } from './contract.ts';

/**
 * The admin's user page: one read that gathers what the other domains
 * hold about a player, and the role and block writes. Apart from contract.ts because it reads
 * the rewards' schemas, and the tournaments' contract already reads the accounts' one.
 */

/** How many transactions and purchases the overview carries; further pages come from the rewards' own lists. */
export const OVERVIEW_PAGE = 10;

export const userParamsSchema = z.object({ id: idSchema });
export const roleParamsSchema = z.object({ id: idSchema, role: text(64).min(1) });

/** What the role and block writes answer: the account's standing after the change. */
export const accountStandingSchema = z.object({
  id: z.string(),
  roles: z.array(z.string()),
  /** when an admin blocked the account; null while it may log in */
  blockedAt: z.string().nullable(),
  /** sessions ended by this write (a block revokes them all) */
  revokedSessions: z.number().int().optional(),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;

export const sessionInfoSchema = z.object({
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

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

export const userOverviewSchema = z.object({
  /**
   * `pendingEmail`: a new address waiting for its mailed link to be followed (null when none). A
   * signup's address is not confirmed by mail, so this is the only confirmation state stored.
   */
  user: userSchema.extend({ blockedAt: z.string().nullable(), pendingEmail: z.string().nullable() }),
  /** the live sessions, newest first */
  sessions: z.array(sessionInfoSchema),
  badges: z.array(userBadgeSchema),
  wallet: z.object({ balance: z.number().int(), updatedAt: z.string().nullable() }),
  transactions: z.object({ data: z.array(transactionSchema), total: z.number().int() }),
  purchases: z.object({ data: z.array(purchaseSchema), total: z.number().int() }),
  registrations: z.array(registrationInfoSchema),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;
