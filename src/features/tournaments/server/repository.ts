import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, TournamentRegistrationsTable, TournamentsTable } from '../../../platform/db/schema.ts';
import { countAll, isForeignKeyViolation, isUniqueViolation, transaction } from '../../../platform/db/database.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';
import { byText, containsFolded, orderFor, searchKey } from '../../../platform/db/search.ts';
import { phasesOfListPhase, teamSizeFilters, type ListPhase, type Phase, type TeamSizeFilter } from '../rules.ts';
import { firstOwnedWithRow, idsWithRows, rowExists } from '../../../platform/db/matching-rows.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

export type TournamentRow = Selectable<TournamentsTable>;
/** A registration as a tournament answer needs it; a tournament's list of them is in queue order. */
export type RegistrationRow = Pick<Selectable<TournamentRegistrationsTable>, 'user_id' | 'state' | 'confirmed'>;
export type RegistrationState = 'member' | 'waitlist';
/** A disqualified player keeps their row (state 'disqualified'), so they can neither join again nor check in. */
export type RosterState = RegistrationState | 'disqualified';

type Db = Kysely<Database>;

/**
 * 1 when the effective status is 2 (ended), else 0: the admin's status when set, otherwise the
 * schedule's (phase.ts scheduledStatus). Timestamps are stored as UTC ISO strings, so comparing
 * them as text is comparing instants, on both engines.
 */
const endedSql = (now: string) =>
  sql<number>`(case when coalesce(status_override, case when start_tournament is not null
    and start_tournament <= ${now} and end_tournament is not null and end_tournament <= ${now}
    then 2 else 0 end) = 2 then 1 else 0 end)`;

export interface ListFilter {
  owner: string;
  now: string;
  competitionId?: string;
  /** only tournaments this user is registered in (member or waitlist) */
  memberId?: string;
  excludeEnded?: boolean;
  /** archived tournaments: left out (the public lists), listed alone, or (left out) listed with the rest */
  archived?: 'hide' | 'include' | 'only';
  /** `?sort=`: name or start (`-key` descending); the list's own order otherwise */
  sort?: string;
  /** part of the name in either language: the Italian one or the English one */
  search?: string;
  game?: string;
  /** a console the tournament is played on (one of its consoles) */
  platform?: string;
  /** the phase now, as the list filters it (rules.ts listPhases) */
  phase?: ListPhase;
  teamSize?: TeamSizeFilter;
  limit: number;
  offset: number;
}

function filtered(db: Db, f: ListFilter) {
  let q = db.selectFrom('tournaments').where('owner', '=', f.owner);
  if (f.competitionId) q = q.where('competition_id', '=', f.competitionId);
  if (f.memberId)
    q = q.where(
      'id',
      'in',
      db.selectFrom('tournament_registrations').select('tournament_id').where('user_id', '=', f.memberId),
    );
  if (f.excludeEnded) q = q.where(sql<boolean>`${endedSql(f.now)} = 0`);
  if (f.archived === 'hide') q = q.where('archived_at', 'is', null);
  if (f.archived === 'only') q = q.where('archived_at', 'is not', null);
  if (f.search) {
    const search = f.search;
    // the names folded when written: accents and case aside, the same on both engines
    q = q.where(containsFolded('tournaments.name_search', search));
  }
  if (f.game) q = q.where('game', '=', f.game);
  // consoles is a JSON array of the catalogue's values, none of which holds a quote or a LIKE wildcard
  if (f.platform) q = q.where('consoles', 'like', `%${JSON.stringify(f.platform)}%`);
  if (f.phase) q = q.where(phaseSql(f.now), 'in', [...phasesOfListPhase[f.phase]]);
  if (f.teamSize) q = q.where(teamSizeSql(f.teamSize));
  return q;
}

/** The effective status (0, 1, 2): the admin's when set, else the schedule's, as rules.ts scheduledStatus. */
const statusSql = (now: string) =>
  sql<number>`coalesce(status_override, case when start_tournament is null or start_tournament > ${now} then 0
    when end_tournament is null or end_tournament > ${now} then 1 else 2 end)`;

/**
 * The phase now, evaluated in the order of rules.ts phaseOf (a missing date is never "still ahead"),
 * on the stored UTC ISO strings, which compare as instants.
 */
const phaseSql = (now: string) =>
  sql<Phase>`case
    when ${statusSql(now)} = 2 then 'complete'
    when ${statusSql(now)} = 1 then 'ongoing'
    when start_registration > ${now} then 'waiting'
    when coalesce(start_checkin, start_tournament) > ${now}
      and (end_registration is null or end_registration > ${now}) then 'registration'
    when start_checkin > ${now} then 'registrationClosed'
    when start_checkin is not null and end_checkin > ${now} then 'checkinOpen'
    when start_tournament > ${now}
      then case when start_checkin is null then 'registrationClosed' else 'checkinClosed' end
    else 'ongoing'
  end`;

