import { z } from 'zod';
import { teamNames, tournamentFormats } from '../tournaments/contract.ts';
import { idSchema } from '../../platform/schemas.ts';

/**
 * A player's public page (GET /players/{username}, /player/{username}): who they are, the faction
 * they fight for, the badges they earned and the tournaments they played. Players sits above the
 * features it reads (results, brackets, rewards) and composes their services.
 */

/** How many tournaments a page of the history holds; the page asks for the next ones by offset. */
export const HISTORY_PAGE = 10;

/** The same characters a username may hold at signup: anything else is a bad address, not an unknown player. */
export const playerParamsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'username'),
});

export const playerQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

const bilingual = z.object({ it: z.string(), en: z.string() });

/** How far a player went in a single-elimination bracket, when the rank says it in words. */
export const bracketPlacings = ['champion', 'finalist', 'semifinalist', 'quarterfinalist'] as const;
export type BracketPlacing = (typeof bracketPlacings)[number];

export const historyEntrySchema = z.object({
  tournamentId: z.string(),
  name: bilingual,
  game: z.string(),
  format: z.enum(tournamentFormats),
  start: z.string().nullable(),
  /** false while it has not begun: the player is registered, with nothing to rank yet */
  started: z.boolean(),
  /** true while its check-in window is open (it has not begun yet): the page says so rather than "upcoming" */
  checkinOpen: z.boolean(),
  /** true once an admin finalised it: rank, points and credits are final */
  finalized: z.boolean(),
  /** null while unranked (no counted match yet) or disqualified */
  rank: z.number().int().nullable(),
  /** a battle royale's points; null for a bracket, which ranks by wins */
  points: z.number().int().nullable(),
  /** a single-elimination bracket's placing in words, else null */
  placing: z.enum(bracketPlacings).nullable(),
  matchesPlayed: z.number().int(),
  /** credits the tournament paid the player (0 before finalising) */
  credits: z.number().int(),
  disqualified: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const playerBadgeSchema = z.object({
  slug: z.string(),
  name: bilingual,
  icon: z.string(),
  earnedAt: z.string(),
});

export const playerProfileSchema = z.object({
  username: z.string(),
  memberSince: z.string(),
  faction: z.enum(teamNames).nullable(),
  badges: z.array(playerBadgeSchema),
  history: z.object({
    data: z.array(historyEntrySchema),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  }),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

/**
 * GET /players/me/tournaments?ids=a,b: the caller's standing in each of these tournaments (at most a page of cards).
 */
export const MY_STANDINGS_MAX = 50;
export const myStandingsQuerySchema = z.object({
  ids: z
    .string()
    .max(MY_STANDINGS_MAX * 65)
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(idSchema).min(1).max(MY_STANDINGS_MAX)),
});

export const myStandingSchema = z.object({
  tournamentId: z.string(),
  member: z.boolean(),
  checkedIn: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
  /** whether it has started (or was finalised): before that there is no rank to show */
  started: z.boolean(),
  rank: z.number().int().nullable(),
  points: z.number().int().nullable(),
  placing: z.enum(bracketPlacings).nullable(),
  disqualified: z.boolean(),
});
export type MyStanding = z.infer<typeof myStandingSchema>;

/** Error codes of the player pages (each has a text in errors.<CODE>). */
export const playerErrors = ['PLAYER_NOT_FOUND'] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    players: (typeof playerErrors)[number];
  }
}

/** A single-elimination rank in words: 1 won, 2 lost the final, 3 a semi-final, 5 a quarter-final. */
export function bracketPlacing(format: string, rank: number | null): BracketPlacing | null {
  if (format !== 'single_elimination' || rank === null) return null;
  return ({ 1: 'champion', 2: 'finalist', 3: 'semifinalist', 5: 'quarterfinalist' } as const)[rank] ?? null;
}
