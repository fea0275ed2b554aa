import { atom } from 'nanostores';

/**
 * Announced on the document when the caller's team changed (registered from the join dialog): <entry-teams> reads
 * again.
 */
export const ENTRY_TEAMS_CHANGED = 'entry-teams:changed';

/**
 * The tournament whose team, still waiting for its members, holds the visitor (its captain or a member who accepted),
 * as <entry-teams> last read it; null otherwise. The banner then says so instead of offering a join.
 */
export const $inPendingTeam = atom<string | null>(null);
