import { z } from 'zod';
import { idSchema, pictureDuplicateSchema, text, type EarnedBadgeInfo } from '../../platform/schemas.ts';
import { MAX_REPORTED_MATCH, reportRanges } from './report-limits.ts';
import { tournamentFormats } from '../tournaments/contract.ts';

/**
 * Match day: how a tournament is played and scored, its results and its standings.
 * What the UI and the server share; safe on client and server. The pure scoring is in scoring.ts.
 */

// how a tournament is played is the tournament's own setting; results score it
export { battleRoyaleGames, formatOf, tournamentFormats, type TournamentFormat } from '../tournaments/contract.ts';

/** Players per entrant: 1 solo, 2 duo, 3 trio, 4 squad (a tournament's `teamSize`, null meaning solo). */
export const entrantSize = (teamSize: number | null | undefined): number => (teamSize && teamSize > 1 ? teamSize : 1);

export const tiebreakers = ['eliminations', 'best_placement', 'average_placement', 'earliest_submission'] as const;
export type Tiebreaker = (typeof tiebreakers)[number];

export const scoringPresets = ['startgg_ffa', 'placement_plus_elims', 'custom'] as const;
export type ScoringPreset = (typeof scoringPresets)[number];

const points = z.number().int().min(0).max(1000);
const placementRange = z.object({
  from: z.number().int().min(1).max(200),
  to: z.number().int().min(1).max(200),
  points,
});
/** eliminations from..to (to null: and more) earn `points` once per match */
const eliminationRange = z.object({
  from: z.number().int().min(0).max(200),
  to: z.number().int().min(0).max(200).nullable(),
  points,
});

const ordered = <T extends { from: number; to: number | null }>(ranges: T[]) =>
  ranges.every((r) => r.to === null || r.to >= r.from) &&
  [...ranges]
    .sort((a, b) => a.from - b.from)
    .every((r, i, all) => i === 0 || (all[i - 1]!.to !== null && all[i - 1]!.to! < r.from));

/**
 * A tournament's scoring table: points by placement range, points per elimination and/or by
 * elimination bracket, how many matches count (best N, or all), and the tiebreakers in order.
 */
export const scoringTableSchema = z
  .object({
    preset: z.enum(scoringPresets),
    placementPoints: z.array(placementRange).max(50).refine(ordered, 'RANGES_OVERLAP'),
    pointsPerElimination: points,
    eliminationBrackets: z.array(eliminationRange).max(20).refine(ordered, 'RANGES_OVERLAP'),
    /** best N matches count; null: all of them */
    countedMatches: z.number().int().min(1).max(50).nullable(),
    /** entrants in one lobby: no placement above it */
    lobbySize: z.number().int().min(2).max(200),
    tiebreakers: z
      .array(z.enum(tiebreakers))
      .max(tiebreakers.length)
      .refine((t) => new Set(t).size === t.length, 'DUPLICATE_TIEBREAKER'),
  })
  .refine((t) => t.placementPoints.every((r) => r.to <= t.lobbySize), {
    message: 'PLACEMENT_OVER_LOBBY',
    path: ['placementPoints'],
  });
export type ScoringTable = z.infer<typeof scoringTableSchema>;

const allTiebreakers: Tiebreaker[] = [...tiebreakers];

/**
 * A preset's table: its points as given, and what every preset shares (all matches count, lobbies of
 * up to 100, every tiebreaker in the usual order).
 */
const presetTable = (
  preset: Exclude<ScoringPreset, 'custom'>,
  points: Pick<ScoringTable, 'placementPoints' | 'pointsPerElimination' | 'eliminationBrackets'>,
): ScoringTable => ({ preset, ...points, countedMatches: null, lobbySize: 100, tiebreakers: allTiebreakers });

/** The presets of the issue: start.gg's FFA Fortnite table and a placement + 1 per elimination table. */
export const presetTables: Record<Exclude<ScoringPreset, 'custom'>, ScoringTable> = {
  startgg_ffa: presetTable('startgg_ffa', {
    placementPoints: [
      { from: 1, to: 1, points: 3 },
      { from: 2, to: 3, points: 2 },
      { from: 4, to: 5, points: 1 },
    ],
    pointsPerElimination: 0,
    eliminationBrackets: [
      { from: 3, to: 4, points: 1 },
      { from: 5, to: 6, points: 2 },
      { from: 7, to: null, points: 3 },
    ],
  }),
  placement_plus_elims: presetTable('placement_plus_elims', {
    placementPoints: [
      { from: 1, to: 1, points: 10 },
      { from: 2, to: 3, points: 7 },
      { from: 4, to: 5, points: 5 },
      { from: 6, to: 10, points: 3 },
      { from: 11, to: 15, points: 1 },
    ],
    pointsPerElimination: 1,
    eliminationBrackets: [],
  }),
};

