import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EntryTeamMembersTable, EntryTeamsTable } from '../../../platform/db/schema.ts';
import { isUniqueViolation, transaction } from '../../../platform/db/database.ts';
import { freeSlot, lockSlots, seatOrQueue } from './repository.ts';
import { scheduleKeys } from '../schedule-order.ts';

type Db = Kysely<Database>;
export type EntryTeamRow = Selectable<EntryTeamsTable>;
export type EntryMemberRow = Pick<
  Selectable<EntryTeamMembersTable>,
  'team_id' | 'user_id' | 'state' | 'game_account'
> & {
  /** the member's check-in, once the team holds a slot (0 before) */
  confirmed: number;
  /** disqualified since the team took its slot: they no longer play, the team plays on without them */
  disqualified: boolean;
};
/** A player's place in a team of `teamSize`, as an invitation or an answer writes it at `now`. */
interface TeamPlace {
  tournamentId: string;
  teamId: string;
  userId: string;
  teamSize: number;
  now: string;
}
export interface NewMember {
  userId: string;
  state: 'invited' | 'accepted';
  gameAccount: string;
}

/**
 * Why a team's write was refused: the team has all its members, a player named was disqualified from the tournament,
 * is in a team already or registered on their own, or another team has the name.
 */
type Refusal = 'full' | 'disqualified' | 'inTeam' | 'registered' | 'nameInUse';

/** Thrown inside a transaction to roll it back with a reason the caller turns into an answer. */
class Refused extends Error {
  readonly reason: Refusal;
  constructor(reason: Refusal) {
    super(reason);
    this.reason = reason;
  }
}
const refusedOr = async <T>(work: () => Promise<T>): Promise<T | Refusal> => {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Refused) return e.reason;
    if (isUniqueViolation(e)) return 'inTeam';
    throw e;
  }
};

/**
 * Holds the team's tournament row until the transaction ends (PostgreSQL), first, as every change of the
 * tournament's seats takes it: an invitation, an answer and a leave of one team go one at a time, each reading the
 * members as the one before left them. Two last members accepting at once would otherwise each see the other still
 * invited, and the team, whole, would never take its seat. False when the tournament or the team is gone.
 */
async function holdTeam(trx: Transaction<Database>, tournamentId: string, teamId: string): Promise<boolean> {
  return (
    (await lockSlots(trx, tournamentId)) !== undefined && (await findTeam(trx, tournamentId, teamId)) !== undefined
  );
}

export const teamsOf = (db: Db, tournamentId: string) =>
  db
    .selectFrom('entry_teams')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findTeam = (db: Db, tournamentId: string, teamId: string) =>
  db
    .selectFrom('entry_teams')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .where('id', '=', teamId)
    .executeTakeFirst();

/** The names of every team captains registered for the tournament, whole or pending. */
export const teamNamesIn = async (db: Db, tournamentId: string) =>
  (await db.selectFrom('entry_teams').select('name').where('tournament_id', '=', tournamentId).execute()).map(
    (r) => r.name,
  );

/** The members of a tournament's teams (all of them, or of one), with their check-in once registered. */
export async function membersOf(db: Db, tournamentId: string, teamId?: string): Promise<EntryMemberRow[]> {
  let q = db
    .selectFrom('entry_team_members as m')
    .leftJoin('tournament_registrations as r', (j) =>
      j.onRef('r.tournament_id', '=', 'm.tournament_id').onRef('r.user_id', '=', 'm.user_id'),
    )
    .select(['m.team_id', 'm.user_id', 'm.state', 'm.game_account', 'r.confirmed', 'r.state as registration'])
    .where('m.tournament_id', '=', tournamentId);
  if (teamId) q = q.where('m.team_id', '=', teamId);
  const rows = await q.orderBy('m.created_at').orderBy('m.user_id').execute();
  return rows.map(({ registration, ...r }) => ({
    ...r,
    confirmed: Number(r.confirmed ?? 0),
    disqualified: registration === 'disqualified',
  }));
}

