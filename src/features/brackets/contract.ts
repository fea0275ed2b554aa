import { z } from 'zod';

/**
 * Brackets: single and double elimination, round robin and Swiss for one-against-one and
 * team games. What the bracket page, the dashboard panel and the server share; safe on client and
 * server. The pure bracket logic (seeding, byes, pairings, tables) is in rules.ts.
 */

export const bracketFormats = ['single_elimination', 'round_robin', 'swiss', 'double_elimination'] as const;
export type BracketFormat = (typeof bracketFormats)[number];

/**
 * random: a shuffle; checkin: the order the entrants checked in (or were formed as teams), first
 * seeded first; manual: the order the admin gives (`order`); ranking: by points over the
 * tournament's championship, or over the last 12 months of finalised results without one.
 */
export const seedings = ['random', 'checkin', 'manual', 'ranking'] as const;
export type Seeding = (typeof seedings)[number];

/** POST /tournaments/{id}/bracket (admin): generate, or regenerate while no match has a result. */
export const bracketGenerateSchema = z.object({
  seeding: z.enum(seedings),
  /**
   * manual: every checked-in entrant's id exactly once, seed 1 first (else 400 BRACKET_ORDER_MISMATCH);
   * the entrants are the results domain's (GET /tournaments/{id}/entrants)
   */
  order: z.array(z.string().min(1).max(64)).max(1024).optional(),
  /** Swiss: how many rounds (at most the field's size, see swiss.ts maxSwissRounds); default ceil(log2 n) */
  rounds: z.number().int().min(1).max(64).optional(),
  /** single elimination: the semi-final losers play for third place (from four entrants) */
  thirdPlace: z.boolean().default(false),
  /** double elimination: when the losers' bracket's finalist wins the grand final, a reset match is played */
  grandFinalReset: z.boolean().default(true),
});
export type BracketGenerate = z.infer<typeof bracketGenerateSchema>;
export type BracketGenerateInput = z.input<typeof bracketGenerateSchema>;

/** The formats a Swiss or round-robin stage's playoff is played in. */
export const playoffFormats = ['single_elimination', 'double_elimination'] as const;
export type PlayoffFormat = (typeof playoffFormats)[number];
/** The stages that may seed a playoff. */
export const stageFormats = ['swiss', 'round_robin'] as const;

/**
 * POST /tournaments/{id}/bracket/playoff (admin): once the stage is complete, its top `size` seed a
 * playoff (409 PLAYOFF_STAGE_INCOMPLETE, PLAYOFF_EXISTS, PLAYOFF_BAD_SIZE unless 2 ≤ size ≤ entrants).
 */
export const playoffCreateSchema = z.object({
  format: z.enum(playoffFormats),
  size: z.number().int().min(0).max(1024),
  thirdPlace: z.boolean().default(false),
  grandFinalReset: z.boolean().default(true),
});
export type PlayoffCreateInput = z.input<typeof playoffCreateSchema>;

/**
 * POST /tournaments/{id}/bracket/next-round (admin): the Swiss round to close, as the admin saw it
 * current, so a second click, or one crossing the round's last report, never closes the next round too.
 */
export const swissCloseSchema = z.object({ round: z.number().int().min(1).max(64) });
export type SwissClose = z.infer<typeof swissCloseSchema>;

const score = z.number().int().min(0).max(999);
/** A report by a side (POST …/report) or an admin's result (POST …/override): A's score and B's. */
export const bracketScoreSchema = z.object({ scoreA: score, scoreB: score });
export type BracketScore = z.infer<typeof bracketScoreSchema>;

/**
 * pending: a side is still to come from an earlier match; awaiting: both sides known, waiting for
 * their reports; confirmed: both reports agreed, or an admin decided; disputed: the reports differ
 * and the admin decides; bye: a first-round slot without opponent, its entrant goes through.
 */
export const matchStates = ['pending', 'awaiting', 'confirmed', 'disputed', 'bye'] as const;
export type MatchState = (typeof matchStates)[number];

/**
 * Which side of a match forfeited: an entrant disqualified mid-event (a team once none of its players is left)
 * forfeits every match of theirs still without a result, and the other side goes on without a score; both, when
 * both sides were disqualified.
 */
export const forfeits = ['a', 'b', 'both'] as const;
export type Forfeit = (typeof forfeits)[number];

export const bracketSideSchema = z.object({
  id: z.string(),
  name: z.string(),
  seed: z.number().int(),
  members: z.array(z.string()),
  /** present (true) once the entrant is disqualified: it forfeits every match of its still without a result */
  disqualified: z.literal(true).optional(),
});
export type BracketSide = z.infer<typeof bracketSideSchema>;

export const bracketMatchSchema = z.object({
  id: z.string(),
  /**
   * round-robin group (1, 2, …); 0 in single elimination; double elimination: 1 the winners'
   * bracket, 2 the losers', 3 the grand final (round 2 its reset)
   */
  group: z.number().int(),
  round: z.number().int(),
  slot: z.number().int(),
  sideA: bracketSideSchema.nullable(),
  sideB: bracketSideSchema.nullable(),
  scoreA: z.number().int().nullable(),
  scoreB: z.number().int().nullable(),
  state: z.enum(matchStates),
  /** entrant id; null before the result, and for a round-robin draw */
  winner: z.string().nullable(),
  /** which sides have reported (their scores stay hidden until a dispute) */
  reported: z.object({ a: z.boolean(), b: z.boolean() }),
  /** both sides' reports, shown once they disagree */
  reports: z.object({ a: bracketScoreSchema.nullable(), b: bracketScoreSchema.nullable() }).nullable(),
  /** players (agreeing reports) or admin (resolved, overridden, or a forfeit after a disqualification); null before */
  decidedBy: z.enum(['players', 'admin']).nullable(),
  /** the side that forfeited (its scores stay null); null for a match played or to play */
  forfeit: z.enum(forfeits).nullable(),
});
export type BracketMatch = z.infer<typeof bracketMatchSchema>;

