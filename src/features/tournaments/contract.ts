import { z } from 'zod';
import { idSchema, sortQuery } from '../../platform/schemas.ts';
import { adminInstant } from '../../platform/date-range.ts';
import { consoles, games } from '../games/contract.ts';
import { gameAccountSchema } from '../accounts/contract.ts';
import { COMPETITION_LINK_MAX, isCompetitionLink } from './competition-link.ts';
import { TOURNAMENT_ID_PATTERN } from './tournament-id.ts';
import { listPhases, teamSizeFilters } from './rules.ts';
import { scheduleKeys } from './schedule-order.ts';
import { translationsInputSchema, translationsSchema } from '../../platform/i18n/content-translations.ts';
import { sortValues } from '../../platform/list-sort.ts';

/**
 * How GET /tournaments may be ordered besides its own (upcoming by start, then ended newest first): by name or start,
 * `-key` descending.
 */
export const tournamentSorts = sortValues(['name', 'start']);

/** battle_royale: every entrant plays every match, points by placement and eliminations; the others are brackets. */
export const tournamentFormats = [
  'battle_royale',
  'single_elimination',
  'round_robin',
  'swiss',
  'double_elimination',
] as const;
export type TournamentFormat = (typeof tournamentFormats)[number];

/** Games whose matches are one lobby of many entrants (placement + eliminations). */
export const battleRoyaleGames: readonly string[] = ['Fortnite', 'Warzone', 'PUBG_MOBILE'];

/**
 * The format of a tournament: the admin's choice, else battle royale for those games and single elimination for the
 * rest.
 */
export function formatOf(t: { format?: string | null; game: string }): TournamentFormat {
  if (t.format && (tournamentFormats as readonly string[]).includes(t.format)) return t.format as TournamentFormat;
  return battleRoyaleGames.includes(t.game) ? 'battle_royale' : 'single_elimination';
}

/** The two factions of the championship. */
export const teamNames = ['precision', 'speed'] as const;
export type TeamName = (typeof teamNames)[number];

const noNul = (s: string) => !s.includes('\0');
const text = (max: number) => z.string().trim().max(max).refine(noNul, 'nul');
/** An ISO-8601 instant with offset ("2026-11-22T18:00:00.000Z"), or null for "not scheduled". */
const instant = adminInstant().nullable();
/** An external page: '' for none, else an absolute https address with a host (no http, no script). */
const externalUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(500)
    // a host right after "https://" (no "///", no user@ part), then an optional path, query or hash
    .regex(/^https:\/\/[^\s"'<>\\/?#@]+(?:[/?#][^\s"'<>\\]*)?$/)
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:' && new URL(v).hostname !== '', 'url'),
]);
/** An image address: our own uploads (/media/…) or an https URL. */
const imageUrl = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^(\/media\/|https:\/\/)[^\s"'<>]*$/),
]);

/** A faction player; `score` is the total: the points from the championship's results plus the admin's adjustment. */
export const playerSchema = z.object({ playerId: z.string(), playerName: z.string(), score: z.number().int() });
/**
 * GET /tournaments/competition/{id}/scores (admin): how each faction score is made, for the
 * admin's editor: `points` computed from the championship's tournaments, `adjustment` the admin's.
 */
export const scoreBreakdownSchema = z.object({
  playerId: z.string(),
  points: z.number().int(),
  adjustment: z.number().int(),
});
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;
export type Player = z.infer<typeof playerSchema>;
export const teamSchema = z.object({ name: z.enum(teamNames), players: z.array(playerSchema) });
export type Team = z.infer<typeof teamSchema>;

