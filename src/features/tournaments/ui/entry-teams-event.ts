/**
 * Announced on the document when the caller's team changed (registered from the join dialog): <entry-teams> reads
 * again.
 */
export const ENTRY_TEAMS_CHANGED = 'entry-teams:changed';