/** The table a battle-royale tournament scores with until an admin picks another. */
export const DEFAULT_SCORING: ScoringTable = presetTables.placement_plus_elims;

// ── results ────────────────────────────────────────────────────────────────────────────────────

const eliminations = z.number().int().min(0).max(200);
/** the most lobbies a tournament splits into */
export const MAX_LOBBIES = 100;
const placement = z.number().int().min(1).max(200);

/** One line of a match: who (a player's user id, or a team id in duo/trio/squad), where, how many eliminations. */
export const matchLineSchema = z.object({ entrantId: idSchema, placement, eliminations });
export type MatchLine = z.infer<typeof matchLineSchema>;

/** POST /tournaments/{id}/matches and PUT /tournaments/{id}/matches/{number} (admin). */
export const matchInputSchema = z.object({
  lines: z.array(matchLineSchema).min(1).max(200),
  /** the lobby it was played in; 1 when the tournament has one lobby. Fixed once the match exists. */
  lobby: z.number().int().min(1).max(MAX_LOBBIES).optional(),
});
export type MatchInput = z.infer<typeof matchInputSchema>;

/** POST /tournaments/{id}/matches/{number}/void (admin): void or restore. */
export const matchVoidSchema = z.object({ voided: z.boolean() });

/** POST /tournaments/{id}/matches/preview (admin): pasted CSV `player-or-team,placement,eliminations`. */
export const matchCsvSchema = z.object({
  csv: z.string().max(100_000),
  /** the lobby the match was played in; 1 when the tournament has one lobby */
  lobby: z.number().int().min(1).max(MAX_LOBBIES).optional(),
});

/** A previewed CSV row: resolved to an entrant, or the reason it cannot be (a code). */
export const matchPreviewRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  entrantId: z.string().nullable(),
  placement: z.number().int().nullable(),
  eliminations: z.number().int().nullable(),
  error: z.string().nullable(),
});
export const matchPreviewSchema = z.object({
  rows: z.array(matchPreviewRowSchema),
  lines: z.array(matchLineSchema),
  valid: z.boolean(),
});
export type MatchPreview = z.infer<typeof matchPreviewSchema>;

export const matchSchema = z.object({
  number: z.number().int(),
  /** the lobby it was played in (1 when the tournament has one lobby) */
  lobby: z.number().int(),
  voided: z.boolean(),
  lines: z.array(matchLineSchema.extend({ name: z.string() })),
  /** how many entrants play now in its lobby (checked-in players, or teams): a match with fewer lines is incomplete */
  entrants: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Match = z.infer<typeof matchSchema>;

// ── entrants and standings ─────────────────────────────────────────────────────────────────────

/** A team of a duo, trio or squad tournament (admin-formed from the checked-in roster). */
export const teamInputSchema = z.object({ name: text(40).min(1), members: z.array(idSchema).min(1).max(4) });
/** PUT /tournaments/{id}/teams (admin): the whole set of teams. */
export const teamsInputSchema = z.object({ teams: z.array(teamInputSchema).max(200) });
export const entrantSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type Entrant = z.infer<typeof entrantSchema>;

export const standingsRowSchema = z.object({
  rank: z.number().int(),
  entrantId: z.string(),
  name: z.string(),
  /** usernames of a team's players; one name for a solo entrant */
  members: z.array(z.string()),
  points: z.number().int(),
  matchesCounted: z.number().int(),
  matchesPlayed: z.number().int(),
  eliminations: z.number().int(),
  /** null before the entrant's first counted match */
  bestPlacement: z.number().int().nullable(),
  averagePlacement: z.number().nullable(),
  /** a player disqualified mid-event: listed last with rank 0, never ranked, paid or badged */
  disqualified: z.boolean().optional(),
});
export type StandingsRow = z.infer<typeof standingsRowSchema>;

/** GET /tournaments/{id}/standings (public). */
export const standingsSchema = z.object({
  tournamentId: z.string(),
  format: z.enum(tournamentFormats),
  teamSize: z.number().int(),
  scoring: scoringTableSchema,
  /** matches that count (not voided) */
  matches: z.number().int(),
  /** true once an admin finalised: the rows are frozen */
  final: z.boolean(),
  rows: z.array(standingsRowSchema),
});
export type Standings = z.infer<typeof standingsSchema>;

// ── player self-reports (helper "reports") ────────────────────────────────────

export { MAX_REPORTED_MATCH } from './report-limits.ts';
export const REPORT_REASON_MAX = 300;

export const reportStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

// multipart fields arrive as text; an empty one reads as missing, not as 0
const typedNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ message: 'requiredField' }).int('wholeNumber').min(min, 'tooSmall').max(max, 'tooLarge'),
  );