/** A tournament as the API returns it (field names as the original client reads them). Never carries the password. */
export const tournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  banner: z.string(),
  thumbnail: z.string(),
  game: z.string(),
  console: z.array(z.string()),
  /** effective status: the admin's value when set, else from the schedule */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** the admin's explicit status, null when the schedule decides */
  statusOverride: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  open: z.boolean(),
  members: z.array(z.string()),
  confirmedMembers: z.array(z.string()),
  /** how many players wait for a slot */
  waitlistCount: z.number().int(),
  maxPartecipants: z.number().int(),
  /** slots taken (against maxPartecipants): the members, but one per whole team a captain registered */
  slotsTaken: z.number().int(),
  start_registration: z.string().nullable(),
  end_registration: z.string().nullable(),
  start_checkin: z.string().nullable(),
  end_checkin: z.string().nullable(),
  start_tournament: z.string().nullable(),
  end_tournament: z.string().nullable(),
  check_in: z.number().int(),
  check_in_end: z.number().int(),
  description: z.string(),
  rules: z.string(),
  teamSize: z.number().int().nullable(),
  /** how many members of a team must check in for the team to be checked in; null: all of them */
  teamCheckinMinimum: z.number().int().nullable(),
  /** how it is played: the admin's choice, else the game's (formatOf) */
  format: z.enum(tournamentFormats),
  /** the admin's explicit format, null when the game decides */
  formatOverride: z.enum(tournamentFormats).nullable(),
  /** true once an admin finalised it: its standings are frozen */
  finalized: z.boolean(),
  /** true while an admin keeps it archived: out of the public lists, its page still reachable by its address */
  archived: z.boolean(),
  competitionId: z.string().nullable(),
  /** a fixed date text replacing the start date, per language; '' when none */
  dateText: z.object({ it: z.string(), en: z.string() }),
  /** the tournament's own external page ("Vai al torneo"), '' when none */
  externalUrl: z.string(),
  /** name, description and rules per language, for the admin form; the flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string(), rules: z.string() }),
  /** the caller's own standing; null for an anonymous caller */
  me: z
    .object({
      member: z.boolean(),
      confirmed: z.boolean(),
      waitlistPosition: z.number().int().nullable(),
      /** present (true) only when an admin disqualified the caller: they can neither check in nor join again */
      disqualified: z.literal(true).optional(),
    })
    .nullable(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** Which archived tournaments a list shows: none (the public lists), all of them as well, or only them. */
export const tournamentArchiveFilters = ['include', 'only'] as const;
export type TournamentArchiveFilter = (typeof tournamentArchiveFilters)[number];

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A list filter of GET /tournaments: one of `values`; any other value is 400 UNKNOWN_TOURNAMENT_FILTER. */
const listFilter = <V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values, { error: 'UNKNOWN_TOURNAMENT_FILTER' }).optional();
/** GET /tournaments: a page of the list, of a championship or of one player's tournaments. */
export const tournamentListQuerySchema = z.object({
  competitionId: idSchema.optional(),
  members: idSchema
    .optional()
    .describe("a user id: only that user's tournaments, waitlist included (that user's token or an admin's)"),
  showAllTournament: flag.optional().describe('false leaves out ended tournaments; left out or true lists every one'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: sortQuery(tournamentSorts),
  search: text(120)
    .optional()
    .describe('part of the name, in either language (case does not matter); left out or empty lists every one'),
  archived: z
    .enum(tournamentArchiveFilters)
    .optional()
    .describe('admins only: include lists archived tournaments too, only lists just them; left out hides them'),
  game: listFilter(games).describe('only tournaments of this game'),
  platform: listFilter(consoles).describe('only tournaments played on this console (among others)'),
  phase: listFilter(listPhases).describe(
    'only tournaments in this phase: registration or check-in open, live, ended, upcoming (the rest not started)',
  ),
  teamSize: listFilter(teamSizeFilters).describe('only tournaments played solo, in duos, trios, squads, or 5+'),
});

/** PUT /tournaments/{id}/archive (admin): archive (true) or bring back into the lists (false). */
export const tournamentArchiveSchema = z.object({ archived: z.boolean() });
/** GET /tournaments/{id}/removal (admin): whether it has results, so it can only be archived, not deleted. */
export const tournamentRemovalSchema = z.object({ hasResults: z.boolean() });

// The input fields without their defaults, so the update body can leave any of them out.
const tournamentFields = {
  name: text(120).min(1),
  banner: imageUrl,
  thumbnail: imageUrl,
  game: z.enum(games),
  console: z.array(z.enum(consoles)).min(1).max(consoles.length),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  open: z.boolean(),
  /** required when open is false on create; on update, omitted keeps the old one */
  password: z.string().min(4).max(128).refine(noNul, 'nul').optional(),
  maxPartecipants: z.number().int().min(1).max(10000),
  start_registration: instant,
  end_registration: instant,
  start_checkin: instant,
  end_checkin: instant,
  start_tournament: instant,
  end_tournament: instant,
  check_in: z.number().int().min(0).max(1440),
  check_in_end: z.number().int().min(0).max(1440),
  description: z.string().max(50_000).refine(noNul, 'nul'),
  rules: z.string().max(50_000).refine(noNul, 'nul'),
  teamSize: z.number().int().min(1).max(100).nullable(),
  teamCheckinMinimum: z.number().int().min(1).max(100).nullable(),
  /** null: the game decides */
  format: z.enum(tournamentFormats).nullable(),
  competitionId: idSchema.nullable(),
  dateText: z.object({ it: text(120), en: text(120) }),
  externalUrl,
  /** per-language texts; an empty English one falls back to the Italian */
  translations: translationsInputSchema({
    name: text(120),
    description: z.string().max(50_000).refine(noNul, 'nul'),
    rules: z.string().max(50_000).refine(noNul, 'nul'),
  }),
};

/** Admin create body. `password` is write-only. */
export const tournamentInputSchema = z.object({
  ...tournamentFields,
  banner: tournamentFields.banner.default(''),
  thumbnail: tournamentFields.thumbnail.default(''),
  status: tournamentFields.status.default(null),
  open: tournamentFields.open.default(true),
  start_registration: instant.default(null),
  end_registration: instant.default(null),
  start_checkin: instant.default(null),
  end_checkin: instant.default(null),
  start_tournament: instant.default(null),
  end_tournament: instant.default(null),
  check_in: tournamentFields.check_in.default(0),
  check_in_end: tournamentFields.check_in_end.default(0),
  description: tournamentFields.description.default(''),
  rules: tournamentFields.rules.default(''),
  teamSize: tournamentFields.teamSize.default(null),
  teamCheckinMinimum: tournamentFields.teamCheckinMinimum.default(null),
  format: tournamentFields.format.default(null),
  competitionId: tournamentFields.competitionId.default(null),
  dateText: tournamentFields.dateText.default({ it: '', en: '' }),
  externalUrl: tournamentFields.externalUrl.default(''),
});
export type TournamentInput = z.input<typeof tournamentInputSchema>;

/**
 * Admin update body: any subset of the create fields; an omitted field keeps its value (zod's
 * `.partial()` of the create schema would fill the defaults in and reset them). `status: null`
 * hands the status back to the schedule.
 */
export const tournamentUpdateSchema = z.object(tournamentFields).partial();
export type TournamentUpdate = z.input<typeof tournamentUpdateSchema>;

/**
 * What decides who played a tournament and how it was scored: its game, platforms, size, format, team rules,
 * championship, check-in windows and schedule. Finalising fixes them with the results, so an edit of a finalised
 * tournament that changes one is refused whole (409 TOURNAMENT_FINALIZED) and the editor locks them; the texts,
 * images and access stay editable, and a field sent with its stored value is no change.
 */
export const playedFields = [
  'game',
  'console',
  'maxPartecipants',
  'format',
  'teamSize',
  'teamCheckinMinimum',
  'competitionId',
  'check_in',
  'check_in_end',
  ...scheduleKeys,
] as const satisfies readonly (keyof TournamentUpdate)[];
export type PlayedField = (typeof playedFields)[number];

/** `?userID=`: whose registration; the caller's own when left out (an admin may name anyone). */
export const registrantQuerySchema = z.object({ userID: idSchema.optional() });

/** The most members a team a captain registers may have. */
export const TEAM_MEMBERS_MAX = 5;
export const TEAM_NAME_MAX = 40;
const teamName = text(TEAM_NAME_MAX).min(1);

/**
 * One member's game account. A captain naming a teammate may give their `username` instead of their
 * id (userId '' then): the join dialog knows usernames, not ids.
 */
const memberAccountSchema = z.object({
  // no NUL in either: the player is looked up by it, and PostgreSQL text cannot hold one
  userId: z.string().max(64).refine(noNul, 'nul'),
  username: text(64).optional(),
  gameAccount: gameAccountSchema,
});

/**
 * Registration and check-in body (check-in sends the player's real game account). A solo join sends
 * one game account; a captain registering a team sends `teamName` and one per member, theirs first.
 */
const registrationFields = z.object({
  gameAccounts: z.array(memberAccountSchema).min(1).max(TEAM_MEMBERS_MAX),
  teamName: teamName.optional(),
  password: z.string().min(1).max(128).optional(),
  /**
   * Join only (check-in ignores it): keep this game account on the player's profile too, in the
   * join's own transaction, so a join that fails (wrong password, full of errors) saves nothing.
   */
  saveGameAccount: z.boolean().optional(),
});
/** More than one game account only for a team (with its name). */
export const registrationInputSchema = registrationFields.refine(
  (b) => b.gameAccounts.length === 1 || b.teamName !== undefined,
  { message: 'one game account unless a team is named', path: ['gameAccounts'] },
);
export type RegistrationInput = z.infer<typeof registrationInputSchema>;
/** A check-in: the member's own game account, one. */
export const checkInInputSchema = registrationFields.extend({
  gameAccounts: z.array(memberAccountSchema).length(1),
});

/** What a join answers: a member, a place on the waitlist when full, or a team waiting for its members. */
export const joinResultSchema = z.object({
  state: z.enum(['member', 'waitlist', 'teamPending']),
  waitlistPosition: z.number().int().nullable(),
  tournament: tournamentSchema,
  /** the team a captain registered (state teamPending) */
  team: z.lazy(() => entryTeamSchema).optional(),
});

// ---------------------------------------------------------------------------------------------
// teams captains register

export const teamMemberStates = ['invited', 'accepted'] as const;
/** A team of a tournament as everyone may see it: its members, their state and check-in. */
export const entryTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  captainId: z.string(),
  /** every member accepted: the team holds a slot */
  complete: z.boolean(),
  /** every member accepted but the field was full: the team's place on the waitlist (1 is next), else null */
  waitlistPosition: z.number().int().nullable(),
  /** complete and enough members checked in (teamCheckinMinimum) */
  checkedIn: z.boolean(),
  members: z.array(
    z.object({ userId: z.string(), username: z.string(), state: z.enum(teamMemberStates), checkedIn: z.boolean() }),
  ),
});
export type EntryTeam = z.infer<typeof entryTeamSchema>;
/** `/tournaments/:id/entry-teams/:teamId/…` */
export const entryTeamParamsSchema = z.object({
  id: z.string().regex(TOURNAMENT_ID_PATTERN, 'INVALID_TOURNAMENT_ID'),
  teamId: idSchema,
});
/** The captain invites a player in place of one who left (by id, or by username with userId ''). */
export const teamInviteSchema = memberAccountSchema;
/** An invited member may answer with their own game account instead of the one the captain named. */
export const teamAnswerSchema = z.object({ gameAccount: gameAccountSchema.optional() });
/**
 * GET /teams/mine/open: a team of the caller's with no seat yet (newest first): an invitation to answer, or their
 * team still waiting for its members. The tournament's name in each language (the English one falls back).
 */
