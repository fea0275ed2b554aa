import { z } from 'zod';
import { idSchema, text } from '../../platform/schemas.ts';
import { userSchema } from './contract.ts';

/**
 * The accounts' part of the admin's user page (the dashboard's user page adds what the other domains
 * hold about the player), and the role and block writes. Apart from contract.ts so the visitor pages,
 * which import that one, carry none of these schemas.
 */

export const userParamsSchema = z.object({ id: idSchema });

/** A closed account keeps an address under this reserved domain, which no mail reaches (`.invalid` is never a host). */
export const CLOSED_ACCOUNT_DOMAIN = 'deleted.invalid';
/** Whether an account was closed (its holder, or an admin at their request, deleted it). */
export const isClosedAccount = (user: { email: string }) => user.email.endsWith(`@${CLOSED_ACCOUNT_DOMAIN}`);
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

export const accountOverviewSchema = z.object({
  /**
   * `pendingEmail`: a new address waiting for its mailed link to be followed (null when none). A
   * signup's address is not confirmed by mail, so this is the only confirmation state stored.
   */
  user: userSchema.extend({ blockedAt: z.string().nullable(), pendingEmail: z.string().nullable() }),
  /** the live sessions, newest first */
  sessions: z.array(sessionInfoSchema),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;