/** The text parts of POST /tournaments/{id}/reports (multipart, the screenshot in the part `file`, sent last). */
export const reportFieldsSchema = z.object({
  matchNumber: typedNumber(...reportRanges.matchNumber),
  placement: typedNumber(...reportRanges.placement),
  eliminations: typedNumber(...reportRanges.eliminations),
});
export type ReportFields = z.output<typeof reportFieldsSchema>;

/** A report as its author sees it (POST answer, GET /tournaments/{id}/reports/mine). */
export const reportSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  matchNumber: z.number().int(),
  /** the lobby of the match (recorded), else the reporter's; null while the tournament plays in one lobby */
  lobby: z.number().int().nullable(),
  placement: z.number().int(),
  eliminations: z.number().int(),
  imageUrl: z.string(),
  status: z.enum(reportStatuses),
  /** set when rejected */
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * Why a report disagrees with something else of the same match: a teammate's report with other
 * numbers (`teammate`), another entrant's report of the same placement (`placement`), or the line
 * already recorded for the match (`recorded`: the reporter's own entrant with other numbers, or
 * another entrant holding that placement).
 */
export const reportConflictSchema = z.object({
  kind: z.enum(['teammate', 'placement', 'recorded']),
  /** the other report, null for a recorded line */
  reportId: z.string().nullable(),
  /** who sent the other report, null for a recorded line */
  username: z.string().nullable(),
  entrantName: z.string(),
  placement: z.number().int(),
  eliminations: z.number().int(),
});
export type ReportConflict = z.infer<typeof reportConflictSchema>;

/** A picture also sent elsewhere: another match report or a campaign submission (same decoded pixels). */
export const reportDuplicateSchema = pictureDuplicateSchema.extend({ source: z.enum(['report', 'submission']) });

/** A player and the entrant they play in (themselves, or their team), by id and by name. */
const playerInEntrant = { userId: z.string(), username: z.string(), entrantId: z.string(), entrantName: z.string() };

/** A report as the match reports queue shows it (admin). */
export const adminReportSchema = reportSchema.extend({
  ...playerInEntrant,
  reviewedBy: z.string().nullable(),
  /** other reports and campaign submissions of the same picture, oldest first (at most 5) */
  duplicates: z.array(reportDuplicateSchema),
  duplicateCount: z.number().int(),
  /** only for pending reports: a decided one is history */
  conflicts: z.array(reportConflictSchema),
  /**
   * pending in a team tournament whose teams were re-formed without its sender: it counts for no team, and
   * approving it is refused (REPORT_SENDER_NO_TEAM) until they are on one again (the report then goes with them)
   */
  senderHasNoTeam: z.boolean(),
  /** pending, with a duplicate picture, a conflict or a sender on no team: the admin looks twice */
  flagged: z.boolean(),
  /** the match already has results; when not, approving must say it creates the match */
  matchRecorded: z.boolean(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const reportFilters = ['pending', 'flagged', 'approved', 'rejected', 'all'] as const;
export type ReportFilter = (typeof reportFilters)[number];

/** GET /tournaments/{id}/reports (admin): the whole queue of one tournament, oldest first. */
export const reportListQuerySchema = z.object({
  status: z.enum(reportFilters).default('all'),
  matchNumber: z.coerce.number().int().min(1).max(MAX_REPORTED_MATCH).optional(),
});

/**
 * POST /tournaments/{id}/reports/{reportId}/review (admin). Approving records the line; when it
 * disagrees with a line already recorded for the match, the admin must say `overwrite: true`.
 */
export const reportReviewSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    overwrite: z.boolean().default(false),
    /** the match has no results yet: approving creates it only when the admin says so */
    createMatch: z.boolean().default(false),
  }),
  z.object({ decision: z.literal('reject'), reason: text(REPORT_REASON_MAX).min(1, 'requiredField') }),
]);
export type ReportReview = z.output<typeof reportReviewSchema>;