export const openTeamSchema = z.object({
  tournamentId: z.string(),
  tournamentName: z.object({ it: z.string(), en: z.string() }),
  /** the championship the tournament belongs to, or null */
  competitionId: z.string().nullable(),
  teamName: z.string(),
  state: z.enum(['invited', 'pending']),
});
export type OpenTeam = z.infer<typeof openTeamSchema>;
/** A player's own line in a captain's team, in their data export: the team, their part in it, the account named. */
export const playerEntryTeamSchema = z.object({
  tournamentId: z.string(),
  team: z.string(),
  captain: z.boolean(),
  state: z.enum(['invited', 'accepted']),
  /** the game account the captain named for them, or the one they gave on accepting */
  gameAccount: gameAccountSchema,
  since: z.string(),
});
export type PlayerEntryTeam = z.infer<typeof playerEntryTeamSchema>;
/**
 * GET /teams/mine: the caller's earlier teams (name, the game it played and members), newest first, to register
 * again; each member with the in-game name that team entered them with, for a team of the same game.
 */
export const pastTeamSchema = z.object({
  name: z.string(),
  game: z.string(),
  members: z.array(z.object({ userId: z.string(), username: z.string(), gameName: z.string() })),
});

export const competitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  game: z.string(),
  url: z.string(),
  /** the championship's playoffs and live finals, when set (null: to be announced) */
  playoffsAt: z.string().nullable(),
  finalsAt: z.string().nullable(),
  finalsCity: z.string(),
  /** the name and the finals city per language, for the admin form; the flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), finalsCity: z.string() }),
  teams: z.array(teamSchema),
  /** how many tournaments belong to it (they stay, without a competition, when it is deleted) */
  tournamentCount: z.number().int(),
});
export type Competition = z.infer<typeof competitionSchema>;

