import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { ErrorCode } from '../../../platform/errors/error-codes.ts';
import { isUniqueViolation, nowIso } from '../../../platform/db/database.ts';
import { audited, auditLabel, type Actor, type AuditChange } from '../../audit/server/service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import * as EntryTeamService from '../../tournaments/server/team-service.ts';
import {
  DEFAULT_SCORING,
  entrantSize,
  formatOf,
  scoringTableSchema,
  standingsRowSchema,
  type Entrant,
  type Match,
  type MatchInput,
  type MatchLine,
  type MatchPreview,
  type ScoringTable,
  type Standings,
  type StandingsRow,
} from '../contract.ts';
import { computeStandings, type ScoredMatch } from '../scoring.ts';
import { autoTeams, lineIssues } from '../rules.ts';
import { followLobbies } from '../lobby-rules.ts';
import { isHeader, parseCsv } from '../match-csv.ts';
import * as ResultsRepository from './repository.ts';
import * as LobbyRepository from './lobby-repository.ts';
import * as ReportRepository from './report-repository.ts';
import type { LineRow, MatchRow, TeamRow } from './repository.ts';

/**
 * Match day's results: a battle-royale tournament's scoring table, its teams (duo, trio,
 * squad), its matches and the standings computed from them. Every write locks the tournament's row
 * first (TournamentService.lockOpenForResults), which refuses a finalised tournament in the same
 * statement and puts the results writes of one tournament one after the other, also across API
 * processes on PostgreSQL; the unique keys of migration 0080 stay the last word.
 */

type MatchDay = Awaited<ReturnType<typeof TournamentService.matchDayOf>>;

const fail = (
  kind: 'invalid' | 'conflict' | 'notFound',
  code: ErrorCode,
  message: string,
  issues?: { path: string; message: string }[],
) => new AppError(kind, code, message, undefined, issues);
const notBattleRoyale = () =>
  fail('conflict', 'NOT_BATTLE_ROYALE', 'Only a battle-royale tournament has matches and a scoring table');
const matchNotFound = () => fail('notFound', 'MATCH_NOT_FOUND', 'No match with this number');

const isBattleRoyale = (t: MatchDay) => formatOf({ format: t.format, game: t.game }) === 'battle_royale';

async function battleRoyale(ctx: ServiceContext, id: string): Promise<MatchDay> {
  const t = await TournamentService.matchDayOf(ctx, id);
  if (!isBattleRoyale(t)) throw notBattleRoyale();
  return t;
}

/**
 * An admin's audited write on a battle royale's matches or scoring: the tournament's results are
 * locked open (finalising waits) inside the write's transaction, and the tournament is read again
 * under that lock, so the write checks its lines against a scoring table saved just before it.
 */
function battleRoyaleWrite<T>(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  write: (tx: ServiceContext, audit: (entry: AuditChange) => Promise<void>, t: MatchDay) => Promise<T>,
): Promise<T> {
  return audited(ctx, actor, async (tx, audit) => {
    // another format is refused before anything is locked
    await battleRoyale(tx, id);
    await TournamentService.lockOpenForResults(tx, id);
    return write(tx, audit, await battleRoyale(tx, id));
  });
}

/** The tournament's name, which labels the audit entry of each results write. */
const tournamentName = async (ctx: ServiceContext, id: string) => (await TournamentService.get(ctx, id, null)).name;

/** The stored table, or the default; a stored table that no longer parses (an older shape) reads as the default. */
function tableOf(t: MatchDay): ScoringTable {
  if (!t.scoring) return DEFAULT_SCORING;
  try {
    return scoringTableSchema.parse(JSON.parse(t.scoring));
  } catch {
    return DEFAULT_SCORING;
  }
}

// ---------------------------------------------------------------------------------------------
// scoring table

/** GET /tournaments/{id}/scoring: the table the standings are computed with. */
export async function scoring(ctx: ServiceContext, id: string): Promise<ScoringTable> {
  return tableOf(await battleRoyale(ctx, id));
}

/**
 * PUT /tournaments/{id}/scoring (admin), audited `scoring.update`. A lobby smaller than a placement
 * already entered is refused: those lines would silently stop scoring.
 */
export async function setScoring(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  table: ScoringTable,
): Promise<ScoringTable> {
  return battleRoyaleWrite(ctx, actor, id, async (tx, audit, t) => {
    const { lines } = await ResultsRepository.matchesOf(tx.db.kysely, id);
    if (lines.some((l) => l.placement > table.lobbySize))
      throw fail('conflict', 'PLACEMENT_OVER_LOBBY', 'A match already has a placement above this lobby size');
    await TournamentService.setScoring(tx, id, JSON.stringify(table));
    const label = await tournamentName(tx, id);
    await audit({
      action: 'scoring.update',
      entityType: 'tournament',
      entityId: id,
      label,
      before: tableOf(t),
      after: table,
    });
    return table;
  });
}