// ── prizes and finalising (helper "finalise") ──────────────────────────────────────────────────

/** Most credits one rank range pays each player (the rewards' ceiling of a single amount). */
const prizeCredits = z.number().int().min(1).max(1_000_000);
/** Ranks from..to (inclusive) each pay `credits` to every player of the entrant. */
export const prizeRangeSchema = z.object({
  from: z.number().int().min(1).max(200),
  to: z.number().int().min(1).max(200),
  credits: prizeCredits,
});
export type PrizeRange = z.infer<typeof prizeRangeSchema>;

/** PUT /tournaments/{id}/prizes (admin): credits by rank for the top N, ranges in order and apart. */
export const prizeTableSchema = z.object({
  prizes: z
    .array(prizeRangeSchema)
    .max(20)
    .refine((r) => r.every((p) => p.to >= p.from), { message: 'RANGE_INVERTED' })
    .refine(ordered, { message: 'RANGES_OVERLAP' }),
});
export type PrizeTable = z.infer<typeof prizeTableSchema>;

/** The credits a rank earns under a prize table (0 outside every range). */
export const prizeFor = (prizes: readonly PrizeRange[], rank: number): number =>
  prizes.find((p) => rank >= p.from && rank <= p.to)?.credits ?? 0;

/** One player's prize: what a finalise would pay (before) or paid (after). */
export const payoutSchema = z.object({
  ...playerInEntrant,
  rank: z.number().int(),
  credits: z.number().int(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * What is still open when an admin finalises: a match's player reports not yet decided, a match
 * with fewer lines than entrants playing, a bracket match whose sides' reports disagree.
 */
export const finaliseProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reportsPending'), matchNumber: z.number().int(), count: z.number().int() }),
  z.object({
    kind: z.literal('linesMissing'),
    matchNumber: z.number().int(),
    lines: z.number().int(),
    entrants: z.number().int(),
  }),
  z.object({
    kind: z.literal('bracketDisputed'),
    group: z.number().int(),
    round: z.number().int(),
    slot: z.number().int(),
  }),
]);
export type FinaliseProblem = z.infer<typeof finaliseProblemSchema>;

/** GET /tournaments/{id}/prizes (admin): the table, and the payouts: previewed from the live standings, or paid. */
export const prizesStateSchema = prizeTableSchema.extend({
  finalizedAt: z.string().nullable(),
  payouts: z.array(payoutSchema),
  /** what finalising now would leave incomplete (none once finalised) */
  problems: z.array(finaliseProblemSchema),
});

/**
 * POST /tournaments/{id}/finalise (admin): with anything incomplete the call is refused (409
 * RESULTS_INCOMPLETE, the problems as issues) unless the admin confirms it with `confirmIncomplete`.
 */
export const finaliseInputSchema = z.object({ confirmIncomplete: z.boolean().default(false) });
export type PrizesState = z.infer<typeof prizesStateSchema>;

/** A badge a finalise awarded (top N finish, tournament won). */
export const awardedBadgeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  slug: z.string(),
  name: z.string(),
});

/**
 * POST /tournaments/{id}/finalise (admin): the frozen standings and what was paid. The rows are a
 * battle royale's standings, or a bracket's placements (points: 3 a win, 1 a draw).
 */
export const finaliseResultSchema = z.object({
  finalizedAt: z.string(),
  format: z.enum(tournamentFormats),
  rows: z.array(standingsRowSchema),
  payouts: z.array(payoutSchema),
  badges: z.array(awardedBadgeSchema),
});
export type FinaliseResult = z.infer<typeof finaliseResultSchema>;

// ── lobbies ────────────────────────────────────────────────────────────────────────────────────

const lobbyNumber = z.number().int().min(1).max(MAX_LOBBIES);