/** A faction a player chose in one championship, as their data export hands it to them. */
export const playerFactionSchema = z.object({
  competitionId: z.string(),
  competitionName: translationsSchema({ name: z.string() }),
  team: z.enum(teamNames),
  /** the in-game name they entered with it */
  playerName: z.string(),
  updatedAt: z.string(),
});
export type PlayerFaction = z.infer<typeof playerFactionSchema>;

/** GET /tournaments/competitions: the competitions of `owner` (the brand's when left out). */
export const competitionListQuerySchema = z.object({ owner: z.string().max(64).refine(noNul, 'nul').optional() });

const competitionFields = {
  name: text(120).min(1),
  thumbnail: imageUrl,
  game: z.enum(games),
  /**
   * the competition's landing page, a site path like /arena-bomber-championship or an https URL (competition-link.ts)
   */
  url: z
    .string()
    .max(COMPETITION_LINK_MAX)
    .refine(isCompetitionLink, 'a same-site path starting with a single / or an https address'),
  playoffsAt: instant,
  finalsAt: instant,
  finalsCity: text(80),
  /** per-language name and finals city; an empty English one falls back to the Italian */
  translations: translationsInputSchema({ name: text(120), finalsCity: text(80) }),
};
/** The finals come after the playoffs (when both are set). */
const stagesInOrder = (c: { playoffsAt?: string | null; finalsAt?: string | null }) =>
  !c.playoffsAt || !c.finalsAt || Date.parse(c.playoffsAt) < Date.parse(c.finalsAt);