/** A line of a round-robin group's table. */
export const tableRowSchema = z.object({
  rank: z.number().int(),
  entrantId: z.string(),
  name: z.string(),
  played: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  scoreFor: z.number().int(),
  scoreAgainst: z.number().int(),
  difference: z.number().int(),
  points: z.number().int(),
  /** Swiss: the sum of the opponents' points */
  buchholz: z.number().int().optional(),
  /** Swiss: the opponents' average match-win percentage, each at least 33.33 */
  opponentsWin: z.number().optional(),
  /** present (true) for an entrant disqualified mid-event: listed last, never seeded into a playoff */
  disqualified: z.literal(true).optional(),
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const bracketRoundSchema = z.object({
  group: z.number().int(),
  round: z.number().int(),
  matches: z.array(bracketMatchSchema),
});
export type BracketRound = z.infer<typeof bracketRoundSchema>;

/** GET /tournaments/{id}/bracket (public). */
export const bracketSchema = z.object({
  tournamentId: z.string(),
  format: z.enum(bracketFormats),
  /** null until the admin generates the bracket */
  seeding: z.enum(seedings).nullable(),
  generatedAt: z.string().nullable(),
  /** by group, then round */
  rounds: z.array(bracketRoundSchema),
  /** round robin: one table per group */
  tables: z.array(z.object({ group: z.number().int(), rows: z.array(tableRowSchema) })),
  /** every match has its result */
  complete: z.boolean(),
  /** single and double elimination: the winner of the final (or of the grand final's reset) */
  champion: bracketSideSchema.nullable(),
  /**
   * Swiss: the rounds chosen, the round being played (its table is in `tables`, group 0) and
   * whether the admin may close it (POST …/bracket/next-round); null in the other formats
   */
  swiss: z.object({ rounds: z.number().int(), current: z.number().int(), canClose: z.boolean() }).nullable().optional(),
  /**
   * a Swiss or round-robin stage's playoff, once created: its rounds with the groups of its format
   * alone (0 single elimination; 1 to 3 double elimination), the playoff seeds on its sides, its
   * champion (also the bracket's `champion`); `complete` above is the stage's
   */
  playoff: z
    .object({
      format: z.enum(playoffFormats),
      size: z.number().int(),
      rounds: z.array(bracketRoundSchema),
      complete: z.boolean(),
      champion: bracketSideSchema.nullable(),
    })
    .nullable()
    .optional(),
});
export type Bracket = z.infer<typeof bracketSchema>;

/** GET /tournaments/{id}/bracket/mine (player): the caller's matches that still take a report, and their own report. */
export const myMatchSchema = z.object({
  matchId: z.string(),
  side: z.enum(['a', 'b']),
  report: bracketScoreSchema.nullable(),
});
export type MyMatch = z.infer<typeof myMatchSchema>;

/** A score the player reported for a bracket match, as their data export hands it to them. */
export const playerBracketReportSchema = bracketScoreSchema.extend({
  tournamentId: z.string(),
  matchId: z.string(),
  round: z.number().int(),
  side: z.enum(['a', 'b']),
  reportedAt: z.string(),
});
export type PlayerBracketReport = z.infer<typeof playerBracketReportSchema>;

/** Error codes of this domain (each has a text in errors.<CODE>). */
export const bracketErrors = [
  'NOT_BRACKET_FORMAT',
  'BRACKET_TOO_FEW_ENTRANTS',
  'BRACKET_HAS_RESULTS',
  'BRACKET_NOT_GENERATED',
  'BRACKET_MATCH_NOT_FOUND',
  'NOT_A_SIDE',
  'MATCH_NOT_READY',
  'MATCH_ALREADY_CONFIRMED',
  'DRAW_NOT_ALLOWED',
  'LATER_MATCH_CONFIRMED',
  'NOT_SWISS',
  'SWISS_TOO_MANY_ROUNDS',
  'SWISS_ROUND_CLOSED',
  'SWISS_ROUNDS_DONE',
  'SWISS_NOT_CURRENT_ROUND',
  'BRACKET_ORDER_MISMATCH',
  'NOT_A_STAGE',
  'PLAYOFF_STAGE_INCOMPLETE',
  'PLAYOFF_EXISTS',
  'PLAYOFF_BAD_SIZE',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    brackets: (typeof bracketErrors)[number];
  }
}

/** How far an entrant went in a single-elimination bracket, told without points. */
export type EliminationPlacing =
  { kind: 'champion' } | { kind: 'finalist' } | { kind: 'semifinalist' } | { kind: 'out'; round: number };

/**
 * The placing a final place of a single-elimination bracket (rules.ts eliminationPlaces) stands for,
 * in a bracket of `entrants`: 1 the champion, 2 the finalist, 3 a semi-finalist, 2^k + 1 out in
 * round `rounds - k`; null for a place no single-elimination bracket gives (0 for a disqualified
 * entrant, 4 for the loser of a third-place match, told by its rank).
 */
export function eliminationPlacing(place: number, entrants: number): EliminationPlacing | null {
  if (place === 1) return { kind: 'champion' };
  if (place === 2) return { kind: 'finalist' };
  // the rounds of its bracket (rules.ts roundsFor): the smallest power of two holding every entrant
  const rounds = Math.max(1, Math.ceil(Math.log2(entrants)));
  const k = Math.log2(place - 1);
  if (!Number.isInteger(k) || k < 1 || k >= rounds) return null;
  if (k === 1) return { kind: 'semifinalist' };
  return { kind: 'out', round: rounds - k };
}