// ---------------------------------------------------------------------------------------------
// entrants and teams

async function usernames(ctx: ServiceContext, ids: string[], known: Map<string, string>): Promise<Map<string, string>> {
  const names = new Map(known);
  // a player who formed a team and was later removed from the roster keeps their name on it
  for (const id of ids)
    if (!names.has(id)) names.set(id, (await Directory.findPlayer(ctx, ctx.config.ownerId, id))?.username ?? id);
  return names;
}

async function teamEntrants(
  ctx: ServiceContext,
  teams: TeamRow[],
  players: { id: string; username: string }[],
): Promise<Entrant[]> {
  const names = await usernames(
    ctx,
    teams.flatMap((t) => t.members),
    new Map(players.map((p) => [p.id, p.username])),
  );
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    members: t.members.map((m) => ({ id: m, username: names.get(m)! })),
  }));
}

/**
 * The teams as their entry in the log keeps them: a record whose `teams` are matched by name (each forming gives
 * them new ids), each with its players by id, so the log's diff names the team and the player that changed
 * (`teams[North].members[giulia]`) and a player's erasure still finds their name.
 */
const teamsRecord = (teams: Entrant[]) => ({ teams: teams.map((e) => ({ name: e.name, members: e.members })) });

/** An entrant as an audit entry names it: a person reads the team by its name and its players. */
const seatOf = (e: Entrant) => ({ name: e.name, members: e.members.map((m) => m.username) });

async function entrantsFor(ctx: ServiceContext, t: MatchDay): Promise<Entrant[]> {
  const players = await TournamentService.checkedInPlayers(ctx, t.id);
  if (entrantSize(t.teamSize) === 1)
    return players.map((p) => ({ id: p.id, name: p.username, members: [{ id: p.id, username: p.username }] }));
  // the teams captains registered come first (once checked in), then the organiser's teams of solo sign-ups
  const [registered, formed] = await Promise.all([
    EntryTeamService.checkedInTeams(ctx, t.id),
    ResultsRepository.teamsOf(ctx.db.kysely, t.id),
  ]);
  return [...registered, ...(await teamEntrants(ctx, formed, players))];
}

/** The checked-in players an organiser may put in a team: those in no team a captain registered. */
async function soloPlayers(ctx: ServiceContext, id: string) {
  const [players, inTeams] = await Promise.all([
    TournamentService.checkedInPlayers(ctx, id),
    EntryTeamService.playersInTeams(ctx, id),
  ]);
  return players.filter((p) => !inTeams.has(p.id));
}

/**
 * Players disqualified mid-event in a solo tournament, as entrants: their recorded lines stay
 * (editable, never added to) and the standings list them last (once they played), marked, without a rank. In a team
 * tournament the team plays on; a disqualified member only loses their prize (finalise-service).
 */
async function disqualifiedEntrants(ctx: ServiceContext, t: MatchDay): Promise<Entrant[]> {
  if (entrantSize(t.teamSize) !== 1) return [];
  const { disqualified } = await TournamentService.registrations(ctx, t.id);
  return disqualified.map((p) => ({
    id: p.userId,
    name: p.username,
    members: [{ id: p.userId, username: p.username }],
  }));
}

/**
 * The user ids of the players on a tournament's roster (its members, checked in or not): who may still be placed
 * and paid. A player disqualified or removed is not among them, though a team the organiser formed, or a bracket's
 * entrant, still lists them.
 */
export async function rosterMembers(ctx: ServiceContext, tournamentId: string): Promise<Set<string>> {
  const { members } = await TournamentService.registrations(ctx, tournamentId);
  return new Set(members.map((p) => p.userId));
}

/**
 * Who plays: in a solo tournament every checked-in member (id = user id, name = username), in
 * check-in order; in a duo, trio or squad tournament its teams, in the admin's order.
 */
export async function entrants(ctx: ServiceContext, tournamentId: string): Promise<Entrant[]> {
  return (await lineUp(ctx, tournamentId)).entrants;
}

/** Who plays (`entrants`), and whether as teams (a duo, trio or squad tournament) or each player alone. */
export async function lineUp(
  ctx: ServiceContext,
  tournamentId: string,
): Promise<{ teams: boolean; entrants: Entrant[] }> {
  const t = await TournamentService.matchDayOf(ctx, tournamentId);
  return { teams: entrantSize(t.teamSize) > 1, entrants: await entrantsFor(ctx, t) };
}

/** The entrant a player plays as (themselves, or their team), or null when they play in none. */
export async function entrantOf(ctx: ServiceContext, tournamentId: string, userId: string): Promise<Entrant | null> {
  const all = await entrants(ctx, tournamentId);
  return all.find((e) => e.members.some((m) => m.id === userId)) ?? null;
}