const stagesOrderIssue = { message: 'INVALID_SCHEDULE', path: ['finalsAt'] };
export const competitionInputSchema = z
  .object({
    ...competitionFields,
    thumbnail: competitionFields.thumbnail.default(''),
    url: competitionFields.url.default(''),
    playoffsAt: competitionFields.playoffsAt.default(null),
    finalsAt: competitionFields.finalsAt.default(null),
    finalsCity: competitionFields.finalsCity.default(''),
  })
  .refine(stagesInOrder, stagesOrderIssue);
/**
 * Admin update: any subset; omitted fields keep their value (the order of the stages is checked against the stored
 * ones).
 */
export const competitionUpdateSchema = z.object(competitionFields).partial().refine(stagesInOrder, stagesOrderIssue);

/** A player picks a faction: only the caller moves, keeping their score. */
export const teamChoiceSchema = z.object({ team: z.enum(teamNames) });

/** Admin PUT of whole teams (scores included). */
export const teamsUpdateSchema = z.object({
  teams: z
    .array(
      z.object({
        name: z.enum(teamNames),
        players: z
          .array(
            z.object({
              playerId: z.string().max(64).refine(noNul, 'nul'),
              playerName: text(64).min(1),
              /** the total; without `adjustment`, the adjustment becomes this minus the player's points */
              score: z.number().int().min(0).max(1e9),
              /** the admin's part on top of the computed points (wins over `score`) */
              adjustment: z.number().int().min(-1e9).max(1e9).optional(),
            }),
          )
          .max(10000),
      }),
    )
    .max(2),
});

