import { z } from 'zod';
import { passwordChangeSchema, userSchema } from '../accounts/contract.ts';
import { playerEntryTeamSchema, playerFactionSchema, teamNames } from '../tournaments/contract.ts';
import { submissionSchema } from '../campaign/contract.ts';
import { purchaseSchema, transactionSchema, userBadgeSchema, walletSchema } from '../rewards/contract.ts';
import { notificationPreferencesSchema } from '../reminders/contract.ts';
import { reportSchema } from '../results/contract.ts';
import { playerBracketReportSchema } from '../brackets/contract.ts';

/**
 * Privacy: what the platform holds about a player, handed to them whole on request (GET /users/me/export), so they
 * can read it or take it elsewhere; and the closing of their account, by them or by an admin at their request, after
 * which nothing the platform keeps names them. It composes the features that hold the data and stores nothing of
 * its own.
 */

/** One tournament the player entered, as far as they went: registered, waitlisted or disqualified. */
export const exportedEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string().nullable(),
  member: z.boolean(),
  checkedIn: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
  disqualified: z.boolean(),
});

export const dataExportSchema = z.object({
  exportedAt: z.string(),
  account: userSchema,
  notifications: notificationPreferencesSchema,
  tournaments: z.array(exportedEntrySchema),
  /** the faction of the latest championship that has the player */
  faction: z.enum(teamNames).nullable(),
  /** every faction the player chose, one per championship */
  factions: z.array(playerFactionSchema),
  badges: z.array(userBadgeSchema),
  wallet: walletSchema.nullable(),
  transactions: z.array(transactionSchema),
  purchases: z.array(purchaseSchema),
  campaignSubmissions: z.array(submissionSchema),
  /** the battle-royale match results the player reported, with their pictures and how they were judged */
  matchReports: z.array(reportSchema),
  /** the scores the player reported for bracket matches (elimination, round robin, Swiss) */
  bracketReports: z.array(playerBracketReportSchema),
  /** the captains' teams the player is in or invited to, each with the game account named for them */
  entryTeams: z.array(playerEntryTeamSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Closing one's own account: the current password confirms it. */
export const accountDeletionSchema = z.object({ currentPassword: passwordChangeSchema.shape.currentPassword.min(1) });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

/**
 * Why an account cannot be closed yet (each has a text in errors.<CODE>): the player is still in a tournament that
 * has not ended (registered, waitlisted or in a team, invited included), or an order still waits to be shipped.
 */
export const privacyErrors = ['STILL_IN_TOURNAMENT', 'ORDER_NOT_SHIPPED'] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    privacy: (typeof privacyErrors)[number];
  }
}