async function teamTournament(ctx: ServiceContext, id: string): Promise<MatchDay> {
  const t = await TournamentService.matchDayOf(ctx, id);
  if (entrantSize(t.teamSize) === 1) throw fail('conflict', 'NOT_A_TEAM_TOURNAMENT', 'A solo tournament has no teams');
  return t;
}

/** GET /tournaments/{id}/teams (admin). */
export async function teams(ctx: ServiceContext, id: string): Promise<Entrant[]> {
  return entrantsFor(ctx, await teamTournament(ctx, id));
}

/**
 * Replaces the teams in the locked transaction, and each pending match report goes with its sender
 * to their new team. Teams are fixed once any match has a line: a line scores its team, and
 * changing who is in it would rewrite whose points those were (void or edit the matches instead,
 * or form the teams before the first match).
 */
async function storeTeams(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  action: 'team.update' | 'team.auto',
  build: (t: MatchDay, players: { id: string; username: string }[]) => { name: string; members: string[] }[],
): Promise<Entrant[]> {
  try {
    return await audited(ctx, actor, async (tx, audit) => {
      const t = await teamTournament(tx, id);
      await TournamentService.lockOpenForResults(tx, id);
      if (await ResultsRepository.hasResults(tx.db.kysely, id))
        throw fail('conflict', 'TEAMS_LOCKED', 'Teams cannot change once a match has results');
      const players = await soloPlayers(tx, id);
      const input = build(t, players);
      const checkedIn = new Set(players.map((p) => p.id));
      const size = entrantSize(t.teamSize);
      const seen = new Set<string>();
      const names = new Set<string>();
      // a captain's team holds its name too (checked under the lock a captain's registration takes), so the
      // CSV preview, which finds a team by its name in any case, never finds two
      const captains = await EntryTeamService.captainTeamNameKeys(tx, id);
      input.forEach((team, i) => {
        if (team.members.length > size)
          throw fail('invalid', 'TEAM_TOO_LARGE', `A team has at most ${size} players`, [
            { path: `body.teams.${i}.members`, message: 'TEAM_TOO_LARGE' },
          ]);
        const key = EntryTeamService.teamNameKey(team.name);
        if (captains.has(key))
          throw fail('conflict', 'TEAM_NAME_IN_USE', "A captain's team of this tournament has this name", [
            { path: `body.teams.${i}.name`, message: 'TEAM_NAME_IN_USE' },
          ]);
        if (names.has(key))
          throw fail('conflict', 'TEAM_NAME_TAKEN', 'Two teams have the same name', [
            { path: `body.teams.${i}.name`, message: 'TEAM_NAME_TAKEN' },
          ]);
        names.add(key);
        team.members.forEach((m, j) => {
          if (!checkedIn.has(m))
            throw fail('invalid', 'ENTRANT_NOT_CHECKED_IN', 'Only checked-in members can play', [
              { path: `body.teams.${i}.members.${j}`, message: 'ENTRANT_NOT_CHECKED_IN' },
            ]);
          if (seen.has(m))
            throw fail('conflict', 'PLAYER_IN_TWO_TEAMS', 'A player is in two teams', [
              { path: `body.teams.${i}.members.${j}`, message: 'PLAYER_IN_TWO_TEAMS' },
            ]);
          seen.add(m);
        });
      });
      const before = await teamEntrants(tx, await ResultsRepository.teamsOf(tx.db.kysely, id), players);
      const seatTeams = await vacateLobbies(tx, id);
      const formed = input.map((team) => ({ id: randomUUID(), name: team.name, members: team.members }));
      await ResultsRepository.replaceTeams(tx.db.kysely, id, formed, Date.now());
      // a report waiting for review is its sender's word on a match they played, and the teams just formed are
      // who played it: the report goes with its sender
      const followed = await ReportRepository.followSenders(tx.db.kysely, id, formed);
      const seats = await seatTeams(formed);
      const after = await teamEntrants(tx, await ResultsRepository.teamsOf(tx.db.kysely, id), players);
      const label = await tournamentName(tx, id);
      await audit({
        action,
        entityType: 'tournament',
        entityId: id,
        label,
        before: teamsRecord(before),
        after: teamsRecord(after),
      });
      // the moves the teams carried along have entries of their own, so the log says why a report or a lobby's
      // entrant changed team when nobody touched the report or the lobbies
      const teams = new Map([...before, ...after].map((e) => [e.id, seatOf(e)]));
      const username = new Map(players.map((p) => [p.id, p.username]));
      for (const r of followed) {
        // a team gone in an earlier forming is named by its id alone
        const side = (entrantId: string) => ({
          tournamentId: id,
          matchNumber: r.matchNumber,
          username: username.get(r.userId) ?? r.userId,
          entrantId,
          team: teams.get(entrantId)?.name ?? null,
          teammates: teams.get(entrantId)?.members ?? [],
        });
        await audit({
          action: 'report.follow',
          entityType: 'report',
          entityId: r.id,
          label: auditLabel(label, `#${r.matchNumber}`),
          before: side(r.from),
          after: side(r.to),
        });
      }
      if (seats) await audit({ action: 'lobby.follow', entityType: 'tournament', entityId: id, label, ...seats });
      return after;
    });
  } catch (e) {
    // the members' primary key (tournament, player) is the last word on "one team per player"
    if (isUniqueViolation(e)) throw fail('conflict', 'PLAYER_IN_TWO_TEAMS', 'A player is in two teams');
    throw e;
  }
}