/** Solo is one player a team, or no size set (rules.ts teamSizeFilterOf). */
function teamSizeSql(size: TeamSizeFilter) {
  if (size === 'solo') return sql<boolean>`(team_size is null or team_size <= 1)`;
  if (size === 'large') return sql<boolean>`team_size >= 5`;
  return sql<boolean>`team_size = ${teamSizeFilters.indexOf(size) + 1}`;
}

/**
 * List order: not ended first by start ascending (unscheduled last), then ended ones newest first,
 * after the `?sort=` key when one was asked; as one ORDER BY list, for a page and for a window.
 */
function listOrder(f: ListFilter) {
  const ended = endedSql(f.now);
  // an unscheduled tournament counts as the latest start: the same on both engines, whose nulls sort differently
  const asked = orderFor(f.sort ?? 'newest', { name: byText('name'), start: sql`coalesce(start_tournament, '9999')` });
  return sql.join([
    ...(asked ? [sql`${asked[0]} ${sql.raw(asked[1])}`] : []),
    sql`${ended} asc`,
    sql`case when ${ended} = 0 then start_tournament end asc nulls last`,
    sql`case when ${ended} = 1 then start_tournament end desc nulls last`,
    sql`tournaments.created_at desc`,
    sql`tournaments.id`,
  ]);
}

/** One page of `q` in list order. */
function pageInListOrder<O>(q: SelectQueryBuilder<Database, 'tournaments', O>, f: ListFilter) {
  return q.orderBy(listOrder(f)).limit(f.limit).offset(f.offset);
}

/**
 * For a registration `r` on the waitlist, how many are queued before it (the queue order of
 * waitlistPosition); null for any other state.
 */
const aheadInQueue = sql<
  number | null
>`case when r.state = 'waitlist' then (select ${countAll()} from tournament_registrations w
  where w.tournament_id = r.tournament_id and w.state = 'waitlist'
    and (w.created_at < r.created_at or (w.created_at = r.created_at and w.user_id < r.user_id))) end`;

/** One page in list order, with how many match in all. */
export async function list(db: Db, f: ListFilter): Promise<{ rows: TournamentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    pageInListOrder(filtered(db, f).selectAll(), f).execute(),
    filtered(db, f).select(countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * One page of a player's own tournaments (the list filtered on `memberId`) in list order, in one
 * query: each id with the player's registration in it (state, confirmed and, when waitlisted, how
 * many are queued before them, as standingsIn). The items themselves come from the cache. It starts
 * from the player's registrations (their user_id index) joined to the tournaments: the filter as a
 * subquery, a column per registration field and a window count made the statement several times
 * dearer than the rest of the request, for a player who is in a handful of tournaments.
 */
export async function ownPage(db: Db, f: ListFilter & { memberId: string }) {
  const rows = await pageInListOrder(
    filtered(db, { ...f, memberId: undefined })
      .innerJoin('tournament_registrations as r', (join) =>
        join.onRef('r.tournament_id', '=', 'tournaments.id').on('r.user_id', '=', f.memberId),
      )
      .select(['tournaments.id', 'r.state', 'r.confirmed', aheadInQueue.as('ahead')]),
    f,
  ).execute();
  // a page that is not full ends the list, so it tells the total; otherwise it is counted
  const total =
    rows.length > 0 && rows.length < f.limit
      ? f.offset + rows.length
      : rows.length === 0 && f.offset === 0
        ? 0
        : Number((await filtered(db, f).select(countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { rows, total };
}

/**
 * ownPage for several players at once (the "my tournaments" requests of a turn of the event loop
 * share one round trip on PostgreSQL, src/platform/db/shared-read.ts): each player's page of
 * their own tournaments, numbered in list order per player, with each one's total. A page past
 * the end still carries its player's first row, which tells the total and is not in the page.
 */
export async function ownPages(db: Db, f: ListFilter, memberIds: string[]) {
  if (memberIds.length === 1) return new Map([[memberIds[0]!, await ownPage(db, { ...f, memberId: memberIds[0]! })]]);
  const numbered = filtered(db, { ...f, memberId: undefined })
    .innerJoin('tournament_registrations as r', 'r.tournament_id', 'tournaments.id')
    .where('r.user_id', 'in', memberIds)
    .select([
      'r.user_id',
      'tournaments.id',
      'r.state',
      'r.confirmed',
      aheadInQueue.as('ahead'),
      sql<number>`row_number() over (partition by r.user_id order by ${listOrder(f)})`.as('n'),
      sql<number>`count(*) over (partition by r.user_id)`.as('total'),
    ]);
  const rows = await db
    .selectFrom(numbered.as('p'))
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('n', '>', f.offset), eb('n', '<=', f.offset + f.limit)]), eb('n', '=', 1)]))
    .orderBy('user_id')
    .orderBy('n')
    .execute();
  const pages = new Map(
    memberIds.map((id) => [id, { rows: [] as Omit<(typeof rows)[number], 'user_id' | 'n' | 'total'>[], total: 0 }]),
  );
  for (const { user_id, n, total, ...row } of rows) {
    const page = pages.get(user_id)!;
    page.total = Number(total);
    if (Number(n) > f.offset) page.rows.push(row);
  }
  return pages;
}

