import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { monotonicTimestamps, nowIso } from '../../../platform/db/database.ts';
import type { EarnedBadgeInfo } from '../../../platform/schemas.ts';
import { isId } from '../../../platform/ids.ts';
import { createEvent } from 'ics';
import type { z } from 'zod';
import type { Updateable } from 'kysely';
import type { TournamentsTable } from '../../../platform/db/schema.ts';
import {
  actionFor,
  freedSeatFillsItself,
  isFull,
  mayCheckIn,
  mayJoin,
  mayManageRoster,
  mayPlayChampionship,
  CHAMPIONSHIP_MIN_AGE,
  phaseOf,
  scheduledStatus,
  type Action,
  type Phase,
  type Schedule,
  type TournamentStatus,
} from '../rules.ts';
import { scheduleIssues, scheduleKeys, type ScheduleKey } from '../schedule-order.ts';
import { fileNameOf, isFortnite } from '../tournament-view.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import type {
  Registrations,
  RegistrationInput,
  Tournament,
  broadcastInputSchema,
  rosterStates,
  tournamentInputSchema,
  tournamentUpdateSchema,
  PlayedField,
} from '../contract.ts';
import {
  formatOf,
  playedFields,
  ROSTER_CANDIDATES_MAX,
  tournamentFormats,
  type TournamentArchiveFilter,
  type TournamentFormat,
} from '../contract.ts';
import type { GameAccount } from '../../accounts/contract.ts';
import { createT, isLocale, type Locale } from '../../../platform/i18n/i18n.ts';
import { pickText, translationColumns, translationsOf } from '../../../platform/i18n/content-translations.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { hashPassword, verifyPassword } from '../../../platform/passwords.ts';
import * as CompetitionRepository from './competition-repository.ts';
import { audited, auditLabel, type Actor, type AuditChange } from '../../audit/server/service.ts';
import * as TournamentRepository from './repository.ts';
import * as RosterRepository from './roster-repository.ts';
import * as TeamRepository from './team-repository.ts';
import { batchedRoundTrip, batchedWrite, sharedRead, sharedRoundTrip } from '../../../platform/db/shared-read.ts';
import type { RegistrationRow, RosterState, TournamentRow } from './repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';

type CreateInput = z.output<typeof tournamentInputSchema>;
type UpdateInput = z.output<typeof tournamentUpdateSchema>;
type BroadcastInput = z.output<typeof broadcastInputSchema>;

export const tournamentNotFound = () => new AppError('notFound', 'TOURNAMENT_NOT_FOUND', 'Tournament not found');
export const inTeamError = () =>
  new AppError('conflict', 'ALREADY_IN_TEAM', 'A player is already in a team of this tournament');
/** A tournament captains register teams for (two members or more). */
const playedByTeams = (row: TournamentRow) => (row.team_size ?? 1) >= 2;
export const disqualifiedError = () => new AppError('forbidden', 'DISQUALIFIED', 'Disqualified from this tournament');
/** The status finalising sets (results' prize-repository.ts), the only one a finalised tournament keeps. */
const ENDED: TournamentStatus = 2;
/** Stored instants are UTC ISO strings whatever offset the admin sent, so text order is time order. */
const toUtc = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The stored format when it is one we know (the column is plain text), else null: the game decides. */
const formatOverrideOf = (format: string | null): TournamentFormat | null =>
  (tournamentFormats as readonly (string | null)[]).includes(format) ? (format as TournamentFormat) : null;

// ---------------------------------------------------------------------------------------------
// status and phase

export function effectiveStatus(
  row: Pick<TournamentRow, 'status_override' | 'start_tournament' | 'end_tournament'>,
  now: number,
): TournamentStatus {
  return (row.status_override ?? scheduledStatus(row, now)) as TournamentStatus;
}

/** The row's six schedule dates, in the schedule's order. */
const datesOf = (row: Pick<TournamentRow, ScheduleKey>) =>
  Object.fromEntries(scheduleKeys.map((key) => [key, row[key]])) as Pick<TournamentRow, ScheduleKey>;

/** What a tournament's phase is read from: the admin's status, if any, and the six dates. */
export type PhaseColumns = Pick<TournamentRow, 'status_override' | ScheduleKey>;

export function scheduleOf(row: PhaseColumns, now: number): Schedule {
  return { status: effectiveStatus(row, now), ...datesOf(row) };
}

export const phaseOfRow = (row: PhaseColumns, now: number = Date.now()): Phase => phaseOf(scheduleOf(row, now), now);

// ---------------------------------------------------------------------------------------------
// reading

/**
 * The member, confirmed and waitlist ids of one read of the registrations, computed once per read:
 * the check-ins of a rush share one read (registrationsAfterWrite), and their answers then share
 * these very arrays, which lets the route serialise them once (src/features/tournaments/server/routes.ts).
 */
interface Roster {
  members: string[];
  confirmedMembers: string[];
  waitlist: string[];
  /** each player's registration and place in the queue, so each caller's `me` is a lookup, not a scan of them all */
  byUser: Map<string, RegistrationRow>;
  queued: Map<string, number>;
}
const rosters = new WeakMap<RegistrationRow[], Roster>();
function rosterOf(regs: RegistrationRow[]): Roster {
  let roster = rosters.get(regs);
  if (!roster) {
    const members = regs.filter((r) => r.state === 'member');
    const waitlist = regs.filter((r) => r.state === 'waitlist').map((r) => r.user_id);
    roster = {
      members: members.map((r) => r.user_id),
      confirmedMembers: members.filter((r) => r.confirmed === 1).map((r) => r.user_id),
      waitlist,
      byUser: new Map(regs.map((r) => [r.user_id, r])),
      queued: new Map(waitlist.map((id, i) => [id, i + 1])),
    };
    rosters.set(regs, roster);
  }
  return roster;
}

/** `me.disqualified` is there only for a disqualified player, so everyone else's `me` keeps its three fields. */
const disqualifiedFlag = (state: string | undefined) =>
  state === 'disqualified' ? { disqualified: true as const } : {};

/** The API shape of one tournament, from its row and its registrations (queue order). */
export function toTournament(
  row: TournamentRow,
  regs: RegistrationRow[],
  viewerId: string | null,
  now: number,
): Tournament {
  const { members, confirmedMembers, waitlist, byUser, queued } = rosterOf(regs);
  let me: Tournament['me'] = null;
  if (viewerId) {
    const mine = byUser.get(viewerId);
    me = {
      member: mine?.state === 'member',
      confirmed: mine?.state === 'member' && mine.confirmed === 1,
      waitlistPosition: queued.get(viewerId) ?? null,
      ...disqualifiedFlag(mine?.state),
    };
  }
  return {
    id: row.id,
    name: row.name,
    banner: row.banner,
    thumbnail: row.thumbnail,
    game: row.game,
    console: JSON.parse(row.consoles),
    status: effectiveStatus(row, now),
    statusOverride: row.status_override as TournamentStatus | null,
    open: row.open === 1,
    members,
    confirmedMembers,
    waitlistCount: waitlist.length,
    maxPartecipants: row.max_participants,
    slotsTaken: row.member_count,
    ...datesOf(row),
    check_in: row.check_in,
    check_in_end: row.check_in_end,
    description: row.description,
    rules: row.rules,
    teamSize: row.team_size,
    teamCheckinMinimum: row.team_checkin_minimum,
    format: formatOf(row),
    formatOverride: formatOverrideOf(row.format),
    finalized: row.finalized_at !== null,
    archived: row.archived_at !== null,
    competitionId: row.competition_id,
    dateText: { it: row.date_text_it, en: row.date_text_en },
    externalUrl: row.external_url,
    translations: translationsOf(row, textColumns),
    me,
  };
}

/** The texts a tournament keeps per language, each an Italian column and its `_en` one. */
const textColumns = { name: 'name', description: 'description', rules: 'rules' };
/** The per-language texts of a write onto their columns; the rich texts are cleaned as the flat ones are. */
const translatedColumns = (tr: UpdateInput['translations']) =>
  translationColumns(tr, textColumns, (field, text) => (field === 'name' ? text : sanitizeRichText(text)));

/** A list's query: the repository's paging, order, search and choices as they are, and the caller's own terms. */
export interface ListQuery extends Pick<
  TournamentRepository.ListFilter,
  'competitionId' | 'limit' | 'offset' | 'sort' | 'search' | 'game' | 'platform' | 'phase' | 'teamSize'
> {
  members?: string;
  showAllTournament?: boolean;
  /** which archived ones to list (the admin's filter); left out, a player's own list keeps them, others do not */
  archived?: TournamentArchiveFilter;
}