/**
 * Which of these players already stand in a team of the tournament, or are registered in it on their own, and which
 * of those registered were disqualified from it (they may not enter it again in any way).
 */
export async function takenPlayers(db: Db, tournamentId: string, userIds: string[]) {
  const [inTeam, registered] = await Promise.all([
    db
      .selectFrom('entry_team_members')
      .select('user_id')
      .where('tournament_id', '=', tournamentId)
      .where('user_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('tournament_registrations')
      .select(['user_id', 'state'])
      .where('tournament_id', '=', tournamentId)
      .where('user_id', 'in', userIds)
      .execute(),
  ]);
  return {
    inTeam: new Set(inTeam.map((r) => r.user_id)),
    registered: new Set(registered.map((r) => r.user_id)),
    disqualified: new Set(registered.filter((r) => r.state === 'disqualified').map((r) => r.user_id)),
  };
}

export const membershipOf = (db: Db, tournamentId: string, userId: string) =>
  db
    .selectFrom('entry_team_members as m')
    .innerJoin('entry_teams as t', 't.id', 'm.team_id')
    .select(['t.id', 't.name', 't.captain_id', 'm.state'])
    .where('m.tournament_id', '=', tournamentId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();

/** The team each player of a team tournament plays for (those who accepted a place in one), by player. */
export async function teamNamesOf(db: Db, tournamentId: string) {
  const rows = await db
    .selectFrom('entry_team_members as m')
    .innerJoin('entry_teams as t', 't.id', 'm.team_id')
    .select(['m.user_id', 't.name'])
    .where('m.tournament_id', '=', tournamentId)
    .where('m.state', '=', 'accepted')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.name]));
}

/** Disbands the team this captain has waiting for a seat (not whole-and-seated): its name, or null when none. */
export async function disbandWaiting(db: Db, tournamentId: string, captainId: string): Promise<string | null> {
  const team = await db
    .deleteFrom('entry_teams')
    .where('tournament_id', '=', tournamentId)
    .where('captain_id', '=', captainId)
    .where('complete', '=', 0)
    .returning('name')
    .executeTakeFirst();
  return team?.name ?? null;
}

/** The names of the teams these captains have waiting for a seat (not whole-and-seated), by captain. */
export async function waitingTeamNames(db: Db, tournamentId: string, captainIds: string[]) {
  if (!captainIds.length) return new Map<string, string>();
  const rows = await db
    .selectFrom('entry_teams')
    .select(['captain_id', 'name'])
    .where('tournament_id', '=', tournamentId)
    .where('captain_id', 'in', captainIds)
    .where('complete', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.captain_id, r.name]));
}

/**
 * Refuses (rolling the transaction back) when one of these players was disqualified from the tournament, stands in a
 * team of it or is registered in it on their own. Called once the tournament row is held: a solo join of one of them
 * waits for it too.
 */
async function assertFreeHeld(trx: Transaction<Database>, tournamentId: string, userIds: string[]) {
  const { inTeam, registered, disqualified } = await takenPlayers(trx, tournamentId, userIds);
  if (disqualified.size) throw new Refused('disqualified');
  if (inTeam.size) throw new Refused('inTeam');
  if (registered.size) throw new Refused('registered');
}

/**
 * A new team, its captain accepted and the others invited. Refused with 'inTeam' or 'registered' when one of them
 * entered meanwhile, 'nameInUse' when another team took the name; 'gone' when the tournament is.
 */
