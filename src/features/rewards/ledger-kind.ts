/**
 * How a ledger entry reads to people. A tournament prize is stored as an admin's credit (the
 * ledger's types are fixed by a CHECK on both engines, and the dashboard's reconciliation counts it
 * as credits added by admins), but its reference says what it is: `prize:{tournament}:{user}`. The
 * wallet pages show it as a prize, not as an adjustment by an admin. No zod here: the wallet page
 * is a few lines of plain script.
 */
export const PRIZE_REFERENCE = 'prize:';

export const prizeReference = (tournamentId: string, userId: string) => `${PRIZE_REFERENCE}${tournamentId}:${userId}`;

export const ledgerKinds = ['badge', 'giveaway', 'purchase', 'adjustment', 'prize'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const ledgerKindOf = (entry: { type: string; reference: string | null }): LedgerKind =>
  entry.type === 'adjustment' && entry.reference?.startsWith(PRIZE_REFERENCE) ? 'prize' : (entry.type as LedgerKind);