export async function findById(db: Db, owner: string, id: string): Promise<TournamentRow | undefined> {
  return db.selectFrom('tournaments').selectAll().where('owner', '=', owner).where('id', '=', id).executeTakeFirst();
}

/** The registrations of a page of tournaments in one query, in queue order (joined at, then user id). */
/**
 * The registrations of these tournaments, each tournament's in queue order (joined first; ties by
 * user id). Each tournament's come as one line of text, `user state confirmed` separated by commas
 * (ids are UUIDs, states single words): a check-in rush reads a 2,000-player roster again after
 * every burst of writes, and the driver building 2,000 row objects each time was a tenth of the
 * server's processor, where splitting one string costs little. string_agg with ORDER BY is
 * PostgreSQL's and SQLite's (3.44+).
 */
export async function registrationsOf(db: Db, tournamentIds: string[]): Promise<Map<string, RegistrationRow[]>> {
  const rosters = new Map<string, RegistrationRow[]>();
  if (!tournamentIds.length) return rosters;
  const rows = await db
    .selectFrom('tournament_registrations')
    .select([
      'tournament_id',
      sql<string>`string_agg(user_id || ' ' || state || ' ' || confirmed, ',' order by created_at, user_id)`.as(
        'lines',
      ),
    ])
    .where('tournament_id', 'in', tournamentIds)
    .groupBy('tournament_id')
    .execute();
  for (const { tournament_id, lines } of rows) {
    rosters.set(
      tournament_id,
      lines.split(',').map((line) => {
        const [user_id, state, confirmed] = line.split(' ');
        return { user_id: user_id!, state: state!, confirmed: Number(confirmed) };
      }),
    );
  }
  return rosters;
}