export function createTeam(
  db: Db,
  p: {
    id: string;
    tournamentId: string;
    name: string;
    captainId: string;
    members: NewMember[];
    now: string;
    /** once the tournament is held: whether another team of it has the name (as the caller compares names) */
    nameTaken?: (trx: Transaction<Database>) => Promise<boolean>;
    /** in the same transaction, once the members are written */
    alongside?: (trx: Transaction<Database>) => Promise<void>;
  },
) {
  return refusedOr(() =>
    transaction(db, async (trx) => {
      if (!(await lockSlots(trx, p.tournamentId))) return 'gone' as const;
      // read under the hold: two captains naming their teams alike (in any case) at once are taken in turn
      if (await p.nameTaken?.(trx)) throw new Refused('nameInUse');
      await assertFreeHeld(
        trx,
        p.tournamentId,
        p.members.map((m) => m.userId),
      );
      try {
        await trx
          .insertInto('entry_teams')
          .values({ id: p.id, tournament_id: p.tournamentId, name: p.name, captain_id: p.captainId, created_at: p.now })
          .execute();
      } catch (e) {
        // the one unique key a new team's row can break is its name's: two teams named alike at once
        if (isUniqueViolation(e)) throw new Refused('nameInUse');
        throw e;
      }
      await trx
        .insertInto('entry_team_members')
        .values(
          // a millisecond apart: the members keep the captain's order (the captain first)
          p.members.map((m, i) => ({
            tournament_id: p.tournamentId,
            team_id: p.id,
            user_id: m.userId,
            state: m.state,
            game_account: m.gameAccount,
            created_at: new Date(Date.parse(p.now) + i).toISOString(),
          })),
        )
        .execute();
      await p.alongside?.(trx);
      return 'created' as const;
    }),
  );
}

/**
 * An invited member accepts. When that makes the team whole (`teamSize` members, all accepted) the
 * team takes a slot and every member becomes a registered member, in the same transaction
 * ('complete'). With no slot free the whole team queues ('waiting'): its captain's registration
 * waits on the waitlist, and the team takes the slot that registration is promoted to.
 */
export function accept(
  db: Db,
  p: TeamPlace & {
    gameAccount?: string;
    /** once the team is whole, in the same transaction: what its members' registration earns */
    alongside?: (trx: Transaction<Database>, memberIds: string[]) => Promise<void>;
  },
) {
  return refusedOr(() =>
    transaction(db, async (trx) => {
      if (!(await holdTeam(trx, p.tournamentId, p.teamId))) return 'notInvited' as const;
      const changed = await trx
        .updateTable('entry_team_members')
        .set({ state: 'accepted', ...(p.gameAccount ? { game_account: p.gameAccount } : {}) })
        .where('tournament_id', '=', p.tournamentId)
        .where('team_id', '=', p.teamId)
        .where('user_id', '=', p.userId)
        .where('state', '=', 'invited')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return 'notInvited' as const;
      const members = await trx
        .selectFrom('entry_team_members')
        .select(['user_id', 'state', 'game_account'])
        .where('team_id', '=', p.teamId)
        .execute();
      if (members.length < p.teamSize || members.some((m) => m.state !== 'accepted')) return 'accepted' as const;
      const seat = await seatOrQueue(trx, p.tournamentId);
      if (seat === 'gone') return 'gone' as const;
      const team = await trx
        .selectFrom('entry_teams')
        .select('captain_id')
        .where('id', '=', p.teamId)
        .executeTakeFirstOrThrow();
      if (seat === 'member')
        await trx.updateTable('entry_teams').set({ complete: 1 }).where('id', '=', p.teamId).execute();
      await trx
        .insertInto('tournament_registrations')
        .values(
          members
            .filter((m) => seat === 'member' || m.user_id === team.captain_id)
            .map((m) => ({
              tournament_id: p.tournamentId,
              user_id: m.user_id,
              state: seat,
              confirmed: 0,
              game_account: m.game_account,
              created_at: p.now,
              updated_at: p.now,
            })),
        )
        .execute();
      if (p.alongside)
        await p.alongside(
          trx,
          members.map((m) => m.user_id),
        );
      return seat === 'member' ? ('complete' as const) : ('waiting' as const);
    }),
  );
}