/** A page of tournaments with their member lists, in two queries plus the count, whatever the page size. */
export async function list(
  ctx: ServiceContext,
  q: ListQuery,
  viewerId: string | null,
): Promise<{ data: Tournament[]; total: number }> {
  const now = Date.now();
  const { rows, total } = await TournamentRepository.list(ctx.db.kysely, listFilter(ctx, q, now));
  return { data: await withRegistrations(ctx, rows, viewerId, now), total };
}

const listFilter = (ctx: ServiceContext, q: ListQuery, now: number): TournamentRepository.ListFilter => ({
  owner: ctx.config.ownerId,
  now: new Date(now).toISOString(),
  competitionId: q.competitionId,
  memberId: q.members,
  excludeEnded: q.showAllTournament === false,
  // an archived tournament is out of the public lists, but stays in the history of a player who was in it
  archived: q.archived ?? (q.members ? 'include' : 'hide'),
  sort: q.sort,
  search: q.search || undefined,
  game: q.game,
  platform: q.platform,
  phase: q.phase,
  teamSize: q.teamSize,
  limit: q.limit,
  offset: q.offset,
});

/** The rows as the API shows them, with the registrations of all of them read in one query. */
async function withRegistrations(
  ctx: ServiceContext,
  rows: TournamentRow[],
  viewerId: string | null,
  now: number,
): Promise<Tournament[]> {
  const byTournament = await TournamentRepository.registrationsOf(
    ctx.db.kysely,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTournament(row, byTournament.get(row.id) ?? [], viewerId, now));
}

/**
 * A page of one player's own tournaments (`?members=` their own id) as ids in list order, with the
 * total and the player's standing in each: the route fills in the items from its cache.
 */
export async function ownPage(
  ctx: ServiceContext,
  q: ListQuery,
  userId: string,
): Promise<{ ids: string[]; total: number; mine: Map<string, NonNullable<Tournament['me']>> }> {
  const f = listFilter(ctx, q, Date.now());
  // the players asking for the same page in one turn share a statement (the first one's clock)
  const { now: _now, memberId: _memberId, ...same } = f;
  const pages = await batchedRoundTrip(ctx.db, `own-page|${JSON.stringify(same)}`, userId, (db, userIds) =>
    TournamentRepository.ownPages(db, f, userIds),
  );
  const { rows, total } = pages.get(userId)!;
  const mine = new Map(
    rows.map((r) => [r.id, standingFrom({ state: r.state, confirmed: Number(r.confirmed), ahead: r.ahead })]),
  );
  return { ids: rows.map((r) => r.id), total, mine };
}

/** One tournament as anyone sees it (`me` null), or null when there is none. */
export async function publicItem(ctx: ServiceContext, id: string): Promise<Tournament | null> {
  const row = await TournamentRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  return row ? (await withRegistrations(ctx, [row], null, Date.now()))[0]! : null;
}

export async function findRow(ctx: ServiceContext, id: string): Promise<TournamentRow> {
  const row = await TournamentRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  if (!row) throw tournamentNotFound();
  return row;
}

export async function get(ctx: ServiceContext, id: string, viewerId: string | null): Promise<Tournament> {
  const row = await findRow(ctx, id);
  const regs = await TournamentRepository.registrationsOf(ctx.db.kysely, [id]);
  return toTournament(row, regs.get(id) ?? [], viewerId, Date.now());
}

/**
 * The caller's own standing in one tournament (the answer's `me`), read fresh: two indexed reads. A
 * member of a whole team waiting for a seat has no registration of their own: they stand where the
 * team stands, their captain's place in the queue.
 */
export async function standingOf(
  ctx: ServiceContext,
  id: string,
  userId: string,
): Promise<NonNullable<Tournament['me']>> {
  const db = ctx.db.kysely;
  const mine = await TournamentRepository.findRegistration(db, id, userId);
  if (!mine) {
    const team = await TeamRepository.membershipOf(db, id, userId);
    const position = team && (await TournamentRepository.waitlistPosition(db, id, team.captain_id));
    return { ...notRegisteredMe, waitlistPosition: position || null };
  }
  return {
    member: mine.state === 'member',
    confirmed: mine.state === 'member' && mine.confirmed === 1,
    waitlistPosition: mine.state === 'waitlist' ? await TournamentRepository.waitlistPosition(db, id, userId) : null,
    ...disqualifiedFlag(mine.state),
  };
}

/**
 * The caller's own standing (`me`) in each of these tournaments, read fresh in one query; the
 * tournaments they are not in are left out (their `me` is `notRegisteredMe`).
 */
export async function standingsIn(
  ctx: ServiceContext,
  ids: string[],
  userId: string,
): Promise<Map<string, NonNullable<Tournament['me']>>> {
  // the players reading the same page of the list in one turn share the statement
  const byPlayer = await batchedRoundTrip(ctx.db, `standings-in|${ids.join(',')}`, userId, async (db, userIds) =>
    Map.groupBy(await TournamentRepository.standingsIn(db, userIds, ids), (mine) => mine.user_id),
  );
  return new Map((byPlayer.get(userId) ?? []).map((mine) => [mine.tournament_id, standingFrom(mine)]));
}

/** `me` from the player's registration row and how many are queued before them (when waitlisted). */
const standingFrom = (mine: {
  state: string;
  confirmed: number;
  ahead: number | null;
}): NonNullable<Tournament['me']> => ({
  member: mine.state === 'member',
  confirmed: mine.state === 'member' && mine.confirmed === 1,
  waitlistPosition: mine.state === 'waitlist' ? 1 + Number(mine.ahead) : null,
  ...disqualifiedFlag(mine.state),
});

/** `me` in a tournament the caller is not registered in. */
export const notRegisteredMe: NonNullable<Tournament['me']> = Object.freeze({
  member: false,
  confirmed: false,
  waitlistPosition: null,
});

/**
 * For on-demand pages (Astro `locals.data.tournament`): the tournament as the holder of this token
 * sees it, or null when there is no such tournament. A bad or expired token reads anonymously.
 */
export async function getForViewer(
  ctx: ServiceContext,
  id: string,
  viewerToken?: string | null,
): Promise<Tournament | null> {
  if (!isId(id)) return null;
  let viewerId: string | null = null;
  if (viewerToken && viewerToken.length <= 200) {
    viewerId = await Directory.viewerOf(ctx, viewerToken);
  }
  try {
    return await get(ctx, id, viewerId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'TOURNAMENT_NOT_FOUND') return null;
    throw e;
  }
}

/** The action button the viewer would see, from the same shared rules as the UI. */
export function actionOf(t: Tournament, now: number = Date.now()): Action {
  const phase = phaseOf({ ...t }, now);
  return actionFor(
    phase,
    {
      loggedIn: !!t.me,
      member: !!t.me?.member,
      confirmed: !!t.me?.confirmed,
      waitlisted: t.me?.waitlistPosition != null,
      disqualified: !!t.me?.disqualified,
    },
    isFull(t.slotsTaken, t.maxPartecipants),
  );
}

export const detailUrl = (ctx: ServiceContext, id: string, locale: Locale = 'it') =>
  `${ctx.config.publicOrigin}${locale === 'en' ? '/en' : ''}/tournament/${encodeURIComponent(id)}`;