/** One player's registration in a tournament (pass a transaction to read it there). */
export async function findRegistration(db: Db, tournamentId: string, userId: string) {
  return db
    .selectFrom('tournament_registrations')
    .select(['user_id', 'state', 'confirmed', 'created_at'])
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** 1 + the number of players queued before this one; null when the user is not waitlisted. */
export async function waitlistPosition(db: Db, tournamentId: string, userId: string): Promise<number | null> {
  const mine = await db
    .selectFrom('tournament_registrations')
    .select('created_at')
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .where('state', '=', 'waitlist')
    .executeTakeFirst();
  if (!mine) return null;
  const ahead = await db
    .selectFrom('tournament_registrations')
    .select(countAll().as('n'))
    .where('tournament_id', '=', tournamentId)
    .where('state', '=', 'waitlist')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', mine.created_at),
        eb.and([eb('created_at', '=', mine.created_at), eb('user_id', '<', userId)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return 1 + Number(ahead.n);
}

/**
 * Some players' registrations among some tournaments, in one query over the primary key
 * (tournament, user), with `ahead`: for a waitlisted one, how many are queued before them (the
 * queue order of waitlistPosition), else null. A tournament a player is not in has no row.
 */
export async function standingsIn(db: Db, userIds: string[], tournamentIds: string[]) {
  if (!tournamentIds.length || !userIds.length) return [];
  return db
    .selectFrom('tournament_registrations as r')
    .select(['r.user_id', 'r.tournament_id', 'r.state', 'r.confirmed'])
    .select(aheadInQueue.as('ahead'))
    .where('r.tournament_id', 'in', tournamentIds)
    .where('r.user_id', 'in', userIds)
    .execute();
}

export async function insert(db: Db, row: Omit<Insertable<TournamentsTable>, 'name_search'>): Promise<void> {
  await db
    .insertInto('tournaments')
    .values({ ...row, name_search: searchKey(row.name, row.name_en) })
    .execute();
}

/**
 * The stored images every brand's tournaments name: banner, thumbnail, and the pictures in the descriptions and
 * rules of both languages (the media sweep keeps them).
 */
export const mediaReferences = (db: Db) =>
  mediaInColumns(db, 'tournaments', ['banner', 'thumbnail', 'description', 'description_en', 'rules', 'rules_en']);

/** Archives (an instant) or brings back (null) a tournament; false when there is none of this owner. */
export async function setArchived(db: Db, owner: string, id: string, archivedAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ archived_at: archivedAt })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function remove(db: Db, owner: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tournaments').where('owner', '=', owner).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes one slot if one is free: the conditional UPDATE is the guard that keeps members within
 * max_participants. On PostgreSQL it also row-locks the tournament until the transaction ends, so
 * concurrent joins and leaves of one tournament queue behind each other.
 */
export async function takeSlot(trx: Db, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('tournaments')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', id)
    .whereRef('member_count', '<', 'max_participants')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A slot if one is free ('member'), else a place in the queue ('waitlist'); 'gone' when the
 * tournament is. Inside the caller's transaction, before it inserts the registration.
 */
export async function seatOrQueue(trx: Db, id: string): Promise<RegistrationState | 'gone'> {
  if (await takeSlot(trx, id)) return 'member';
  // Full when we looked: hold the row so a leave cannot free a slot between this check and the
  // caller's waitlist insert (that slot would go unused while they wait), then look once more.
  const counters = await lockSlots(trx, id);
  if (!counters) return 'gone';
  if (counters.member_count < counters.max_participants && (await takeSlot(trx, id))) return 'member';
  return 'waitlist';
}

/**
 * A whole team waits for a slot as its captain's waitlisted registration, so it keeps its place in
 * the one queue solo players stand in. Once that registration takes a slot, the team is whole: its
 * other members become members too, in the caller's transaction. Returns them (none for a player
 * who captains no waiting team).
 */
async function seatWaitingTeam(trx: Db, tournamentId: string, captainId: string, now: string): Promise<string[]> {
  const team = await trx
    .selectFrom('entry_teams')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('captain_id', '=', captainId)
    .where('complete', '=', 0)
    .executeTakeFirst();
  if (!team) return [];
  const others = await trx
    .selectFrom('entry_team_members')
    .select(['user_id', 'game_account'])
    .where('team_id', '=', team.id)
    .where('user_id', '!=', captainId)
    .execute();
  await insertRows(
    trx,
    'tournament_registrations',
    others.map((m) => ({
      tournament_id: tournamentId,
      user_id: m.user_id,
      state: 'member',
      confirmed: 0,
      game_account: m.game_account,
      created_at: now,
      updated_at: now,
    })),
  );
  await trx.updateTable('entry_teams').set({ complete: 1 }).where('id', '=', team.id).execute();
  return others.map((m) => m.user_id);
}

/** A no-op UPDATE: locks the tournament row (PostgreSQL) and reads its counters after the lock. */
export async function lockSlots(trx: Db, id: string) {
  return trx
    .updateTable('tournaments')
    .set((eb) => ({ member_count: eb.ref('member_count') }))
    .where('id', '=', id)
    .returning(['member_count', 'max_participants'])
    .executeTakeFirst();
}

/**
 * Promotes waitlisted players, first in the queue first, while slots are free. Runs inside a
 * transaction that already holds the tournament row; returns who moved up (a waiting team's
 * captain brings the whole team).
 */
async function fillSlots(trx: Db, id: string, now: string): Promise<string[]> {
  const promoted: string[] = [];
  for (;;) {
    const next = await trx
      .selectFrom('tournament_registrations')
      .select('user_id')
      .where('tournament_id', '=', id)
      .where('state', '=', 'waitlist')
      .orderBy('created_at')
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    if (!(await takeSlot(trx, id))) break;
    const moved = await trx
      .updateTable('tournament_registrations')
      .set({ state: 'member', confirmed: 0, updated_at: now })
      .where('tournament_id', '=', id)
      .where('user_id', '=', next.user_id)
      .where('state', '=', 'waitlist')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0)
      promoted.push(next.user_id, ...(await seatWaitingTeam(trx, id, next.user_id, now)));
    else
      // they left the queue meanwhile: give the slot back and look again
      await trx
        .updateTable('tournaments')
        .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
        .where('id', '=', id)
        .execute();
  }
  return promoted;
}

export type JoinOutcome = RegistrationState | 'already' | 'disqualified' | 'inTeam' | 'gone';

/**
 * One transaction: take a slot if one is free and insert the member, otherwise queue on the
 * waitlist. The primary key (tournament, user) decides a race between two joins of one user.
 */
/**
 * `alongside`: the caller's own writes for the new registration (the game account kept on the profile, what the
 * join earns), in the same transaction, so a join that fails ('already', 'gone') leaves them undone.
 */
export async function join(
  db: Db,
  p: {
    tournamentId: string;
    userId: string;
    gameAccount: string;
    now: string;
    /** a tournament captains register teams for: a player named in one of its teams ('inTeam') enters with it */
    teams?: boolean;
    alongside?: (trx: Transaction<Database>, state: RegistrationState) => Promise<void>;
  },
): Promise<JoinOutcome> {
  try {
    return await transaction(db, async (trx) => {
      // a team's registration, invitation and answer hold the tournament row too: a captain naming this player at
      // the same moment either committed before (and the player is in the team) or waits and sees this entry
      if (p.teams && !(await lockSlots(trx, p.tournamentId))) return 'gone';
      const existing = await findRegistration(trx, p.tournamentId, p.userId);
      // said first: the team that plays on without a disqualified player still lists them
      if (existing?.state === 'disqualified') return 'disqualified';
      if (p.teams && (await rowExists(trx, 'entry_team_members', { tournament_id: p.tournamentId, user_id: p.userId })))
        return 'inTeam';
      if (existing) return 'already';
      const state = await seatOrQueue(trx, p.tournamentId);
      if (state === 'gone') return 'gone';
      await trx
        .insertInto('tournament_registrations')
        .values({
          tournament_id: p.tournamentId,
          user_id: p.userId,
          state,
          confirmed: 0,
          game_account: p.gameAccount,
          created_at: p.now,
          updated_at: p.now,
        })
        .execute();
      if (p.alongside) await p.alongside(trx, state);
      return state;
    });
  } catch (e) {
    if (isUniqueViolation(e)) return 'already';
    if (isForeignKeyViolation(e)) return 'gone';
    throw e;
  }
}

/**
 * Removes a registration. A member's slot goes, in the same transaction, to the first waitlisted
 * player (unless `fill` is false: an admin's removal after registration closed leaves the seat for
 * the admin to give); the caller mails them after the commit. A player's own leave never removes a
 * disqualification (`anyState` is the admin's removal, which may).
 */
export async function leave(
  db: Db,
  p: { tournamentId: string; userId: string; now: string; fill?: boolean; anyState?: boolean },
): Promise<{ left: false } | { left: true; state: RosterState; promoted: string[] }> {
  return transaction(db, async (trx) => {
    // DELETE … RETURNING decides between two concurrent leaves of one player: only one gets the row
    let q = trx
      .deleteFrom('tournament_registrations')
      .where('tournament_id', '=', p.tournamentId)
      .where('user_id', '=', p.userId);
    if (!p.anyState) q = q.where('state', 'in', ['member', 'waitlist']);
    const removed = await q.returning('state').executeTakeFirst();
    if (!removed) return { left: false as const };
    if (removed.state !== 'member') return { left: true as const, state: removed.state as RosterState, promoted: [] };
    return {
      left: true as const,
      state: 'member' as const,
      promoted: await freeSlot(trx, p.tournamentId, p.now, p.fill ?? true),
    };
  });
}

/** One member fewer; the first in line takes the seat when `fill`. Inside the caller's transaction. */
export async function freeSlot(trx: Db, id: string, now: string, fill: boolean): Promise<string[]> {
  await trx
    .updateTable('tournaments')
    .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
    .where('id', '=', id)
    .execute();
  return fill ? fillSlots(trx, id, now) : [];
}

/** Check-in (confirmed, with the real game account) or check-out; only a member row changes. */
export async function setConfirmed(
  db: Db,
  p: { tournamentId: string; userId: string; confirmed: boolean; gameAccount?: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('tournament_registrations')
    .set({
      confirmed: p.confirmed ? 1 : 0,
      updated_at: p.now,
      ...(p.gameAccount ? { game_account: p.gameAccount } : {}),
    })
    .where('tournament_id', '=', p.tournamentId)
    .where('user_id', '=', p.userId)
    .where('state', '=', 'member')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Check-ins (or check-outs) of several players of one tournament in one statement: the same
 * conditional write as setConfirmed for each, each with its own time and game account. Returns the
 * players whose member row changed.
 */
export async function setConfirmedMany(
  db: Db,
  p: { tournamentId: string; confirmed: boolean; players: { userId: string; gameAccount?: string; now: string }[] },
): Promise<Set<string>> {
  if (!p.players.length) return new Set();
  const values = sql.join(p.players.map((x) => sql`(${x.userId}, ${x.now}, ${x.gameAccount ?? null})`));
  const { rows } = await sql<{ user_id: string }>`
    with v (user_id, now, game_account) as (values ${values})
    update tournament_registrations
    set confirmed = ${p.confirmed ? 1 : 0}, updated_at = v.now,
      game_account = coalesce(v.game_account, tournament_registrations.game_account)
    from v
    where tournament_registrations.tournament_id = ${p.tournamentId} and tournament_registrations.user_id = v.user_id
      and tournament_registrations.state = 'member'
    returning tournament_registrations.user_id`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

export type UpdateOutcome = { ok: true; promoted: string[] } | { ok: false; reason: 'missing' | 'below' };

/**
 * Applies an admin edit. A new slot count is applied only if it is not below the members
 * (checked by the UPDATE itself), and extra slots go to the waitlist in the same transaction.
 */
export async function update(
  db: Db,
  p: { owner: string; id: string; set: Omit<Updateable<TournamentsTable>, 'name_search'>; now: string },
): Promise<UpdateOutcome> {
  return transaction(db, async (trx): Promise<UpdateOutcome> => {
    let q = trx.updateTable('tournaments').set(p.set).where('owner', '=', p.owner).where('id', '=', p.id);
    if (p.set.max_participants !== undefined) q = q.where('member_count', '<=', p.set.max_participants as number);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      return { ok: false, reason: (await findById(trx, p.owner, p.id)) ? 'below' : 'missing' };
    if (p.set.name !== undefined || p.set.name_en !== undefined) {
      // an edit may change one name only: the key is made of both as they are now
      const names = await trx
        .selectFrom('tournaments')
        .select(['name', 'name_en'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('tournaments')
        .set({ name_search: searchKey(names.name, names.name_en) })
        .where('id', '=', p.id)
        .execute();
    }
    const promoted = p.set.max_participants !== undefined ? await fillSlots(trx, p.id, p.now) : [];
    return { ok: true, promoted };
  });
}

/** Members, waitlist and the disqualified, in queue order (the service adds the account fields an admin needs). */
export async function registrationsInOrder(db: Db, tournamentId: string) {
  return db
    .selectFrom('tournament_registrations as r')
    .select(['r.user_id', 'r.state', 'r.confirmed', 'r.game_account', 'r.created_at', 'r.updated_at'])
    .where('r.tournament_id', '=', tournamentId)
    .orderBy('r.created_at')
    .orderBy('r.user_id')
    .execute();
}

/** Who receives a tournament e-mail: members, and the waitlist when asked, in queue order. */
export async function recipients(db: Db, tournamentId: string, opts: { includeWaitlist: boolean; userIds?: string[] }) {
  let q = db
    .selectFrom('tournament_registrations as r')
    .select(['r.user_id'])
    .where('r.tournament_id', '=', tournamentId)
    .where('r.state', 'in', opts.includeWaitlist ? ['member', 'waitlist'] : ['member']);
  if (opts.userIds) {
    if (!opts.userIds.length) return [];
    q = q.where('r.user_id', 'in', opts.userIds);
  }
  const registered = await q.orderBy('r.created_at').orderBy('r.user_id').execute();
  if (!opts.includeWaitlist || opts.userIds) return registered;
  // the other members of a team waiting for a seat wait with their captain, who alone holds a registration
  const teammates = await db
    .selectFrom('entry_team_members as m')
    .innerJoin('entry_teams as t', 't.id', 'm.team_id')
    .innerJoin('tournament_registrations as r', (join) =>
      join.onRef('r.tournament_id', '=', 't.tournament_id').onRef('r.user_id', '=', 't.captain_id'),
    )
    .select('m.user_id')
    .where('t.tournament_id', '=', tournamentId)
    .where('r.state', '=', 'waitlist')
    .whereRef('m.user_id', '!=', 't.captain_id')
    .orderBy('r.created_at')
    .orderBy('m.user_id')
    .execute();
  return [...registered, ...teammates];
}

/** Bulk insert of ready-made registrations (demo seed only: the caller keeps member_count in step). */
export async function insertRegistrations(db: Db, rows: Insertable<TournamentRegistrationsTable>[]): Promise<void> {
  await insertRows(db, 'tournament_registrations', rows);
}

/**
 * Of the owner's tournaments, the first one where the user is a member (checked in, when asked), or
 * none: the evidence a join or check-in badge is checked against.
 */
export async function memberTournaments(
  db: Db,
  owner: string,
  userId: string,
  confirmedOnly: boolean,
  tournamentId?: string,
): Promise<string[]> {
  const values = { state: 'member', ...(confirmedOnly && { confirmed: 1 }) } as const;
  const rows = { table: 'tournament_registrations', link: 'tournament_id', parent: 'tournaments', values } as const;
  return firstOwnedWithRow(db, rows, owner, userId, tournamentId);
}

/** The ids of `ids` that name a tournament of `owner`. */
export function ownedIds(db: Db, owner: string, ids: string[]): Promise<Set<string>> {
  return idsWithRows(db, 'tournaments', 'id', ids, { owner });
}

export async function countByOwner(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom('tournaments')
    .select(countAll().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// the match-day roster: an admin's changes to one player, under the same
// row lock and counters as the players' own joins and leaves

export type PromoteOutcome = { promoted: string[] } | 'notWaitlisted' | 'full' | 'gone';

/**
 * Moves one waitlisted player (not necessarily the first) into a free seat, with their team when they
 * are a waiting team's captain; `promoted` is everyone seated. The conditional UPDATE of takeSlot is
 * the same guard a join uses, so two promotions racing for the last seat cannot both get it; on
 * PostgreSQL it also holds the tournament row until the commit.
 */
export async function promote(
  db: Db,
  p: { tournamentId: string; userId: string; now: string },
): Promise<PromoteOutcome> {
  return transaction(db, async (trx) => {
    const counters = await lockSlots(trx, p.tournamentId);
    if (!counters) return 'gone';
    const mine = await findRegistration(trx, p.tournamentId, p.userId);
    if (mine?.state !== 'waitlist') return 'notWaitlisted';
    if (!(await takeSlot(trx, p.tournamentId))) return 'full';
    await trx
      .updateTable('tournament_registrations')
      .set({ state: 'member', confirmed: 0, updated_at: p.now })
      .where('tournament_id', '=', p.tournamentId)
      .where('user_id', '=', p.userId)
      .execute();
    return { promoted: [p.userId, ...(await seatWaitingTeam(trx, p.tournamentId, p.userId, p.now))] };
  });
}

export type DisqualifyOutcome =
  { ok: true; was: RegistrationState; promoted: string[] } | { ok: false; reason: 'missing' | 'already' | 'gone' };

/**
 * Disqualifies a member or a waitlisted player: the row stays, as 'disqualified' and checked out.
 * A member's seat is freed (and filled when `fill`, see freedSeatFillsItself in rules.ts).
 */
export async function disqualify(
  db: Db,
  /** `keepsSlot`: the player's slot is their team's, which plays on without them */
  p: { tournamentId: string; userId: string; now: string; fill: boolean; keepsSlot?: boolean },
): Promise<DisqualifyOutcome> {
  return transaction(db, async (trx): Promise<DisqualifyOutcome> => {
    if (!(await lockSlots(trx, p.tournamentId))) return { ok: false, reason: 'gone' };
    const mine = await findRegistration(trx, p.tournamentId, p.userId);
    if (!mine) return { ok: false, reason: 'missing' };
    if (mine.state === 'disqualified') return { ok: false, reason: 'already' };
    const was = mine.state as RegistrationState;
    // conditional on the state read: a leave or a promotion meanwhile (SQLite has no row lock) is not overwritten
    const changed = await trx
      .updateTable('tournament_registrations')
      .set({ state: 'disqualified', confirmed: 0, updated_at: p.now })
      .where('tournament_id', '=', p.tournamentId)
      .where('user_id', '=', p.userId)
      .where('state', '=', was)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return { ok: false, reason: 'missing' };
    const frees = was === 'member' && !p.keepsSlot;
    return { ok: true, was, promoted: frees ? await freeSlot(trx, p.tournamentId, p.now, p.fill) : [] };
  });
}

/**
 * Moves a waitlisted player to `position` (1-based, clamped to the queue). The queue is ordered by
 * (created_at, user_id), the order every read and fillSlots use, so the move hands the queue's own
 * timestamps out again in the new order (made strictly increasing, so ties cannot reorder it): every
 * reader sees positions 1..n with no gap or duplicate, and nobody outside the waitlist moves.
 */
export async function moveInWaitlist(
  db: Db,
  p: { tournamentId: string; userId: string; position: number; now: string },
): Promise<'moved' | 'notWaitlisted' | 'gone'> {
  return transaction(db, async (trx) => {
    if (!(await lockSlots(trx, p.tournamentId))) return 'gone';
    const queue = await trx
      .selectFrom('tournament_registrations')
      .select(['user_id', 'created_at'])
      .where('tournament_id', '=', p.tournamentId)
      .where('state', '=', 'waitlist')
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
    const from = queue.findIndex((r) => r.user_id === p.userId);
    if (from < 0) return 'notWaitlisted';
    const to = Math.min(p.position, queue.length) - 1;
    if (from === to) return 'moved';
    const order = queue.map((r) => r.user_id);
    order.splice(to, 0, ...order.splice(from, 1));
    let last = -Infinity;
    const keys = queue.map((r) => {
      last = Math.max(Date.parse(r.created_at), last + 1);
      return new Date(last).toISOString();
    });
    for (let i = 0; i < order.length; i++) {
      const was = queue.find((r) => r.user_id === order[i])!.created_at;
      if (was === keys[i]) continue;
      await trx
        .updateTable('tournament_registrations')
        .set({ created_at: keys[i], updated_at: p.now })
        .where('tournament_id', '=', p.tournamentId)
        .where('user_id', '=', order[i])
        .execute();
    }
    return 'moved';
  });
}

// ---------------------------------------------------------------------------------------------
// match day: what the results domain reads and writes of a tournament, through the service

/** The columns match day needs: the game and team size, and its scoring and finalisation (migration 0080). */
export async function matchDayOf(db: Db, owner: string, id: string) {
  return db
    .selectFrom('tournaments')
    .select(['id', 'game', 'team_size', 'format', 'scoring', 'finalized_at', 'final_standings'])
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The first statement of every results write: a no-op UPDATE of a tournament not yet finalised.
 * It holds the row's lock until the transaction ends, so the results writes of one tournament
 * (match numbers, a line's placement) and its finalisation happen one after the other on
 * PostgreSQL, and 0 rows means missing or finalised, decided in the same statement.
 */
export async function lockOpenForResults(db: Db, owner: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A battle-royale tournament's scoring table (JSON), or null for the default. */
export async function setScoring(db: Db, owner: string, id: string, scoring: string | null): Promise<void> {
  await db.updateTable('tournaments').set({ scoring }).where('owner', '=', owner).where('id', '=', id).execute();
}

/** The checked-in members in check-in order: a check-in stamps updated_at (ties: joined first, then id). */
export async function checkedIn(db: Db, tournamentId: string) {
  return db
    .selectFrom('tournament_registrations as r')
    .select(['r.user_id'])
    .where('r.tournament_id', '=', tournamentId)
    .where('r.state', '=', 'member')
    .where('r.confirmed', '=', 1)
    .orderBy('r.updated_at')
    .orderBy('r.created_at')
    .orderBy('r.user_id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// what the reminders poll reads (src/features/reminders): a page at a time, in id order

/** One page of the brand's tournaments the poll reads, the ids after `after` in order. */
const pollPage =
  (p: { owner: string; after: string; limit: number }) =>
  (query: SelectQueryBuilder<Database, 'tournaments', TournamentRow>) =>
    query.where('owner', '=', p.owner).where('id', '>', p.after).orderBy('id').limit(p.limit);

/**
 * Tournaments whose check-in window holds `now` (start_checkin <= now < end_checkin); the range is the end of the
 * tournaments_end_checkin index.
 */
export async function checkInWindowsAt(
  db: Db,
  p: { owner: string; now: string; after: string; limit: number },
): Promise<TournamentRow[]> {
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('end_checkin', '>', p.now)
    .where('start_checkin', '<=', p.now)
    .$call(pollPage(p))
    .execute();
}

/** Tournaments finalised at or after `since` (the end of the tournaments_finalized_at index). */
export async function finalisedSince(
  db: Db,
  p: { owner: string; since: string; after: string; limit: number },
): Promise<TournamentRow[]> {
  return db.selectFrom('tournaments').selectAll().where('finalized_at', '>=', p.since).$call(pollPage(p)).execute();
}

/** A tournament's members and whether they checked in, in queue order. */
export async function membersToMail(db: Db, tournamentId: string) {
  return db
    .selectFrom('tournament_registrations as r')
    .select(['r.user_id', 'r.confirmed'])
    .where('r.tournament_id', '=', tournamentId)
    .where('r.state', '=', 'member')
    .orderBy('r.created_at')
    .orderBy('r.user_id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// what the results feature keeps on a tournament's row: its prize table, the finalisation and
// the standings frozen by it (the results read and write them through the tournaments service)

/** Status "ended" as an admin sets it (status_override; the schedule's own is 2 too). */
const ENDED = 2;

/**
 * What finalising reads of a tournament: its name, how it is played, its prize table (JSON) and when it was finalised.
 */
export async function prizeRow(db: Db, owner: string, id: string) {
  return db
    .selectFrom('tournaments')
    .select(['id', 'name', 'format', 'game', 'prizes', 'finalized_at'])
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores the prize table (JSON) unless the tournament is finalised (its prizes are paid): false then. */
export async function setPrizes(db: Db, owner: string, id: string, prizes: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ prizes, updated_at: now })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the tournament finalised and ended, if no one did before: the WHERE decides, not an
 * earlier read, so of two finalisations (two clicks, two processes) exactly one gets `true`; the
 * other waits for the first one's row lock and then matches nothing. Taken first in the
 * transaction, the lock also holds off results writes (they lock the same row and refuse a
 * finalised tournament) while the standings are read and frozen.
 */
export async function claimFinalisation(db: Db, owner: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ finalized_at: now, status_override: ENDED, updated_at: now })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The standings as they were when finalised (JSON): from then on they are what every reader gets. */
export async function freezeStandings(db: Db, id: string, standings: string): Promise<void> {
  await db.updateTable('tournaments').set({ final_standings: standings }).where('id', '=', id).execute();
}

/** The frozen standings of a finalised tournament (JSON), or null. */
export async function finalStandings(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('tournaments').select('final_standings').where('id', '=', id).executeTakeFirst();
  return row?.final_standings ?? null;
}

/** The tournaments of these championships, with what decides how their points are read. */
export async function championshipTournaments(db: Db, competitionIds: string[]) {
  if (!competitionIds.length) return [];
  return db
    .selectFrom('tournaments')
    .select(['id', 'competition_id', 'format', 'game', 'finalized_at'])
    .where('competition_id', 'in', competitionIds)
    .execute();
}

/**
 * The condition that tournament `t` holds the player: a registration (member or waitlist, not disqualified), or a
 * place in one of its teams in one of `teamStates` ('invited', 'accepted'; a captain's own place is accepted).
 */
export const holdsPlayer = (
  eb: ExpressionBuilder<Database & { t: TournamentsTable }, 't'>,
  userId: string,
  teamStates: string[],
) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('tournament_registrations as r')
        .select('r.user_id')
        .whereRef('r.tournament_id', '=', 't.id')
        .where('r.user_id', '=', userId)
        .where('r.state', 'in', ['member', 'waitlist']),
    ),
    eb.exists(
      eb
        .selectFrom('entry_team_members as m')
        .select('m.user_id')
        .whereRef('m.tournament_id', '=', 't.id')
        .where('m.user_id', '=', userId)
        .where('m.state', 'in', teamStates),
    ),
  ]);

/**
 * Whether a tournament of `owner` not yet ended holds the player: a registration (member or waitlist), or a place in
 * a team, invited or accepted.
 */
export async function hasUnendedEntry(db: Db, owner: string, userId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('tournaments as t')
    .select('t.id')
    .where('t.owner', '=', owner)
    .where(sql<boolean>`${endedSql(now)} = 0`)
    .where((eb) => holdsPlayer(eb, userId, ['invited', 'accepted']))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Replaces the game account a player entered with (in their registrations and team places) by one that names
 * `name` only: the rows stay, so standings keep their place, but the in-game name and id are gone.
 */
export async function forgetGameAccounts(db: Db, userId: string, name: string): Promise<void> {
  for (const table of ['tournament_registrations', 'entry_team_members'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['tournament_id', 'game_account'])
      .where('user_id', '=', userId)
      .execute();
    for (const row of rows) {
      const { game, console } = JSON.parse(row.game_account) as { game?: string; console?: string };
      await db
        .updateTable(table)
        .set({ game_account: JSON.stringify({ username: name, game, console, id: '' }) })
        .where('tournament_id', '=', row.tournament_id)
        .where('user_id', '=', userId)
        .execute();
    }
  }
}