/**
 * A member leaves (or declines), or the captain disbands the team (`disband`). A whole team gives its
 * slot back first and its members their registrations: it is pending again until it is whole. The
 * freed slot goes to the first in line when `fill` (as a solo member's would); `promoted` is who took
 * it. A team waiting for a slot leaves the queue: its captain's waitlisted registration goes.
 * A whole team's members disqualified meanwhile leave it as it gives its seat back: they may not play in it again,
 * so a pending team holding one could never be whole. When that is its captain the team is disbanded (`disbanded`).
 */
export function removeMember(
  db: Db,
  p: {
    tournamentId: string;
    teamId: string;
    userId: string;
    disband: boolean;
    onlyInvited?: boolean;
    fill?: boolean;
    now: string;
  },
): Promise<{ removed: false } | { removed: true; disbanded: boolean; promoted: string[] }> {
  return transaction(db, async (trx) => {
    if (!(await holdTeam(trx, p.tournamentId, p.teamId))) return { removed: false as const };
    const mine = await trx
      .selectFrom('entry_team_members')
      .select('state')
      .where('team_id', '=', p.teamId)
      .where('user_id', '=', p.userId)
      .executeTakeFirst();
    if (!mine || (p.onlyInvited && mine.state !== 'invited')) return { removed: false as const };
    const team = await trx
      .selectFrom('entry_teams')
      .select(['complete', 'captain_id'])
      .where('id', '=', p.teamId)
      .executeTakeFirst();
    if (team?.complete === 0)
      await trx
        .deleteFrom('tournament_registrations')
        .where('tournament_id', '=', p.tournamentId)
        .where('user_id', '=', team.captain_id)
        .where('state', '=', 'waitlist')
        .execute();
    let disband = p.disband;
    if (team?.complete === 1) {
      const members = trx.selectFrom('entry_team_members').select('user_id').where('team_id', '=', p.teamId);
      const out = (
        await trx
          .selectFrom('tournament_registrations')
          .select('user_id')
          .where('tournament_id', '=', p.tournamentId)
          .where('user_id', 'in', members)
          .where('state', '=', 'disqualified')
          .execute()
      ).map((r) => r.user_id);
      // a disqualified member keeps their row, so they cannot come back
      await trx
        .deleteFrom('tournament_registrations')
        .where('tournament_id', '=', p.tournamentId)
        .where('user_id', 'in', members)
        .where('state', '=', 'member')
        .execute();
      await trx.updateTable('entry_teams').set({ complete: 0 }).where('id', '=', p.teamId).execute();
      if (out.includes(team.captain_id)) disband = true;
      else if (out.length)
        await trx
          .deleteFrom('entry_team_members')
          .where('team_id', '=', p.teamId)
          .where('user_id', 'in', out)
          .execute();
    }
    if (disband) await trx.deleteFrom('entry_teams').where('id', '=', p.teamId).execute();
    else
      await trx
        .deleteFrom('entry_team_members')
        .where('team_id', '=', p.teamId)
        .where('user_id', '=', p.userId)
        .execute();
    const promoted = team?.complete === 1 ? await freeSlot(trx, p.tournamentId, p.now, p.fill ?? true) : [];
    return { removed: true as const, disbanded: disband, promoted };
  });
}

/** The captain invites a player; 'full' when the team already has `teamSize` members, 'gone' when it was disbanded. */
export function invite(
  db: Db,
  p: TeamPlace & {
    gameAccount: string;
    /** in the same transaction, once the member is written */
    alongside?: (trx: Transaction<Database>) => Promise<void>;
  },
) {
  return refusedOr(() =>
    transaction(db, async (trx) => {
      // two invitations cannot both take the last place
      if (!(await holdTeam(trx, p.tournamentId, p.teamId))) return 'gone' as const;
      const members = await trx
        .selectFrom('entry_team_members')
        .select('user_id')
        .where('team_id', '=', p.teamId)
        .execute();
      if (members.length >= p.teamSize) throw new Refused('full');
      await assertFreeHeld(trx, p.tournamentId, [p.userId]);
      await trx
        .insertInto('entry_team_members')
        .values({
          tournament_id: p.tournamentId,
          team_id: p.teamId,
          user_id: p.userId,
          state: 'invited',
          game_account: p.gameAccount,
          created_at: p.now,
        })
        .execute();
      await p.alongside?.(trx);
      return 'invited' as const;
    }),
  );
}