/** Admin e-mail to every registered player, written in both languages. */
export const broadcastInputSchema = z.object({
  subject: z.object({ it: text(200).min(1), en: text(200).min(1) }),
  body: z.object({
    it: z.string().trim().min(1).max(20_000).refine(noNul, 'nul'),
    en: z.string().trim().min(1).max(20_000).refine(noNul, 'nul'),
  }),
  /** members only, or members and the waitlist */
  includeWaitlist: z.boolean().default(false),
});

/** How many players the broadcast was sent to. */
export const broadcastResultSchema = z.object({ sent: z.number().int() });

/** Admin view of who is in a tournament: members, then the waitlist in queue order. */
export const registrationEntrySchema = z.object({
  userId: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  gameAccount: gameAccountSchema,
  joinedAt: z.string(),
});
export const registrationsSchema = z.object({
  /** the seats taken: a member each, or one for a whole team of a team tournament (its members all listed) */
  seatsTaken: z.number().int(),
  members: z.array(registrationEntrySchema.extend({ confirmed: z.boolean() })),
  waitlist: z.array(
    registrationEntrySchema.extend({
      position: z.number().int(),
      /** a captain waits for the whole team: its name (null for a solo player) */
      team: z.string().nullable(),
    }),
  ),
  /** players an admin disqualified: they keep their row, so they cannot join again */
  disqualified: z.array(registrationEntrySchema.extend({ disqualifiedAt: z.string() })),
});
export type Registrations = z.infer<typeof registrationsSchema>;

/** The `:id` of a tournament route: a UUID (tournament-id.ts), else 400 INVALID_TOURNAMENT_ID. */
export const tournamentIdSchema = z.string().regex(TOURNAMENT_ID_PATTERN, 'INVALID_TOURNAMENT_ID');

// ---------------------------------------------------------------------------------------------
// the match-day roster: admin actions on one player of one tournament

/** `/tournaments/:id/registrations/:userId/…` */
export const rosterParamsSchema = z.object({ id: tournamentIdSchema, userId: idSchema });
export const ROSTER_REASON_MAX = 500;
/** Removing or disqualifying a player says why: the player reads it in their e-mail, the audit log keeps it. */
export const rosterReasonSchema = z.object({ reason: text(ROSTER_REASON_MAX).min(1) });
export type RosterReason = z.infer<typeof rosterReasonSchema>;
/** Check a member in (true) or out (false) on their behalf, with the game account they registered with. */
export const rosterCheckInSchema = z.object({ confirmed: z.boolean() });
/** Adds a registered site user to the roster (a member, or the waitlist when full), with their saved game account. */
export const rosterAddSchema = z.object({ userId: idSchema });
/** `?search=`: part of a username; the players an admin may add (registered nowhere in this tournament). */
export const rosterCandidatesQuerySchema = z.object({ search: text(64).min(1) });
export const rosterCandidateSchema = z.object({ userId: z.string(), username: z.string() });
/** How many players a search for one to add offers at most. */
export const ROSTER_CANDIDATES_MAX = 10;
/** Moves a waitlisted player to this place in the queue (1 is next in line); beyond the end means last. */
export const waitlistMoveSchema = z.object({ position: z.number().int().min(1).max(100_000) });
/** The states of a registration as the roster export names them. */
export const rosterStates = ['member', 'waitlist', 'disqualified'] as const;