/** An iCalendar file with the tournament's start, end (two hours when unknown), name and page, in `locale`. */
export async function calendar(
  ctx: ServiceContext,
  id: string,
  locale: Locale = 'it',
): Promise<{ ics: string; filename: string }> {
  const row = await findRow(ctx, id);
  if (!row.start_tournament)
    throw new AppError('conflict', 'TOURNAMENT_NOT_SCHEDULED', 'The tournament has no start date');
  const start = Date.parse(row.start_tournament);
  const end =
    row.end_tournament && Date.parse(row.end_tournament) > start
      ? Date.parse(row.end_tournament)
      : start + 2 * 3600_000;
  // the ics package refuses epoch milliseconds before 1970 but takes the UTC parts (to the minute)
  // of any year, and rows written before admin dates were kept to 2000-2100 may hold any date
  const icsTime = (ms: number): number | [number, number, number, number, number] => {
    if (ms >= 0) return ms;
    const d = new Date(ms);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
  };
  const url = detailUrl(ctx, row.id, locale);
  const { error, value } = createEvent({
    uid: `tournament-${row.id}@${new URL(ctx.config.publicOrigin).host}`,
    productId: `${ctx.config.brandSlug}/tournaments`,
    title: nameIn(row, locale),
    description: `${row.game}\n${url}`,
    url,
    start: icsTime(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: icsTime(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    lastModified: Date.parse(row.updated_at),
  });
  // a date the calendar format cannot hold (year 0 or beyond 9999) is the data's fault, not ours
  if (error || !value)
    throw new AppError('conflict', 'DATE_OUT_OF_RANGE', 'The tournament dates cannot be written as a calendar event');
  return { ics: value, filename: `${fileNameOf(row.name)}.ics` };
}

// ---------------------------------------------------------------------------------------------
// admin writes

/**
 * The windows must follow each other (src/features/tournaments/schedule-order.ts; unset ones are skipped).
 * 400 INVALID_SCHEDULE with one issue per wrong date (`body.<field>`, the message saying what it
 * must not be before or after); the admin form checks the same function before sending. On an
 * edit, `stored` is the saved schedule: dates the edit leaves as they are are not checked against
 * each other again.
 */
function assertSchedule(s: Pick<TournamentRow, ScheduleKey>, stored?: Pick<TournamentRow, ScheduleKey>) {
  const issues = Object.entries(scheduleIssues(s, stored));
  if (issues.length === 0) return;
  throw new AppError(
    'invalid',
    'INVALID_SCHEDULE',
    `The tournament dates are out of order: ${issues.map(([field]) => field).join(', ')}`,
    undefined,
    issues.map(([field, issue]) => ({ path: `body.${field}`, message: issue })),
  );
}

async function assertCompetition(ctx: ServiceContext, competitionId: string | null | undefined) {
  if (!competitionId) return;
  if (!(await CompetitionRepository.findById(ctx.db.kysely, ctx.config.ownerId, competitionId)))
    throw new AppError('invalid', 'COMPETITION_NOT_FOUND', 'No such competition');
}

/**
 * POST /tournaments (admin), audited. argon2 runs before the transaction, which holds the database only for the writes.
 */
export async function create(ctx: ServiceContext, actor: Actor, input: CreateInput): Promise<Tournament> {
  if (!input.open && !input.password)
    throw new AppError('invalid', 'PASSWORD_REQUIRED', 'A private tournament needs a password');
  const passwordHash = input.open ? null : await hashPassword(input.password!);
  return audited(ctx, actor, async (tx, audit) => {
    const tournament = await insertTournament(tx, input, passwordHash);
    // the password itself never reaches the log, only that one was set
    await audit({
      action: 'tournament.create',
      entityType: 'tournament',
      entityId: tournament.id,
      before: null,
      after: { ...tournament, ...(input.password ? { passwordChanged: true } : {}) },
    });
    return tournament;
  });
}

/** PUT /tournaments/{id} (admin), audited; players promoted from the waitlist are mailed after the commit. */
export async function update(ctx: ServiceContext, actor: Actor, id: string, input: UpdateInput): Promise<Tournament> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { tournament, promoted } = await audited(ctx, actor, async (tx, audit) => {
    // finalising ended the tournament for good: its status may not reopen (nor follow the schedule back to live),
    // and what decided its results stays as it was played
    const reopens = input.status !== undefined && input.status !== ENDED;
    if (reopens || changesWhatWasPlayed(await findRow(tx, id), input)) await lockOpenForResults(tx, id);
    const before = await get(tx, id, null);
    const result = await updateTournament(tx, id, input, passwordHash);
    await audit({
      action: 'tournament.update',
      entityType: 'tournament',
      entityId: id,
      before,
      after: { ...result.tournament, ...(input.password !== undefined ? { passwordChanged: true } : {}) },
    });
    return result;
  });
  await mailPromoted(ctx, id, promoted);
  return tournament;
}

/** The value of each played field as an edit sends it, from the stored row (platforms as a sorted set). */
function playedValues(row: TournamentRow): Record<PlayedField, unknown> {
  return {
    game: row.game,
    console: [...new Set<string>(JSON.parse(row.consoles))].sort(),
    maxPartecipants: row.max_participants,
    format: row.format,
    teamSize: row.team_size,
    teamCheckinMinimum: row.team_checkin_minimum,
    competitionId: row.competition_id,
    check_in: row.check_in,
    check_in_end: row.check_in_end,
    ...datesOf(row),
  };
}

/** True when the edit sends a played field with another value than the stored one (an instant in any offset). */
function changesWhatWasPlayed(row: TournamentRow, input: UpdateInput): boolean {
  const stored = playedValues(row);
  return playedFields.some((field) => {
    const sent = input[field];
    if (sent === undefined) return false;
    if (field === 'console') return !isDeepStrictEqual([...new Set(sent as string[])].sort(), stored.console);
    const value = (scheduleKeys as readonly string[]).includes(field) ? toUtc(sent as string | null) : sent;
    return value !== stored[field];
  });
}

/**
 * DELETE /tournaments/{id} (admin), audited. Every registered player (members and the waitlist) is
 * told in their language that the tournament is cancelled: the mails are queued in the delete's
 * own transaction, so they go exactly when the tournament does.
 */
export async function remove(ctx: ServiceContext, actor: Actor, id: string): Promise<void> {
  await audited(ctx, actor, async (tx, audit) => {
    // the row held first, as every results write holds it: one under way commits before the check below reads its
    // results, and one that comes later waits and finds the tournament gone
    await TournamentRepository.lockSlots(tx.db.kysely, id);
    const row = await findRow(tx, id);
    await assertWithoutResults(tx, row);
    const before = await get(tx, id, null);
    const people = await withPlayers(
      tx,
      await TournamentRepository.recipients(tx.db.kysely, id, { includeWaitlist: true }),
    );
    if (!(await TournamentRepository.remove(tx.db.kysely, ctx.config.ownerId, id))) throw tournamentNotFound();
    await audit({ action: 'tournament.delete', entityType: 'tournament', entityId: id, before, after: null });
    for (const p of people) await queueRosterMail(tx, 'cancelled', p, row);
  });
  ctx.mailQueue.wake();
}

const hasResultsError = () =>
  new AppError('conflict', 'TOURNAMENT_HAS_RESULTS', 'The tournament has results: archive it instead');

/**
 * A tournament with results is kept (it can be archived, never deleted): finalised, or a feature
 * above that keeps its matches, result lines or bracket says so when asked (`tournaments.deleting`).
 */
async function assertWithoutResults(ctx: ServiceContext, row: TournamentRow): Promise<void> {
  if (await hasResults(ctx, row)) throw hasResultsError();
}

async function hasResults(ctx: ServiceContext, row: TournamentRow): Promise<boolean> {
  if (row.finalized_at !== null) return true;
  const held = await ctx.events.emit(ctx, 'tournaments.deleting', {
    ownerId: ctx.config.ownerId,
    tournamentId: row.id,
  });
  return held.length > 0;
}

/** GET /tournaments/{id}/removal (admin): what the delete dialog says first (a tournament with results is archived). */
export async function removalOf(ctx: ServiceContext, id: string): Promise<{ hasResults: boolean }> {
  return { hasResults: await hasResults(ctx, await findRow(ctx, id)) };
}

/**
 * PUT /tournaments/{id}/archive (admin), audited as tournament.archive or tournament.unarchive:
 * out of the public lists (or back in them); its page, results and prizes stay as they are.
 */
export async function setArchived(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  archived: boolean,
): Promise<Tournament> {
  return audited(ctx, actor, async (tx, audit) => {
    const before = await get(tx, id, null);
    // asking for the state it is already in changes nothing, and logs nothing
    if (before.archived === archived) return before;
    const at = archived ? nowIso() : null;
    if (!(await TournamentRepository.setArchived(tx.db.kysely, ctx.config.ownerId, id, at))) throw tournamentNotFound();
    const after = await get(tx, id, null);
    const action = archived ? 'tournament.archive' : 'tournament.unarchive';
    await audit({ action, entityType: 'tournament', entityId: id, before, after });
    return after;
  });
}

async function insertTournament(
  ctx: ServiceContext,
  input: CreateInput,
  passwordHash: string | null,
): Promise<Tournament> {
  await assertCompetition(ctx, input.competitionId);
  const schedule = {
    start_registration: toUtc(input.start_registration),
    end_registration: toUtc(input.end_registration),
    start_checkin: toUtc(input.start_checkin),
    end_checkin: toUtc(input.end_checkin),
    start_tournament: toUtc(input.start_tournament),
    end_tournament: toUtc(input.end_tournament),
  };
  assertSchedule(schedule);
  const id = randomUUID();
  const now = nowIso();
  await TournamentRepository.insert(ctx.db.kysely, {
    id,
    owner: ctx.config.ownerId,
    competition_id: input.competitionId,
    name: input.name,
    banner: input.banner,
    thumbnail: input.thumbnail,
    game: input.game,
    consoles: JSON.stringify([...new Set(input.console)]),
    status_override: input.status,
    open: input.open ? 1 : 0,
    password_hash: passwordHash,
    max_participants: input.maxPartecipants,
    ...schedule,
    check_in: input.check_in,
    check_in_end: input.check_in_end,
    description: sanitizeRichText(input.description),
    rules: sanitizeRichText(input.rules),
    team_size: input.teamSize,
    team_checkin_minimum: input.teamCheckinMinimum,
    format: input.format,
    date_text_it: input.dateText.it,
    date_text_en: input.dateText.en,
    external_url: input.externalUrl,
    ...translatedColumns(input.translations),
    created_at: now,
    updated_at: now,
  });
  return get(ctx, id, null);
}

async function updateTournament(
  ctx: ServiceContext,
  id: string,
  input: UpdateInput,
  passwordHash: string | undefined,
): Promise<{ tournament: Tournament; promoted: string[] }> {
  const current = await findRow(ctx, id);
  const set: Updateable<TournamentsTable> = { updated_at: nowIso() };
  if (input.name !== undefined) set.name = input.name;
  if (input.banner !== undefined) set.banner = input.banner;
  if (input.externalUrl !== undefined) set.external_url = input.externalUrl;
  if (input.thumbnail !== undefined) set.thumbnail = input.thumbnail;
  if (input.game !== undefined) set.game = input.game;
  if (input.console !== undefined) set.consoles = JSON.stringify([...new Set(input.console)]);
  if (input.status !== undefined) set.status_override = input.status;
  if (input.maxPartecipants !== undefined) set.max_participants = input.maxPartecipants;
  if (input.check_in !== undefined) set.check_in = input.check_in;
  if (input.check_in_end !== undefined) set.check_in_end = input.check_in_end;
  if (input.description !== undefined) set.description = sanitizeRichText(input.description);
  if (input.rules !== undefined) set.rules = sanitizeRichText(input.rules);
  if (input.teamSize !== undefined) set.team_size = input.teamSize;
  if (input.teamCheckinMinimum !== undefined) set.team_checkin_minimum = input.teamCheckinMinimum;
  if (input.format !== undefined) set.format = input.format;
  if (input.dateText !== undefined) {
    set.date_text_it = input.dateText.it;
    set.date_text_en = input.dateText.en;
  }
  Object.assign(set, translatedColumns(input.translations));
  if (input.competitionId !== undefined) {
    await assertCompetition(ctx, input.competitionId);
    set.competition_id = input.competitionId;
  }
  const schedule = { ...current };
  for (const key of scheduleKeys) {
    const v = input[key];
    if (v !== undefined) schedule[key] = set[key] = toUtc(v);
  }
  assertSchedule(schedule, current);
  const open = input.open ?? current.open === 1;
  if (open) {
    set.open = 1;
    set.password_hash = null;
  } else {
    set.open = 0;
    if (passwordHash) set.password_hash = passwordHash;
    else if (!current.password_hash)
      throw new AppError('invalid', 'PASSWORD_REQUIRED', 'A private tournament needs a password');
  }
  const result = await TournamentRepository.update(ctx.db.kysely, {
    owner: ctx.config.ownerId,
    id,
    set,
    now: nowIso(),
  });
  if (!result.ok) {
    if (result.reason === 'missing') throw tournamentNotFound();
    throw new AppError('conflict', 'MAX_BELOW_MEMBERS', `There are ${current.member_count} members already`);
  }
  return { tournament: await get(ctx, id, null), promoted: result.promoted };
}

// ---------------------------------------------------------------------------------------------
// players

export function checkGameAccount(row: TournamentRow, account: GameAccount) {
  if (account.game !== row.game) throw new AppError('invalid', 'GAME_MISMATCH', `This tournament is for ${row.game}`);
  const allowed: string[] = JSON.parse(row.consoles);
  if (!allowed.includes(account.console))
    throw new AppError('invalid', 'CONSOLE_NOT_ALLOWED', `Allowed platforms: ${allowed.join(', ')}`);
}

/**
 * The body's game account must be for the player the URL names (that the URL's player is the caller, or the caller an
 * admin, is checked by the route).
 */
function accountOf(userId: string, input: RegistrationInput): GameAccount {
  const [entry] = input.gameAccounts;
  if (input.gameAccounts.length !== 1)
    throw new AppError('invalid', 'TEAM_SIZE_MISMATCH', 'A player joins alone with one game account');
  if (entry.userId !== userId)
    throw new AppError('invalid', 'USER_MISMATCH', 'The game account belongs to another player');
  return entry.gameAccount;
}

async function assertUserExists(ctx: ServiceContext, userId: string, callerId: string) {
  if (userId === callerId) return;
  const found = await Directory.existingPlayerIds(ctx, ctx.config.ownerId, [userId]);
  if (!found.has(userId)) throw Directory.playerNotFound();
}

/** A championship tournament (one with a competition) takes players of CHAMPIONSHIP_MIN_AGE or more, per the FAQ. */
export async function assertOldEnough(ctx: ServiceContext, row: TournamentRow, userId: string) {
  if (!row.competition_id) return;
  const birthDate = await Directory.birthDateOf(ctx, ctx.config.ownerId, userId);
  if (!mayPlayChampionship(true, birthDate, nowIso().slice(0, 10)).ok)
    throw new AppError(
      'forbidden',
      'CHAMPIONSHIP_AGE',
      `The championship is open to players aged ${CHAMPIONSHIP_MIN_AGE} or older with a birth date on their profile`,
    );
}

/** Registration is open and, for a private tournament, the password is right (a solo join or a team's). */
export async function assertMayEnter(row: TournamentRow, password: string | undefined): Promise<void> {
  if (!mayJoin(phaseOfRow(row)).ok) throw new AppError('conflict', 'REGISTRATION_CLOSED', 'Registration is not open');
  if (row.open === 1) return;
  if (!password) throw new AppError('forbidden', 'PASSWORD_REQUIRED', 'This tournament is private');
  // argon2 runs before the transaction, which holds the tournament row only for the slot itself
  if (!row.password_hash || !(await verifyPassword(row.password_hash, password)))
    throw new AppError('forbidden', 'WRONG_PASSWORD', 'Wrong password');
}

// The waitlist goes by the time of joining and the brackets and lobbies by the time of checking in, each tie left
// to a random id: this process stamps each join and check-in, a player's own or an admin's, at least a millisecond
// after the last, so two that come within one millisecond keep the order they came in.
const rosterStamp = monotonicTimestamps();

export async function join(
  ctx: ServiceContext,
  id: string,
  userId: string,
  callerId: string,
  input: RegistrationInput,
) {
  const row = await findRow(ctx, id);
  const account = accountOf(userId, input);
  await assertMayEnter(row, input.password);
  checkGameAccount(row, account);
  await assertUserExists(ctx, userId, callerId);
  await assertOldEnough(ctx, row, userId);
  let badges: EarnedBadgeInfo[] = [];
  const outcome = await TournamentRepository.join(ctx.db.kysely, {
    tournamentId: id,
    userId,
    gameAccount: JSON.stringify(account),
    now: rosterStamp(),
    teams: playedByTeams(row),
    // announced in the join's own transaction: what it earns commits with the registration or not at all
    alongside: async (trx) => {
      // a closing of the account that came first has made the insert wait for it, and refuses the entry here
      await Directory.holdOpenAccounts(inTransaction(ctx, trx), [userId]);
      if (input.saveGameAccount) await Directory.keepGameAccount(trx, userId, account);
      badges = await ctx.events.emit(inTransaction(ctx, trx), 'tournaments.joined', {
        ownerId: ctx.config.ownerId,
        userId,
        tournamentId: id,
      });
    },
  });
  if (outcome === 'already') throw new AppError('conflict', 'ALREADY_REGISTERED', 'Already registered');
  if (outcome === 'disqualified') throw disqualifiedError();
  if (outcome === 'inTeam') throw inTeamError();
  if (outcome === 'gone') throw tournamentNotFound();
  const waitlistPosition =
    outcome === 'waitlist' ? await TournamentRepository.waitlistPosition(ctx.db.kysely, id, userId) : null;
  return { state: outcome, waitlistPosition, tournament: await get(ctx, id, callerId), badges };
}

export async function leave(ctx: ServiceContext, id: string, userId: string, callerId: string): Promise<Tournament> {
  const row = await findRow(ctx, id);
  if (!mayJoin(phaseOfRow(row)).ok) throw new AppError('conflict', 'REGISTRATION_CLOSED', 'Registration is not open');
  const result = await TournamentRepository.leave(ctx.db.kysely, { tournamentId: id, userId, now: nowIso() });
  if (!result.left)
    throw await notInRoster(ctx, id, userId, new AppError('conflict', 'NOT_REGISTERED', 'Not registered'));
  await mailPromoted(ctx, id, result.promoted);
  return get(ctx, id, callerId);
}

export async function setCheckIn(
  ctx: ServiceContext,
  id: string,
  userId: string,
  callerId: string,
  confirmed: boolean,
  input?: RegistrationInput,
): Promise<{ tournament: Tournament; badges: EarnedBadgeInfo[] }> {
  // the check-ins of a rush share the read of the row (its schedule decides whether check-in is open)
  const row = await sharedRoundTrip(ctx.db, `tournament:${ctx.config.ownerId}:${id}`, (db) =>
    TournamentRepository.findById(db, ctx.config.ownerId, id),
  );
  if (!row) throw tournamentNotFound();
  const phase = phaseOfRow(row);
  if (!mayCheckIn(phase).ok) throw new AppError('conflict', 'CHECKIN_CLOSED', 'Check-in is not open');
  let gameAccount: string | undefined;
  if (input) {
    const account = accountOf(userId, input);
    checkGameAccount(row, account);
    gameAccount = JSON.stringify(account);
  }
  const changed = await confirmTogether(ctx, { tournamentId: id, userId, confirmed, gameAccount, now: rosterStamp() });
  // membership is what the atomic write saw (a player who left meanwhile is not one)
  if (!mayCheckIn(phase, changed).ok)
    throw await notInRoster(ctx, id, userId, new AppError('conflict', 'NOT_A_MEMBER', 'Only members can check in'));
  // The write is one statement shared by the check-ins of a burst (confirmTogether), so there is no
  // transaction of this player's to announce in: the check-in is announced once it has committed, and
  // what it earns commits in the listener's own. A badge the award misses is paid at the next sign-in.
  const [registrations, badges] = await Promise.all([
    // the tournament row is untouched by a check-in: only the registrations are read again
    registrationsAfterWrite(ctx, id),
    confirmed
      ? ctx.events.emit(ctx, 'tournaments.checked_in', { ownerId: ctx.config.ownerId, userId, tournamentId: id })
      : [],
  ]);
  return { tournament: toTournament(row, registrations, callerId, Date.now()), badges };
}

/**
 * A player's check-in (or check-out) written together with the others of the same tournament that
 * arrive in the same turn of the event loop, on PostgreSQL: one statement, one round trip and one
 * commit for a burst instead of one each (setConfirmedMany through batchedWrite). Each caller
 * still learns whether its own member row changed. If the shared statement fails (on PostgreSQL,
 * say, a deadlock with another batch holding the same player's row after a double click), each is
 * written on its own, as before.
 */
function confirmTogether(
  ctx: ServiceContext,
  p: { tournamentId: string; userId: string; confirmed: boolean; gameAccount?: string; now: string },
): Promise<boolean> {
  const player = { userId: p.userId, gameAccount: p.gameAccount, now: p.now };
  const { tournamentId, confirmed } = p;
  return batchedWrite(
    ctx.db,
    `checkin|${tournamentId}|${confirmed}`,
    player,
    {
      one: (db) => TournamentRepository.setConfirmed(db, p),
      many: (db, players) => TournamentRepository.setConfirmedMany(db, { tournamentId, confirmed, players }),
      mine: (changed) => changed.has(p.userId),
    },
    (err) => ctx.log.warn({ err, tournament: tournamentId }, 'batched check-in failed; writing each on its own'),
  );
}

/**
 * Why a player's leave or check-in found no row to change: disqualified, or else `otherwise`. Read only on that
 * failure.
 */
async function notInRoster(ctx: ServiceContext, id: string, userId: string, otherwise: AppError): Promise<AppError> {
  const mine = await TournamentRepository.findRegistration(ctx.db.kysely, id, userId);
  return mine?.state === 'disqualified' ? disqualifiedError() : otherwise;
}

/**
 * The registrations of one tournament, read after the caller's write has committed, shared by every
 * caller that asks before the read has begun (sharedRead). A check-in answers the whole tournament,
 * so when the whole field checks in at once (2,000 players in seconds) each answer used to read
 * every registration again: 2,000 reads of 2,000 rows, half the server's CPU in the rush.
 */
const registrationsAfterWrite = (ctx: ServiceContext, id: string): Promise<RegistrationRow[]> =>
  sharedRead(
    ctx.db.kysely,
    `tournament-registrations:${id}`,
    async (db) => (await TournamentRepository.registrationsOf(db, [id])).get(id) ?? [],
  );

// ---------------------------------------------------------------------------------------------
// admin reads and mail

/**
 * Registration rows, in their order, with their players' account fields (the accounts' to read); a
 * row whose account is gone drops out.
 */
async function withPlayers<R extends { user_id: string }>(ctx: ServiceContext, rows: R[]) {
  const people = await Directory.contactsOf(
    ctx,
    rows.map((r) => r.user_id),
  );
  return rows.flatMap((r) => {
    const u = people.get(r.user_id);
    return u ? [{ ...r, ...u, id: r.user_id }] : [];
  });
}

export async function registrations(ctx: ServiceContext, id: string): Promise<Registrations> {
  const { member_count: seatsTaken } = await findRow(ctx, id);
  const rows = await withPlayers(ctx, await TournamentRepository.registrationsInOrder(ctx.db.kysely, id));
  const entry = (r: (typeof rows)[number]) => ({
    userId: r.user_id,
    username: r.username,
    nickname: r.nickname,
    email: r.email,
    gameAccount: JSON.parse(r.game_account) as GameAccount,
    joinedAt: r.created_at,
  });
  const queue = rows.filter((r) => r.state === 'waitlist');
  const teams = await TeamRepository.waitingTeamNames(
    ctx.db.kysely,
    id,
    queue.map((r) => r.user_id),
  );
  return {
    seatsTaken,
    members: rows.filter((r) => r.state === 'member').map((r) => ({ ...entry(r), confirmed: r.confirmed === 1 })),
    waitlist: queue.map((r, i) => ({ ...entry(r), position: i + 1, team: teams.get(r.user_id) ?? null })),
    // the disqualification is the row's last change
    disqualified: rows
      .filter((r) => r.state === 'disqualified')
      .map((r) => ({ ...entry(r), disqualifiedAt: r.updated_at })),
  };
}

/** One line of the roster export (GET /tournaments/{id}/registrations.csv): one value per column. */
export interface RosterLine {
  username: string;
  email: string;
  /** the game account the player registered with: its in-game name, platform and id, each its own column */
  gameAccount: string;
  platform: string;
  gameAccountId: string;
  /** the profile's Epic ID, else the Epic ID of a Fortnite account the player registered with */
  epicId: string;
  discordId: string;
  state: (typeof rosterStates)[number];
  checkedIn: boolean;
  /** the team the player plays for in a team tournament; empty for a solo entry */
  team: string;
}

/** The roster for the CSV export: members, then the waitlist in queue order, then the disqualified. */
export async function rosterLines(ctx: ServiceContext, id: string): Promise<{ name: string; lines: RosterLine[] }> {
  const row = await findRow(ctx, id);
  const rows = await withPlayers(ctx, await TournamentRepository.registrationsInOrder(ctx.db.kysely, id));
  const teams = await TeamRepository.teamNamesOf(ctx.db.kysely, id);
  // the teams an organiser formed from solo sign-ups are a feature above's: it names their players when asked
  const formed = await ctx.events.emit(ctx, 'tournaments.roster_teams', {
    ownerId: ctx.config.ownerId,
    tournamentId: id,
  });
  for (const { userId, team } of formed) if (!teams.has(userId)) teams.set(userId, team);
  const rank: Record<string, number> = { member: 0, waitlist: 1, disqualified: 2 };
  const lines = [...rows]
    .sort((a, b) => (rank[a.state] ?? 3) - (rank[b.state] ?? 3))
    .map((r) => {
      const account = JSON.parse(r.game_account) as GameAccount;
      return {
        username: r.username,
        email: r.email,
        gameAccount: account.username ?? '',
        platform: account.console ?? '',
        gameAccountId: account.id ?? '',
        epicId: r.epic_id || (isFortnite(account.game) ? account.id || account.username || '' : ''),
        discordId: r.discord_id,
        state: r.state as RosterState,
        checkedIn: r.state === 'member' && r.confirmed === 1,
        team: teams.get(r.user_id) ?? '',
      };
    });
  return { name: row.name, lines };
}

const localeOf = (language: string): Locale => (isLocale(language) ? language : 'it');
/** The tournament's name as a mail in `locale` names it: the English one when there is one, else the Italian. */
const nameIn = (row: TournamentRow, locale: Locale) => pickText(row.name, row.name_en, locale);

/** After the commit: a player who moved from the waitlist to the members hears it in their language. */
export async function mailPromoted(ctx: ServiceContext, id: string, userIds: string[]) {
  if (!userIds.length) return;
  try {
    const row = await findRow(ctx, id);
    const people = await withPlayers(
      ctx,
      await TournamentRepository.recipients(ctx.db.kysely, id, { includeWaitlist: false, userIds }),
    );
    for (const p of people) {
      const locale = localeOf(p.language);
      const t = createT(messages[locale].email);
      const vars = {
        name: p.nickname || p.username,
        tournament: nameIn(row, locale),
        link: detailUrl(ctx, id, locale),
      };
      await ctx.mailQueue.send({ to: p.email, subject: t('promoted.subject', vars), text: t('promoted.text', vars) });
    }
  } catch (err) {
    // the promotion is committed; a mail failure must not turn the player's leave into an error
    ctx.log.error({ err, tournament: id }, 'promotion e-mail failed');
  }
}

/** Mails every member (and the waitlist when asked) in their language; the broadcast is audited once sent. */
export async function broadcast(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  input: BroadcastInput,
): Promise<{ sent: number }> {
  const result = await sendBroadcast(ctx, id, input);
  const { name } = await findRow(ctx, id);
  await audited(ctx, actor, (_tx, audit) =>
    audit({
      action: 'tournament.broadcast',
      entityType: 'tournament',
      entityId: id,
      label: name,
      before: null,
      after: { subject: input.subject, includeWaitlist: input.includeWaitlist, sent: result.sent },
    }),
  );
  return result;
}

async function sendBroadcast(ctx: ServiceContext, id: string, input: BroadcastInput): Promise<{ sent: number }> {
  const row = await findRow(ctx, id);
  const people = await withPlayers(
    ctx,
    await TournamentRepository.recipients(ctx.db.kysely, id, { includeWaitlist: input.includeWaitlist }),
  );
  let sent = 0;
  for (const p of people) {
    const locale = localeOf(p.language);
    const t = createT(messages[locale].email);
    const footer = t('broadcast.footer', { tournament: nameIn(row, locale), link: detailUrl(ctx, id, locale) });
    try {
      await ctx.mailQueue.send({
        to: p.email,
        subject: input.subject[locale],
        text: `${input.body[locale]}\n\n--\n${footer}`,
      });
      sent++;
    } catch (err) {
      ctx.log.error({ err, tournament: id }, 'broadcast e-mail failed');
    }
  }
  return { sent };
}

// ---------------------------------------------------------------------------------------------
// the match-day roster: an admin acts on one player. Each call takes the same
// locks and counters as the player's own join, leave and check-in (repository.ts), writes its
// audit entry in the same transaction, and queues its e-mail in it too (sent after the commit).

/** One registration with what a mail to its player needs, read inside the caller's transaction. */
async function rosterEntry(tx: ServiceContext, id: string, userId: string) {
  const row = await TournamentRepository.findRegistration(tx.db.kysely, id, userId);
  return row ? (await withPlayers(tx, [row]))[0] : undefined;
}

type RosterEntry = NonNullable<Awaited<ReturnType<typeof rosterEntry>>>;
type Mailable = Pick<RosterEntry, 'email' | 'language' | 'username' | 'nickname'>;
type RosterMail = 'removed' | 'disqualified' | 'cancelled';

/** Queues one roster e-mail in the player's own language, inside `tx`'s transaction. */
async function queueRosterMail(
  tx: ServiceContext,
  kind: RosterMail,
  person: Mailable,
  row: TournamentRow,
  reason = '',
) {
  const locale = localeOf(person.language);
  const t = createT(messages[locale].email);
  // a cancelled tournament has no page left: its mail points to the list of the others
  const link =
    kind === 'cancelled'
      ? `${tx.config.publicOrigin}${locale === 'en' ? '/en' : ''}/tournaments`
      : detailUrl(tx, row.id, locale);
  const vars = { name: person.nickname || person.username, tournament: nameIn(row, locale), reason, link };
  await tx.mailQueue.send(
    { to: person.email, subject: t(`roster.${kind}.subject`, vars), text: t(`roster.${kind}.text`, vars) },
    tx.db.kysely,
  );
}

async function rosterRow(ctx: ServiceContext, id: string): Promise<{ row: TournamentRow; phase: Phase }> {
  const row = await findRow(ctx, id);
  return { row, phase: phaseOfRow(row) };
}

function assertRosterOpen(phase: Phase) {
  if (!mayManageRoster(phase).ok) throw new AppError('conflict', 'TOURNAMENT_ENDED', 'The tournament has ended');
}

/**
 * An admin's change of the roster while the tournament has not ended: `change` runs in one audited
 * transaction, with the tournament's row and phase as read before it.
 */
async function changeRoster<T>(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  change: (
    tx: ServiceContext,
    audit: (entry: AuditChange) => Promise<void>,
    row: TournamentRow,
    phase: Phase,
  ) => Promise<T>,
): Promise<T> {
  const { row, phase } = await rosterRow(ctx, id);
  assertRosterOpen(phase);
  return audited(ctx, actor, (tx, audit) => change(tx, audit, row, phase));
}

const notRegistered = () =>
  new AppError('conflict', 'NOT_REGISTERED', 'The player is not registered in this tournament');
const notOnWaitlist = () => new AppError('conflict', 'NOT_ON_WAITLIST', 'The player is not on the waitlist');
/** The audit entry of a change of one player on the roster: about the tournament, labelled with its name and theirs. */
const rosterAudit = async (
  ctx: ServiceContext,
  row: TournamentRow,
  userId: string,
  change: Pick<AuditChange, 'action' | 'before' | 'after'>,
): Promise<AuditChange> => ({
  ...change,
  entityType: 'tournament',
  entityId: row.id,
  label: auditLabel(row.name, (await Directory.findPlayer(ctx, ctx.config.ownerId, userId))?.username),
});

/** Who the audit entry is about: the player, as the admin knew them. */
const playerOf = (e: RosterEntry) => ({
  userId: e.user_id,
  username: e.username,
  state: e.state,
  confirmed: e.confirmed === 1,
});

/**
 * Takes a player off the roster in the caller's transaction. A member of a captain's team leaves the
 * team instead (the captain's removal disbands it): the slot is the team's, so the whole team gives it
 * back and is pending again, as when a member leaves on their own.
 */
async function leaveRoster(tx: ServiceContext, id: string, userId: string, fill: boolean) {
  const team = await TeamRepository.membershipOf(tx.db.kysely, id, userId);
  if (!team)
    return TournamentRepository.leave(tx.db.kysely, { tournamentId: id, userId, now: nowIso(), fill, anyState: true });
  const disband = team.captain_id === userId;
  const result = await TeamRepository.removeMember(tx.db.kysely, {
    tournamentId: id,
    teamId: team.id,
    userId,
    disband,
    fill,
    now: nowIso(),
  });
  return { left: result.removed, promoted: result.removed ? result.promoted : [] };
}

/**
 * Removes a player (member, waitlisted or disqualified) with a reason, mailed to them in their
 * language. While registration is open the freed seat goes to the first in line, as after a leave;
 * afterwards it stays free for the admin to give (rules.ts freedSeatFillsItself).
 */
export async function removePlayer(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  userId: string,
  reason: string,
): Promise<Registrations> {
  const promoted = await changeRoster(ctx, actor, id, async (tx, audit, row, phase) => {
    // first, as a disqualification does: the bracket's forfeits below are settled under the tournament's lock
    await lockOpenForResults(tx, id);
    const entry = await rosterEntry(tx, id, userId);
    if (!entry) throw notRegistered();
    const result = await leaveRoster(tx, id, userId, freedSeatFillsItself(phase));
    if (!result.left) throw notRegistered();
    await offTheField(tx, audit, row, entry, 'removed', reason, {
      action: 'tournament.player_remove',
      before: playerOf(entry),
      after: { userId, reason, promoted: result.promoted },
    });
    return result.promoted;
  });
  return afterRosterChange(ctx, id, promoted);
}

/**
 * What a removal and a disqualification both end with: the player's matches still to play are the bracket's (a
 * forfeit each), settled in this transaction, under the tournament's lock taken first; the change is audited with
 * those forfeits, and the player mailed the reason.
 */
async function offTheField(
  tx: ServiceContext,
  audit: (entry: AuditChange) => Promise<void>,
  row: TournamentRow,
  entry: RosterEntry,
  how: 'removed' | 'disqualified',
  reason: string,
  change: Pick<AuditChange, 'action' | 'before'> & { after: Record<string, unknown> },
): Promise<void> {
  const forfeits = await tx.events.emit(tx, `tournaments.${how}`, {
    ownerId: tx.config.ownerId,
    userId: entry.user_id,
    tournamentId: row.id,
  });
  const { after } = change;
  const withForfeits = forfeits.length ? { ...after, forfeits: forfeits.map((f) => f.forfeit) } : after;
  await audit(await rosterAudit(tx, row, entry.user_id, { ...change, after: withForfeits }));
  await queueRosterMail(tx, how, entry, row, reason);
}

/**
 * After a roster change (a removal, a disqualification, a promotion): send the player's mail, tell whoever took a
 * seat, answer the roster.
 */
async function afterRosterChange(ctx: ServiceContext, id: string, promoted: string[]): Promise<Registrations> {
  ctx.mailQueue.wake();
  await mailPromoted(ctx, id, promoted);
  return registrations(ctx, id);
}

/**
 * Disqualifies a member or a waitlisted player with a reason (mailed): the row stays, so they cannot check in or join
 * again. Allowed after the end too (cheating found later), but not once the results are final: the standings are
 * frozen and the prizes paid by then, so the player would be told of a disqualification that changes neither.
 * A seated team plays on without its disqualified member; a team waiting for a seat, whose place in the queue is its
 * captain's, is disbanded with its captain, as when the captain leaves, so the other members are free to enter again.
 */
export async function disqualifyPlayer(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  userId: string,
  reason: string,
): Promise<Registrations> {
  const { row, phase } = await rosterRow(ctx, id);
  const promoted = await audited(ctx, actor, async (tx, audit) => {
    await lockOpenForResults(tx, id);
    const result = await TournamentRepository.disqualify(tx.db.kysely, {
      tournamentId: id,
      userId,
      now: nowIso(),
      fill: freedSeatFillsItself(phase),
      keepsSlot: (await TeamRepository.membershipOf(tx.db.kysely, id, userId)) !== undefined,
    });
    if (!result.ok) {
      if (result.reason === 'gone') throw tournamentNotFound();
      if (result.reason === 'already')
        throw new AppError('conflict', 'ALREADY_DISQUALIFIED', 'The player is already disqualified');
      throw notRegistered();
    }
    const disbanded = result.was === 'waitlist' ? await TeamRepository.disbandWaiting(tx.db.kysely, id, userId) : null;
    const entry = (await rosterEntry(tx, id, userId))!;
    await offTheField(tx, audit, row, entry, 'disqualified', reason, {
      action: 'tournament.player_disqualify',
      before: { userId, username: entry.username, state: result.was, ...(disbanded && { team: disbanded }) },
      after: { userId, username: entry.username, state: 'disqualified', reason, promoted: result.promoted },
    });
    return result.promoted;
  });
  return afterRosterChange(ctx, id, promoted);
}

/**
 * Checks a member in or out on their behalf, keeping the game account they registered with. Unlike
 * the player's own check-in this is not bound to the check-in window: at any time until the
 * tournament ends (rules.ts mayManageRoster), so a late arrival is checked in by hand on match day.
 */
export async function checkInFor(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  userId: string,
  confirmed: boolean,
): Promise<Registrations> {
  await changeRoster(ctx, actor, id, async (tx, audit, row) => {
    const entry = await rosterEntry(tx, id, userId);
    // the same conditional write as the player's check-in: only a member row changes
    const changed = await TournamentRepository.setConfirmed(tx.db.kysely, {
      tournamentId: id,
      userId,
      confirmed,
      now: rosterStamp(),
    });
    if (!changed)
      throw entry?.state === 'disqualified'
        ? disqualifiedError()
        : entry
          ? new AppError('conflict', 'NOT_A_MEMBER', 'Only members can check in')
          : notRegistered();
    await audit(
      await rosterAudit(tx, row, userId, {
        action: confirmed ? 'tournament.player_checkin' : 'tournament.player_checkout',
        // the same record on both sides, so the entry shows only the check-in changing
        before: entry ? playerOf(entry) : null,
        after: entry ? { ...playerOf(entry), confirmed } : { userId, confirmed },
      }),
    );
    // a check-in is a check-in, whoever pressed the button: the player earns what their own would
    if (confirmed)
      await tx.events.emit(tx, 'tournaments.checked_in', { ownerId: ctx.config.ownerId, userId, tournamentId: id });
  });
  return registrations(ctx, id);
}

/** The players an admin may add to the roster: usernames containing `search`, not yet registered here. */
export async function rosterCandidates(
  ctx: ServiceContext,
  id: string,
  search: string,
): Promise<{ userId: string; username: string }[]> {
  await findRow(ctx, id);
  const rows = await RosterRepository.candidates(ctx.db.kysely, {
    owner: ctx.config.ownerId,
    tournamentId: id,
    search,
    limit: ROSTER_CANDIDATES_MAX,
  });
  return rows.map((r) => ({ userId: r.id, username: r.username }));
}

/**
 * The game account an admin-added player registers with: the first saved one of the tournament's
 * game on an allowed platform, else the first of the game; none is 409 NO_GAME_ACCOUNT.
 */
function savedAccountFor(row: TournamentRow, accounts: GameAccount[]): GameAccount {
  const allowed: string[] = JSON.parse(row.consoles);
  const ofGame = accounts.filter((a) => a.game === row.game);
  const account = ofGame.find((a) => allowed.includes(a.console)) ?? ofGame[0];
  if (!account)
    throw new AppError(
      'conflict',
      'NO_GAME_ACCOUNT',
      `The player has no ${row.game} game account on their profile: they add one in their settings`,
    );
  return account;
}

/**
 * Adds a registered site user to the roster on the admin's word, audited: a member while a seat is
 * free, else on the waitlist, as their own join would. Not bound to the registration window nor to a
 * private tournament's password (until the tournament ends); the championship's age rule still
 * holds. They register with their saved game account of the tournament's game, and earn what their
 * own join earns.
 */
export async function addPlayer(ctx: ServiceContext, actor: Actor, id: string, userId: string): Promise<Registrations> {
  const { row, phase } = await rosterRow(ctx, id);
  assertRosterOpen(phase);
  const player = await Directory.findPlayer(ctx, ctx.config.ownerId, userId);
  if (!player) throw Directory.playerNotFound();
  const account = savedAccountFor(row, player.gameAccounts);
  await assertOldEnough(ctx, row, userId);
  // a player in a captain's team stands with the team: its seat, or its place in the queue, is theirs; one
  // disqualified is told so first, even while the team that plays on without them still lists them
  const { inTeam, disqualified } = await TeamRepository.takenPlayers(ctx.db.kysely, id, [userId]);
  if (disqualified.size) throw disqualifiedError();
  if (inTeam.size) throw inTeamError();
  await audited(ctx, actor, async (tx, audit) => {
    // the game account above was read from a profile a closing may be erasing: it waits, or refuses a closed one
    await Directory.holdOpenAccounts(tx, [userId]);
    const outcome = await TournamentRepository.join(tx.db.kysely, {
      tournamentId: id,
      userId,
      gameAccount: JSON.stringify(account),
      now: rosterStamp(),
      teams: playedByTeams(row),
    });
    if (outcome === 'already') throw new AppError('conflict', 'ALREADY_REGISTERED', 'Already registered');
    if (outcome === 'disqualified') throw disqualifiedError();
    if (outcome === 'inTeam') throw inTeamError();
    if (outcome === 'gone') throw tournamentNotFound();
    await audit({
      action: 'tournament.player_add',
      entityType: 'tournament',
      entityId: id,
      before: null,
      after: { userId, username: player.username, state: outcome, gameAccount: account },
    });
    await tx.events.emit(tx, 'tournaments.joined', { ownerId: ctx.config.ownerId, userId, tournamentId: id });
  });
  return registrations(ctx, id);
}

/**
 * Gives a free seat to one waitlisted player of the admin's choice (mailed as any promotion); a full tournament is 409
 * TOURNAMENT_FULL.
 */
export async function promotePlayer(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  userId: string,
): Promise<Registrations> {
  const promoted = await changeRoster(ctx, actor, id, async (tx, audit, row) => {
    const outcome = await TournamentRepository.promote(tx.db.kysely, { tournamentId: id, userId, now: nowIso() });
    if (outcome === 'gone') throw tournamentNotFound();
    if (outcome === 'full')
      throw new AppError('conflict', 'TOURNAMENT_FULL', 'No free seat: remove a member or add seats first');
    if (outcome === 'notWaitlisted') throw notOnWaitlist();
    await audit(
      await rosterAudit(tx, row, userId, {
        action: 'tournament.player_promote',
        before: { userId, state: 'waitlist' },
        after: { userId, state: 'member' },
      }),
    );
    return outcome.promoted;
  });
  return afterRosterChange(ctx, id, promoted);
}

/** Moves a waitlisted player to another place in the queue (1 is next in line). */
export async function moveInWaitlist(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  userId: string,
  position: number,
): Promise<Registrations> {
  await changeRoster(ctx, actor, id, async (tx, audit, row) => {
    const from = await TournamentRepository.waitlistPosition(tx.db.kysely, id, userId);
    const outcome = await TournamentRepository.moveInWaitlist(tx.db.kysely, {
      tournamentId: id,
      userId,
      position,
      now: nowIso(),
    });
    if (outcome === 'gone') throw tournamentNotFound();
    if (outcome === 'notWaitlisted') throw notOnWaitlist();
    const to = await TournamentRepository.waitlistPosition(tx.db.kysely, id, userId);
    await audit(
      await rosterAudit(tx, row, userId, {
        action: 'tournament.waitlist_move',
        before: { userId, position: from },
        after: { userId, position: to },
      }),
    );
  });
  return registrations(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// match day: the results domain reads and locks a tournament through these

/** What match day needs of a tournament (404 TOURNAMENT_NOT_FOUND when there is none). */
export async function matchDayOf(ctx: ServiceContext, id: string) {
  const row = await TournamentRepository.matchDayOf(ctx.db.kysely, ctx.config.ownerId, id);
  if (!row) throw tournamentNotFound();
  return {
    id: row.id,
    game: row.game,
    teamSize: row.team_size,
    format: row.format,
    /** JSON ScoringTable or null */
    scoring: row.scoring,
    finalizedAt: row.finalized_at,
    /** JSON StandingsRow[] or null */
    finalStandings: row.final_standings,
  };
}

const finalisedError = () => new AppError('conflict', 'TOURNAMENT_FINALIZED', 'The results are final');

/**
 * The first step of every write that changes a tournament's results (`ctx` bound to the write's
 * transaction): locks the tournament's row until the commit, the row finalising claims, so the
 * write and a finalisation happen one after the other, and refuses (404, or 409
 * TOURNAMENT_FINALIZED) in the same statement once the results are final. A check made before
 * the transaction would let a write started just before finalising land just after it.
 */
export async function lockOpenForResults(ctx: ServiceContext, id: string): Promise<void> {
  if (await TournamentRepository.lockOpenForResults(ctx.db.kysely, ctx.config.ownerId, id)) return;
  await findRow(ctx, id);
  throw finalisedError();
}

/** Stores a scoring table (JSON), inside the caller's audited transaction. */
export const setScoring = (ctx: ServiceContext, id: string, scoring: string | null) =>
  TournamentRepository.setScoring(ctx.db.kysely, ctx.config.ownerId, id, scoring);

/** The checked-in members ({id, username}) in check-in order. */
export async function checkedInPlayers(ctx: ServiceContext, id: string): Promise<{ id: string; username: string }[]> {
  const rows = await withPlayers(ctx, await TournamentRepository.checkedIn(ctx.db.kysely, id));
  return rows.map((r) => ({ id: r.user_id, username: r.username }));
}

// ---------------------------------------------------------------------------------------------
// what the reminders (src/features/reminders) ask of a tournament: which windows are open now,
// which results were finalised lately, and who to mail. The phase is the one the badge and the
// button show (phaseOf), so a reminder never says "check-in is open" while the page says otherwise.

/** A tournament as a reminder names and links it. */
export interface RemindedTournament {
  id: string;
  name: Record<Locale, string>;
  /** how it was played: a bracket's results mail tells a placing, a battle royale's a rank and points */
  format: TournamentFormat;
  endCheckin: string | null;
  /** the .ics of the tournament (absolute), null when it has no start date to put in a calendar */
  calendarUrl: string | null;
}

export interface ReminderPage<T> {
  tournaments: T[];
  /** the id to continue after, null on the last page */
  next: string | null;
}

const parseJson = (text: string | null): unknown => {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

const remindedTournament = (ctx: ServiceContext, row: TournamentRow): RemindedTournament => ({
  id: row.id,
  name: { it: row.name, en: row.name_en || row.name },
  format: formatOf(row),
  endCheckin: row.end_checkin,
  calendarUrl: row.start_tournament
    ? `${ctx.config.publicOrigin}/api/tournaments/${encodeURIComponent(row.id)}/calendar.ics`
    : null,
});

/** The tournaments whose check-in is open at `now`, a page of `limit` rows after the id `after`. */
export async function checkInsOpen(
  ctx: ServiceContext,
  now: number,
  page: { after: string; limit: number },
): Promise<ReminderPage<RemindedTournament>> {
  const rows = await TournamentRepository.checkInWindowsAt(ctx.db.kysely, {
    owner: ctx.config.ownerId,
    now: new Date(now).toISOString(),
    ...page,
  });
  return {
    // an admin's status (ongoing, ended) closes the window before its time, as on the page
    tournaments: rows
      .filter((row) => phaseOfRow(row, now) === 'checkinOpen')
      .map((row) => remindedTournament(ctx, row)),
    next: rows.length === page.limit ? rows[rows.length - 1].id : null,
  };
}

/**
 * The tournaments finalised at or after `since`, with their frozen standings as stored (the results
 * feature wrote them and is the one that reads their rows; null when unreadable).
 */
export async function finalisedSince(
  ctx: ServiceContext,
  since: number,
  page: { after: string; limit: number },
): Promise<ReminderPage<RemindedTournament & { finalStandings: unknown }>> {
  const rows = await TournamentRepository.finalisedSince(ctx.db.kysely, {
    owner: ctx.config.ownerId,
    since: new Date(since).toISOString(),
    ...page,
  });
  return {
    tournaments: rows.map((row) => ({
      ...remindedTournament(ctx, row),
      finalStandings: parseJson(row.final_standings),
    })),
    next: rows.length === page.limit ? rows[rows.length - 1].id : null,
  };
}

/** A tournament's members with their address, language and whether they checked in, in queue order. */
export async function membersToRemind(ctx: ServiceContext, id: string) {
  const rows = await withPlayers(ctx, await TournamentRepository.membersToMail(ctx.db.kysely, id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    locale: localeOf(r.language),
    username: r.username,
    name: r.nickname || r.username,
    checkedIn: r.confirmed === 1,
  }));
}

// ---------------------------------------------------------------------------------------------
// the results' part of a tournament's row (prizes, the finalisation, the frozen standings): the
// results feature decides what they hold, the tournaments store them

/** What finalising reads of a tournament (the prize table as stored, JSON), or undefined. */
export const prizeRow = (ctx: ServiceContext, id: string) =>
  TournamentRepository.prizeRow(ctx.db.kysely, ctx.config.ownerId, id);

/** Stores the prize table (JSON) unless the tournament is finalised: false then. */
export const setPrizes = (ctx: ServiceContext, id: string, prizes: string, now: string) =>
  TournamentRepository.setPrizes(ctx.db.kysely, ctx.config.ownerId, id, prizes, now);

/** Marks the tournament finalised and ended unless it already is; true for the one call that did. */
export const claimFinalisation = (ctx: ServiceContext, id: string, now: string) =>
  TournamentRepository.claimFinalisation(ctx.db.kysely, ctx.config.ownerId, id, now);

/** Keeps the standings (JSON) a finalisation froze. */
export const freezeStandings = (ctx: ServiceContext, id: string, standings: string) =>
  TournamentRepository.freezeStandings(ctx.db.kysely, id, standings);

/** The standings (JSON) a finalisation froze, or null. */
export const finalStandings = (ctx: ServiceContext, id: string) =>
  TournamentRepository.finalStandings(ctx.db.kysely, id);

/**
 * The tournament (of `owner`; this one when given) where the user is a member, checked in when
 * `confirmedOnly`, as a list of at most one id.
 */
export const memberTournaments = (
  ctx: ServiceContext,
  owner: string,
  userId: string,
  confirmedOnly: boolean,
  tournamentId?: string,
) => TournamentRepository.memberTournaments(ctx.db.kysely, owner, userId, confirmedOnly, tournamentId);

/** The ids of `ids` that name a tournament of `owner`. */
export const ownedTournamentIds = (ctx: ServiceContext, owner: string, ids: string[]) =>
  TournamentRepository.ownedIds(ctx.db.kysely, owner, ids);

/** The tournaments of these championships: id, competition, format, game and when finalised. */
export const championshipTournaments = (ctx: ServiceContext, competitionIds: string[]) =>
  TournamentRepository.championshipTournaments(ctx.db.kysely, competitionIds);

/** Whether the player is still in a tournament that has not ended: registered, waitlisted, or in a team. */
export function takesPartNow(ctx: ServiceContext, userId: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  return TournamentRepository.hasUnendedEntry(ctx.db.kysely, ctx.config.ownerId, userId, now);
}

/**
 * A closed account's entries keep their place in past tournaments under `name`, without its game account, and its
 * faction picks keep their side and points under `name` too.
 */
export async function forgetPlayer(ctx: ServiceContext, userId: string, name: string): Promise<void> {
  await TournamentRepository.forgetGameAccounts(ctx.db.kysely, userId, name);
  await CompetitionRepository.forgetPlayerName(ctx.db.kysely, userId, name);
}