/** PUT /tournaments/{id}/teams (admin), audited `team.update`: the whole set of teams. */
export const setTeams = (ctx: ServiceContext, actor: Actor, id: string, input: { name: string; members: string[] }[]) =>
  storeTeams(ctx, actor, id, 'team.update', () => input);

/**
 * POST /tournaments/{id}/teams/auto (admin), audited `team.auto`: teams of the tournament's size
 * from the checked-in members in check-in order ("Team 1", "Team 2", …); the last may be short.
 */
export const autoFormTeams = (ctx: ServiceContext, actor: Actor, id: string) =>
  storeTeams(ctx, actor, id, 'team.auto', (t, players) =>
    autoTeams(
      players.map((p) => p.id),
      entrantSize(t.teamSize),
    ).map((members, i) => ({ name: `Team ${i + 1}`, members })),
  );

// ---------------------------------------------------------------------------------------------
// lobbies

/** How many lobbies a tournament has and which one an entrant plays in (null: none yet). */
export interface LobbyPlan {
  count: number;
  of: (entrantId: string) => number | null;
}

/** Until the organiser splits the field, one lobby holds every entrant. */
export async function lobbyPlan(ctx: ServiceContext, tournamentId: string): Promise<LobbyPlan> {
  const { lobbies, members } = await LobbyRepository.lobbiesOf(ctx.db.kysely, tournamentId);
  const count = Math.max(1, lobbies.length);
  if (count === 1 && !members.length) return { count, of: () => 1 };
  const byEntrant = new Map(members.map((m) => [m.entrant_id, m.lobby]));
  return { count, of: (id) => byEntrant.get(id) ?? null };
}

export const inLobby = (all: Entrant[], plan: LobbyPlan, lobby: number) => all.filter((e) => plan.of(e.id) === lobby);

/**
 * Each lobby's entrants by lobby number, and those in none: what an entry about the lobbies keeps. Keyed by the
 * number, each entrant with its players, so the log's diff names the lobby and the team whose seat changed.
 */
async function seatsOf(tx: ServiceContext, t: MatchDay) {
  const [all, plan] = await Promise.all([entrantsFor(tx, t), lobbyPlan(tx, t.id)]);
  return {
    lobbies: Object.fromEntries(
      Array.from({ length: plan.count }, (_, i) => [String(i + 1), inLobby(all, plan, i + 1).map(seatOf)]),
    ),
    unassigned: all.filter((e) => plan.of(e.id) === null).map(seatOf),
  };
}

/**
 * Teams formed anew in a split field go where their players played (followLobbies): the organiser's old teams
 * leave their lobbies before they are deleted, and the function answered seats the new ones, in the same
 * transaction under the same lock, and answers the lobbies before and after (null when no old team had a seat, or
 * when nothing a person reads changed).
 * The lobbies themselves, their keys and their matches stay as they are, and so does a team its captain
 * registered, which keeps its place in its lobby.
 */
async function vacateLobbies(
  tx: ServiceContext,
  id: string,
): Promise<(formed: TeamRow[]) => Promise<{ before: unknown; after: unknown } | null>> {
  const t = await TournamentService.matchDayOf(tx, id);
  // the seats as they were, read only when the field has seats at all
  const before = (await LobbyRepository.lobbiesOf(tx.db.kysely, id)).members.length ? await seatsOf(tx, t) : null;
  const lobbyOf = await LobbyRepository.vacateTeams(tx.db.kysely, id);
  return async (formed) => {
    // no player of the old teams was in a lobby: the new teams are where the old ones were, in the one lobby or none
    if (!lobbyOf.size || !before) return null;
    const [registered, { members }] = await Promise.all([
      EntryTeamService.checkedInTeams(tx, id),
      LobbyRepository.lobbiesOf(tx.db.kysely, id),
    ]);
    const playing = new Set(registered.map((e) => e.id));
    const taken = new Map<number, number>();
    for (const m of members) if (playing.has(m.entrant_id)) taken.set(m.lobby, (taken.get(m.lobby) ?? 0) + 1);
    const lobbies = followLobbies(formed, lobbyOf, tableOf(t).lobbySize, taken);
    await LobbyRepository.seat(
      tx.db.kysely,
      id,
      [...lobbies].map(([entrantId, lobby]) => ({ entrantId, lobby })),
    );
    const after = await seatsOf(tx, t);
    // teams formed again as they were (same names, same players, same lobbies) moved nothing a person can see
    return JSON.stringify(after) === JSON.stringify(before) ? null : { before, after };
  };
}

