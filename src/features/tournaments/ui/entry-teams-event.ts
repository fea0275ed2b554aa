import { atom } from 'nanostores';
import type { Schedule } from '../rules.ts';

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

/**
 * The page's tournament schedule as the banner holds it: the page's own copy once the banner starts, then its read
 * from the API with the visitor's token, fresher than the page (browsers and shared caches keep a page a few seconds
 * after an organiser's change). <entry-teams> tells from it whether registration is still open.
 */
export const $readSchedule = atom<Schedule | null>(null);
