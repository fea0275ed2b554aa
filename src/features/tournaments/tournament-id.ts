/**
 * A tournament's id is the UUID the server gave it on creation; anything else (`abc`) is a
 * malformed address: the API answers 400 INVALID_TOURNAMENT_ID and the page shows the invalid-id
 * message, rather than a lookup that can only say "not found". Kept free of zod so pages and
 * islands can use it without the schema library.
 */
export const TOURNAMENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isTournamentId = (id: string | undefined): id is string =>
  typeof id === 'string' && TOURNAMENT_ID_PATTERN.test(id);
