import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/rules.ts';

// Kept apart from contract.ts, whose export schema names every feature's shapes: the settings tab that closes an
// account loads this one alone.

/** Closing one's own account: the current password confirms it. */
export const accountDeletionSchema = z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