/** The lobby a recorded match was played in, or null when no match has this number yet. */
export async function lobbyOfMatch(ctx: ServiceContext, tournamentId: string, number: number): Promise<number | null> {
  const row = await ResultsRepository.findMatch(ctx.db.kysely, tournamentId, number);
  return row ? Number(row.lobby) : null;
}

const lobbyNotFound = () => fail('notFound', 'LOBBY_NOT_FOUND', 'No lobby with this number');
const otherLobby = () => fail('conflict', 'MATCH_IN_OTHER_LOBBY', 'This match was played in another lobby');

/**
 * The entrants of one lobby, the ids of everyone playing in another and of those the organiser has not yet put in
 * any (the lines of both are refused by name: the organiser moves the one in no lobby before its line counts).
 */
function lobbyField(all: Entrant[], plan: LobbyPlan, lobby: number): LobbyField {
  if (lobby > plan.count) throw lobbyNotFound();
  const field = inLobby(all, plan, lobby);
  const outside = all.filter((e) => plan.of(e.id) !== lobby);
  return {
    field,
    elsewhere: new Set(outside.filter((e) => plan.of(e.id) !== null).map((e) => e.id)),
    nowhere: new Set(outside.filter((e) => plan.of(e.id) === null).map((e) => e.id)),
  };
}