/**
 * The whole teams a player was in at this brand's tournaments, newest first, with their tournament's game and every
 * member's id and game account (JSON) in that team.
 */
export async function pastTeamsOf(db: Db, owner: string, userId: string) {
  const teams = await db
    .selectFrom('entry_teams as t')
    .innerJoin('entry_team_members as m', 'm.team_id', 't.id')
    .innerJoin('tournaments as tt', 'tt.id', 't.tournament_id')
    .select(['t.id', 't.name', 't.created_at', 'tt.game'])
    .where('tt.owner', '=', owner)
    .where('m.user_id', '=', userId)
    .where('t.complete', '=', 1)
    .orderBy('t.created_at', 'desc')
    .limit(50)
    .execute();
  if (!teams.length) return [];
  const members = await db
    .selectFrom('entry_team_members')
    .select(['team_id', 'user_id', 'game_account'])
    .where(
      'team_id',
      'in',
      teams.map((t) => t.id),
    )
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return teams.map((t) => ({
    name: t.name,
    game: t.game,
    members: members.filter((m) => m.team_id === t.id).map((m) => ({ id: m.user_id, gameAccount: m.game_account })),
  }));
}

/** A player is in a handful of teams at once; the list of those with no seat yet stops there. */
const OPEN_TEAMS_MAX = 20;

/**
 * The teams a player is in that have no seat yet, newest first: an invitation still to answer, or a team still waiting
 * for its members. Only tournaments neither archived nor over (`now`, an ISO instant) are listed.
 */
export async function openTeamsOf(db: Db, owner: string, userId: string, now: string) {
  return (
    db
      .selectFrom('entry_team_members as m')
      .innerJoin('entry_teams as t', 't.id', 'm.team_id')
      .innerJoin('tournaments as tt', 'tt.id', 't.tournament_id')
      .select([
        'tt.id as tournament_id',
        'tt.name',
        'tt.name_en',
        'tt.competition_id',
        't.name as team_name',
        'm.state',
      ])
      // what the phase is read from: the service keeps the teams whose tournament still takes registrations
      .select(['tt.status_override', ...scheduleKeys.map((key) => `tt.${key}` as const)])
      .where('tt.owner', '=', owner)
      .where('m.user_id', '=', userId)
      .where((eb) => eb.or([eb('m.state', '=', 'invited'), eb('t.complete', '=', 0)]))
      .where('tt.archived_at', 'is', null)
      .where((eb) => eb.or([eb('tt.end_tournament', 'is', null), eb('tt.end_tournament', '>', now)]))
      .orderBy('m.created_at', 'desc')
      .limit(OPEN_TEAMS_MAX)
      .execute()
  );
}

/**
 * A player's own line in every captain's team of this brand (invited or accepted), for their data export: the
 * team, whether they lead it, and the game account named for them; never a teammate's line.
 */
export async function entriesOf(db: Db, owner: string, userId: string) {
  return db
    .selectFrom('entry_team_members as m')
    .innerJoin('entry_teams as t', 't.id', 'm.team_id')
    .innerJoin('tournaments as tt', 'tt.id', 't.tournament_id')
    .select(['t.tournament_id', 't.name', 't.captain_id', 'm.state', 'm.game_account', 'm.created_at'])
    .where('m.user_id', '=', userId)
    .where('tt.owner', '=', owner)
    .orderBy('m.created_at', 'desc')
    .execute();
}
