/**
 * The limits of a player's match report, without zod: the report dialog (a lazy chunk of the
 * tournament page) names them in its inputs and error texts, and the contract's schema checks them.
 */

/** Matches a player may report: 1..MAX_REPORTED_MATCH (a day of battle royale is a handful of games). */
export const MAX_REPORTED_MATCH = 50;
export const MAX_PLACEMENT = 200;
export const MAX_ELIMINATIONS = 200;

/** The allowed range of each numeric field, [min, max]. */
export const reportRanges = {
  matchNumber: [1, MAX_REPORTED_MATCH],
  placement: [1, MAX_PLACEMENT],
  eliminations: [0, MAX_ELIMINATIONS],
} as const;