interface LobbyField {
  field: Entrant[];
  elsewhere: ReadonlySet<string>;
  nowhere: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------
// matches

function toMatch(m: MatchRow, lines: LineRow[], names: Map<string, string>, entrants: number): Match {
  return {
    number: m.number,
    lobby: Number(m.lobby),
    voided: m.voided_at !== null,
    // a line of an entrant no longer on the roster keeps showing, by id, so the admin can fix it
    lines: lines.map((l) => ({
      entrantId: l.entrant_id,
      placement: l.placement,
      eliminations: l.eliminations,
      name: names.get(l.entrant_id) ?? l.entrant_id,
    })),
    entrants,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

const namesOf = (...groups: Entrant[][]) => new Map(groups.flat().map((e) => [e.id, e.name]));

/** GET /tournaments/{id}/matches (admin): every match in number order, voided ones included. */
export async function matches(ctx: ServiceContext, id: string): Promise<Match[]> {
  const t = await battleRoyale(ctx, id);
  const [all, out, { matches: rows, lines }, plan] = await Promise.all([
    entrantsFor(ctx, t),
    disqualifiedEntrants(ctx, t),
    ResultsRepository.matchesOf(ctx.db.kysely, id),
    lobbyPlan(ctx, id),
  ]);
  const names = namesOf(all, out);
  return rows.map((m) =>
    toMatch(
      m,
      lines.filter((l) => l.match_id === m.id),
      names,
      inLobby(all, plan, Number(m.lobby)).length,
    ),
  );
}

/**
 * 400 with the first faulty line's code, and every faulty line as an issue (`lines.N`). `kept`:
 * entrants no longer playing (disqualified) whose line the match already holds, which stays editable.
 */
function assertLines(
  lines: readonly MatchLine[],
  field: LobbyField,
  table: ScoringTable,
  kept: ReadonlySet<string> = new Set(),
) {
  const issues = lobbyIssues(lines, field, table, kept);
  if (issues.length)
    throw fail(
      'invalid',
      issues[0]!.code,
      'A line of the match is not valid',
      issues.map((i) => ({ path: `body.lines.${i.index}`, message: i.code })),
    );
}

/**
 * The rules of a match's lines within its lobby: an entrant playing in another lobby, and one in no lobby yet, each
 * get their own code.
 */
function lobbyIssues(
  lines: readonly Pick<MatchLine, 'entrantId' | 'placement'>[],
  { field, elsewhere, nowhere }: LobbyField,
  table: ScoringTable,
  kept: ReadonlySet<string> = new Set(),
): { index: number; code: ErrorCode }[] {
  const outside = (entrantId: string): ErrorCode | null =>
    elsewhere.has(entrantId) ? 'ENTRANT_NOT_IN_LOBBY' : nowhere.has(entrantId) ? 'ENTRANT_IN_NO_LOBBY' : null;
  return lineIssues(lines, new Set([...field.map((e) => e.id), ...kept]), table.lobbySize).map((i) => ({
    index: i.index,
    code: (i.code === 'ENTRANT_NOT_CHECKED_IN' && outside(lines[i.index]!.entrantId)) || i.code,
  }));
}

/** The write of a match's lines, its unique keys turned into the same code the checks give. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e))
      throw fail('conflict', 'PLACEMENT_TAKEN', 'Another entrant already has this placement in this match');
    throw e;
  }
}

/** POST /tournaments/{id}/matches (admin), audited `match.create`: the next number, with its lines. */
export async function createMatch(ctx: ServiceContext, actor: Actor, id: string, input: MatchInput): Promise<Match> {
  return writing(() =>
    battleRoyaleWrite(ctx, actor, id, async (tx, audit, t) => {
      const all = await entrantsFor(tx, t);
      const lobby = input.lobby ?? 1;
      const field = lobbyField(all, await lobbyPlan(tx, id), lobby);
      assertLines(input.lines, field, tableOf(t));
      const now = nowIso();
      const matchId = randomUUID();
      const number = await ResultsRepository.insertNextMatch(tx.db.kysely, {
        id: matchId,
        tournamentId: id,
        lobby,
        now,
      });
      await ResultsRepository.replaceLines(tx.db.kysely, {
        matchId,
        tournamentId: id,
        lines: input.lines.map((l) => ({
          entrant_id: l.entrantId,
          placement: l.placement,
          eliminations: l.eliminations,
          submitted_at: now,
        })),
      });
      const match = toMatch(
        (await ResultsRepository.findMatch(tx.db.kysely, id, number))!,
        await ResultsRepository.linesOf(tx.db.kysely, matchId),
        namesOf(all),
        field.field.length,
      );
      const label = auditLabel(await tournamentName(tx, id), `#${number}`);
      await audit({
        action: 'match.create',
        entityType: 'tournament',
        entityId: id,
        label,
        before: null,
        after: match,
      });
      return match;
    }),
  );
}

/**
 * PUT /tournaments/{id}/matches/{number} (admin), audited `match.update`: the match's lines
 * replaced. A line left as it was keeps its submission time (the last tiebreaker); a changed or
 * new one is submitted now.
 */
export async function updateMatch(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  number: number,
  input: MatchInput,
): Promise<Match> {
  return writing(() =>
    battleRoyaleWrite(ctx, actor, id, async (tx, audit, t) => {
      const row = await ResultsRepository.findMatch(tx.db.kysely, id, number);
      if (!row) throw matchNotFound();
      if (input.lobby !== undefined && input.lobby !== Number(row.lobby)) throw otherLobby();
      const all = await entrantsFor(tx, t);
      const field = lobbyField(all, await lobbyPlan(tx, id), Number(row.lobby));
      const out = await disqualifiedEntrants(tx, t);
      const old = await ResultsRepository.linesOf(tx.db.kysely, row.id);
      const had = new Set(old.map((l) => l.entrant_id));
      assertLines(input.lines, field, tableOf(t), new Set(out.map((e) => e.id).filter((e) => had.has(e))));
      const names = namesOf(all, out);
      const before = toMatch(row, old, names, field.field.length);
      const now = nowIso();
      const kept = new Map(old.map((l) => [l.entrant_id, l]));
      const lines = input.lines.map((l) => {
        const was = kept.get(l.entrantId);
        const same = was && was.placement === l.placement && was.eliminations === l.eliminations;
        return {
          entrant_id: l.entrantId,
          placement: l.placement,
          eliminations: l.eliminations,
          submitted_at: same ? was.submitted_at : now,
        };
      });
      await ResultsRepository.replaceLines(tx.db.kysely, { matchId: row.id, tournamentId: id, lines });
      await ResultsRepository.touchMatch(tx.db.kysely, row.id, now);
      const match = toMatch(
        (await ResultsRepository.findMatch(tx.db.kysely, id, number))!,
        await ResultsRepository.linesOf(tx.db.kysely, row.id),
        names,
        field.field.length,
      );
      const label = auditLabel(await tournamentName(tx, id), `#${number}`);
      await audit({ action: 'match.update', entityType: 'tournament', entityId: id, label, before, after: match });
      return match;
    }),
  );
}

/**
 * POST /tournaments/{id}/matches/{number}/void (admin), audited `match.void`: voided matches do not count; restoring
 * makes them count again.
 */
export async function voidMatch(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  number: number,
  voided: boolean,
): Promise<Match> {
  return battleRoyaleWrite(ctx, actor, id, async (tx, audit, t) => {
    const row = await ResultsRepository.findMatch(tx.db.kysely, id, number);
    if (!row) throw matchNotFound();
    const all = await entrantsFor(tx, t);
    const names = namesOf(all, await disqualifiedEntrants(tx, t));
    const lines = await ResultsRepository.linesOf(tx.db.kysely, row.id);
    const now = nowIso();
    // voiding a voided match keeps the first time; restoring clears it
    await ResultsRepository.touchMatch(tx.db.kysely, row.id, now, voided ? (row.voided_at ?? now) : null);
    const field = inLobby(all, await lobbyPlan(tx, id), Number(row.lobby));
    const match = toMatch((await ResultsRepository.findMatch(tx.db.kysely, id, number))!, lines, names, field.length);
    await audit({
      action: 'match.void',
      entityType: 'tournament',
      entityId: id,
      label: auditLabel(await tournamentName(tx, id), `#${number}`),
      before: { number, voided: row.voided_at !== null },
      after: { number, voided },
    });
    return match;
  });
}

/**
 * Adds or replaces one entrant's line in match `matchNumber` (a player's approved self-report).
 * A match with no results yet is created from the line only when `createMatch` says so (the
 * admin chose it): else 409 MATCH_NOT_RECORDED, so one report never makes a match by itself.
 * Audited `match.record`. The same rules as a whole match: the
 * entrant on the roster, the placement within the lobby; a placement another entrant already holds
 * in that match is 409 PLACEMENT_TAKEN (the stored match disagrees, the admin decides).
 */
export async function recordLine(
  ctx: ServiceContext,
  actor: Actor,
  tournamentId: string,
  matchNumber: number,
  line: MatchLine & { submittedAt: string },
  { createMatch = true }: { createMatch?: boolean } = {},
): Promise<Match> {
  // the same bounds as the `{number}` of the match routes
  if (!Number.isInteger(matchNumber) || matchNumber < 1 || matchNumber > 100_000) throw matchNotFound();
  return writing(() =>
    battleRoyaleWrite(ctx, actor, tournamentId, async (tx, audit, t) => {
      const all = await entrantsFor(tx, t);
      const db = tx.db.kysely;
      let row = await ResultsRepository.findMatch(db, tournamentId, matchNumber);
      const plan = await lobbyPlan(tx, tournamentId);
      // a match not yet recorded is created in the lobby of the entrant who reported it
      const lobby = row ? Number(row.lobby) : (plan.of(line.entrantId) ?? 1);
      const field = lobbyField(all, plan, lobby);
      assertLines([line], field, tableOf(t));
      const now = nowIso();
      if (!row && !createMatch)
        throw fail('conflict', 'MATCH_NOT_RECORDED', 'This match has no results yet: create it from the report');
      if (!row) {
        await ResultsRepository.insertMatch(db, { id: randomUUID(), tournamentId, number: matchNumber, lobby, now });
        row = (await ResultsRepository.findMatch(db, tournamentId, matchNumber))!;
      }
      const old = await ResultsRepository.linesOf(db, row.id);
      if (old.some((l) => l.placement === line.placement && l.entrant_id !== line.entrantId))
        throw fail('conflict', 'PLACEMENT_TAKEN', 'Another entrant already has this placement in this match');
      const before = old.find((l) => l.entrant_id === line.entrantId) ?? null;
      await ResultsRepository.putLine(db, {
        matchId: row.id,
        tournamentId,
        line: {
          entrant_id: line.entrantId,
          placement: line.placement,
          eliminations: line.eliminations,
          submitted_at: line.submittedAt,
        },
      });
      await ResultsRepository.touchMatch(db, row.id, now);
      const after = {
        entrantId: line.entrantId,
        placement: line.placement,
        eliminations: line.eliminations,
        submittedAt: line.submittedAt,
      };
      await audit({
        action: 'match.record',
        entityType: 'tournament',
        entityId: tournamentId,
        label: auditLabel(
          await tournamentName(tx, tournamentId),
          `#${matchNumber}`,
          all.find((e) => e.id === line.entrantId)?.name,
        ),
        before: before && {
          number: matchNumber,
          entrantId: before.entrant_id,
          placement: before.placement,
          eliminations: before.eliminations,
          submittedAt: before.submitted_at,
        },
        after: { number: matchNumber, ...after },
      });
      return toMatch(
        (await ResultsRepository.findMatch(db, tournamentId, matchNumber))!,
        await ResultsRepository.linesOf(db, row.id),
        namesOf(all, await disqualifiedEntrants(tx, t)),
        field.field.length,
      );
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// CSV preview

const whole = (s: string | undefined, min: number, max: number): number | null => {
  if (s === undefined || !/^\d{1,4}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};
const folded = (s: string) => s.normalize('NFC').toLocaleLowerCase('it');

/**
 * POST /tournaments/{id}/matches/preview (admin): the pasted rows resolved to entrants (by name,
 * ignoring case; a player also by the game account they registered with for this tournament, a
 * team by one of its players' usernames or game accounts), each with the reason it cannot be
 * entered, and the lines ready to send when every row is good. Writes nothing.
 */
export async function previewCsv(ctx: ServiceContext, id: string, csv: string, lobby = 1): Promise<MatchPreview> {
  const t = await battleRoyale(ctx, id);
  const [all, { members }, plan] = await Promise.all([
    entrantsFor(ctx, t),
    TournamentService.registrations(ctx, id),
    lobbyPlan(ctx, id),
  ]);
  const field = lobbyField(all, plan, lobby);
  const accounts = new Map(members.map((m) => [m.userId, m.gameAccount.username]));
  const byName = new Map<string, Entrant>();
  // a game account two entrants registered with names neither; a site username wins over a game
  // account, an entrant's own name over both
  const byAccount = new Map<string, Set<Entrant>>();
  for (const e of all)
    for (const m of e.members) {
      const account = accounts.get(m.id);
      if (account) byAccount.set(folded(account), (byAccount.get(folded(account)) ?? new Set()).add(e));
    }
  for (const [account, owners] of byAccount) if (owners.size === 1) byName.set(account, [...owners][0]!);
  for (const e of all) for (const m of e.members) byName.set(folded(m.username), e);
  // an entrant's own name wins over a player's username
  for (const e of all) byName.set(folded(e.name), e);
  const parsed = parseCsv(csv);
  if (parsed.length && isHeader(parsed[0]!.cells)) parsed.shift();
  const rows: MatchPreview['rows'] = parsed.map(({ line, cells }) => {
    const [name = '', placementCell, eliminationsCell] = cells;
    const placement = whole(placementCell, 1, 200);
    const eliminations = whole(eliminationsCell, 0, 200);
    const entrant = byName.get(folded(name)) ?? null;
    const error =
      cells.length !== 3 || placement === null || eliminations === null
        ? 'CSV_ROW_INVALID'
        : entrant
          ? null
          : 'UNKNOWN_ENTRANT';
    return { row: line, name, entrantId: entrant?.id ?? null, placement, eliminations, error };
  });
  // the match's own rules over the rows that are whole, in order
  const whole3 = rows.filter((r) => r.error === null);
  for (const issue of lobbyIssues(
    whole3.map((r) => ({ entrantId: r.entrantId!, placement: r.placement! })),
    field,
    tableOf(t),
  ))
    whole3[issue.index]!.error = issue.code;
  const valid = rows.length > 0 && rows.every((r) => r.error === null);
  return {
    rows,
    lines: valid
      ? rows.map((r) => ({ entrantId: r.entrantId!, placement: r.placement!, eliminations: r.eliminations! }))
      : [],
    valid,
  };
}

// ---------------------------------------------------------------------------------------------
// standings

function frozenRows(json: string): StandingsRow[] {
  return standingsRowSchema.array().parse(JSON.parse(json));
}

/**
 * GET /tournaments/{id}/standings: computed from the entrants and the matches that count, or the
 * rows frozen when the tournament was finalised. A player disqualified mid-event is listed after
 * everyone, marked, with rank 0: their points show but rank nobody and win nothing.
 */
export async function standings(ctx: ServiceContext, tournamentId: string): Promise<Standings> {
  const t = await battleRoyale(ctx, tournamentId);
  const table = tableOf(t);
  const final = t.finalizedAt && t.finalStandings;
  // the reads of a live table side by side (a PostgreSQL pool runs them at once)
  const [{ matches: rows, lines }, all] = await Promise.all([
    ResultsRepository.matchesOf(ctx.db.kysely, tournamentId),
    final ? [] : entrantsFor(ctx, t),
  ]);
  // the roster is read again only when a line belongs to someone no longer playing
  const playing = new Set(all.map((e) => e.id));
  const out = !final && lines.some((l) => !playing.has(l.entrant_id)) ? await disqualifiedEntrants(ctx, t) : [];
  const counted = rows.filter((m) => m.voided_at === null).length;
  const base = {
    tournamentId,
    format: 'battle_royale' as const,
    teamSize: entrantSize(t.teamSize),
    scoring: table,
    matches: counted,
  };
  if (final) return { ...base, final: true, rows: frozenRows(final) };
  const byMatch = new Map<string, LineRow[]>(rows.map((m) => [m.id, []]));
  for (const l of lines) byMatch.get(l.match_id)?.push(l);
  const scored: ScoredMatch[] = rows.map((m) => ({
    number: m.number,
    voided: m.voided_at !== null,
    lines: byMatch.get(m.id)!.map((l) => ({
      entrantId: l.entrant_id,
      placement: l.placement,
      eliminations: l.eliminations,
      submittedAt: l.submitted_at,
    })),
  }));
  const entrantsIn = (group: Entrant[]) =>
    group.map((e) => ({ id: e.id, name: e.name, members: e.members.map((m) => m.username) }));
  // one disqualified before playing has nothing to show
  const disqualified = computeStandings(table, entrantsIn(out), scored)
    .filter((r) => r.matchesPlayed > 0)
    .map((r) => ({
      ...r,
      rank: 0,
      disqualified: true,
    }));
  return { ...base, final: false, rows: [...computeStandings(table, entrantsIn(all), scored), ...disqualified] };
}