/** One lobby as the organiser sees it: who plays in it and its custom-match key. */
export const lobbySchema = z.object({
  number: z.number().int(),
  entrants: z.array(entrantSchema),
  code: z.string().nullable(),
  codeVisibleFrom: z.string().nullable(),
  /** how many of its matches have lines: its entrants are fixed while any has */
  matchesWithResults: z.number().int(),
});
/** GET /tournaments/{id}/lobbies (admin): the lobbies (one holding everyone until a split), who is in none. */
export const lobbiesSchema = z.object({
  lobbies: z.array(lobbySchema),
  /** entrants playing but in no lobby (checked in or teamed after the split) */
  unassigned: z.array(entrantSchema),
  lobbySize: z.number().int(),
  /** the fewest lobbies that hold every entrant within the lobby size */
  needed: z.number().int(),
});
export type Lobbies = z.infer<typeof lobbiesSchema>;
/** PUT /tournaments/{id}/lobbies (admin): every lobby's entrant ids, lobby 1 first. */
export const lobbiesInputSchema = z.object({ lobbies: z.array(z.array(idSchema).max(200)).min(1).max(MAX_LOBBIES) });
/** POST /tournaments/{id}/lobbies/auto (admin): balanced by seed; `count` defaults to the fewest that fit. */
export const lobbiesAutoSchema = z.object({ count: lobbyNumber.optional() });
/** PUT /tournaments/{id}/lobbies/{number}/code (admin): the custom-match key and when its players see it. */
export const lobbyCodeInputSchema = z.object({
  code: text(64).min(1).nullable(),
  visibleFrom: z.string().datetime({ offset: true }).nullable(),
});
/** GET /tournaments/{id}/lobbies/mine: the caller's lobby, its matches and (once visible) its key. */
export const myLobbySchema = z.object({
  lobby: z.number().int(),
  lobbies: z.number().int(),
  entrant: z.string(),
  matches: z.array(z.object({ number: z.number().int(), voided: z.boolean(), played: z.boolean() })),
  /** null until posted and its time has come */
  code: z.string().nullable(),
  codeVisibleFrom: z.string().nullable(),
});
export type MyLobby = z.infer<typeof myLobbySchema>;

/** Error codes of match day: results, teams, reports and finalising (each has a text in errors.<CODE>). */
export const resultErrors = [
  'NOT_BATTLE_ROYALE',
  'PLACEMENT_TAKEN',
  'PLACEMENT_OVER_LOBBY',
  'ENTRANT_REPEATED',
  'ENTRANT_NOT_CHECKED_IN',
  'MATCH_NOT_FOUND',
  'PLAYER_IN_TWO_TEAMS',
  'TEAM_TOO_LARGE',
  'TEAM_NAME_TAKEN',
  'TEAMS_LOCKED',
  'NOT_A_TEAM_TOURNAMENT',
  'UNKNOWN_ENTRANT',
  'CSV_ROW_INVALID',
  'TOURNAMENT_NOT_LIVE',
  'NOT_CHECKED_IN',
  'REPORT_NO_TEAM',
  'REPORT_EXISTS',
  'REPORT_NOT_FOUND',
  'REPORT_ALREADY_REVIEWED',
  'REPORT_CONFLICT',
  'REPORT_SENDER_NO_TEAM',
  'NO_STANDINGS',
  'RESULTS_INCOMPLETE',
  'MATCH_NOT_RECORDED',
  'LOBBIES_LOCKED',
  'LOBBY_NOT_FOUND',
  'LOBBY_TOO_LARGE',
  'ENTRANT_IN_TWO_LOBBIES',
  'ENTRANT_NOT_IN_LOBBY',
  'ENTRANT_IN_NO_LOBBY',
  'MATCH_IN_OTHER_LOBBY',
  'NOT_IN_A_LOBBY',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    results: (typeof resultErrors)[number];
  }
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A tournament was finalised: its standings are frozen and these are its placements (every player of a
     * ranked entrant, best rank first) and the credits each player's rank wins (only players with some).
     * Announced in the finalising transaction, which the claim on the tournament row makes happen once.
     */
    'results.finalised': {
      ownerId: string;
      tournamentId: string;
      tournamentName: string;
      finalisedBy: { id: string; name: string };
      placements: { userId: string; rank: number }[];
      prizes: { userId: string; rank: number; credits: number }[];
    };
  }
  interface EventAnswers {
    /** A badge one placed player earned by the finalisation. */
    'results.finalised': { userId: string; badge: EarnedBadgeInfo };
  }
}