/**
 * What a player does in a tournament or a competition that features above may act on (rewards pays
 * badges for them). Announced once the change is committed; the listeners' badges come back with it.
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A player joined a tournament (as a member or on the waitlist). */
    'tournaments.joined': { ownerId: string; userId: string; tournamentId: string };
    /** A member checked in, themselves or by an admin. */
    'tournaments.checked_in': { ownerId: string; userId: string; tournamentId: string };
    /** A player chose a team (faction) of a competition. */
    'tournaments.faction_joined': { ownerId: string; userId: string; competitionId: string };
    /**
     * An admin is about to delete a tournament, in the delete's transaction: a feature that keeps the
     * tournament's results (matches, result lines, a bracket) answers so, and then the tournament is kept.
     */
    'tournaments.deleting': { ownerId: string; tournamentId: string };
    /**
     * The roster is exported, or a captain names a team: a feature that formed teams of the tournament's players
     * (the organiser's, from solo sign-ups) answers each player's team, for the export's team column and so that a
     * captain's team never takes the name of one of those.
     */
    'tournaments.roster_teams': { ownerId: string; tournamentId: string };
    /**
     * An admin disqualified a player, in the disqualification's transaction (which holds the tournament's lock): a
     * feature whose matches the player was still to play settles them (a bracket's forfeits) and answers each.
     */
    'tournaments.disqualified': { ownerId: string; userId: string; tournamentId: string };
    /**
     * An admin removed a player from the roster, in the removal's transaction (which holds the tournament's lock):
     * like a disqualification it leaves a bracket's entrant a player fewer, and one left with none forfeits.
     */
    'tournaments.removed': { ownerId: string; userId: string; tournamentId: string };
  }
  interface EventAnswers {
    'tournaments.roster_teams': { userId: string; team: string };
    /** A match the disqualified player's side forfeited, as the audit names it ("A – B"). */
    'tournaments.disqualified': { forfeit: string };
    /** A match the removed player's side forfeited, as the audit names it. */
    'tournaments.removed': { forfeit: string };
    /** What a listener holds of the tournament: results (matches, lines, placements) or a bracket. */
    'tournaments.deleting': { holds: 'results' | 'bracket' };
  }
}

/**
 * Error codes of tournaments and competitions: joining, check-in, the roster and the schedule
 * (each has a text in errors.<CODE>).
 */
export const tournamentErrors = [
  'TOURNAMENT_NOT_FOUND',
  'INVALID_TOURNAMENT_ID',
  'COMPETITION_NOT_FOUND',
  'REGISTRATION_CLOSED',
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'GAME_MISMATCH',
  'CONSOLE_NOT_ALLOWED',
  'USER_MISMATCH',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'CHECKIN_CLOSED',
  'CHAMPIONSHIP_AGE',
  'TOURNAMENT_FULL',
  'NOT_ON_WAITLIST',
  'DISQUALIFIED',
  'ALREADY_DISQUALIFIED',
  'TOURNAMENT_ENDED',
  'TOURNAMENT_FINALIZED',
  'TOURNAMENT_HAS_RESULTS',
  'NOT_A_MEMBER',
  'NO_GAME_ACCOUNT',
  'NOT_IN_COMPETITION',
  'MAX_BELOW_MEMBERS',
  'UNKNOWN_PLAYER',
  'DUPLICATE_PLAYER',
  'INVALID_SCHEDULE',
  'TOURNAMENT_NOT_SCHEDULED',
  'UNKNOWN_TOURNAMENT_FILTER',
  'TEAM_SIZE_MISMATCH',
  'SOLO_TOURNAMENT',
  'ALREADY_IN_TEAM',
  'PLAYER_DISQUALIFIED',
  'PLAYER_REGISTERED',
  'NOT_CAPTAIN',
  'TEAM_FULL',
  'TEAM_NOT_FOUND',
  'NOT_INVITED',
  'TEAM_NAME_IN_USE',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    tournaments: (typeof tournamentErrors)[number];
  }
}
