import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { rowExists } from '../../../platform/db/matching-rows.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';

/**
 * The SQL of match day's own tables: a tournament's teams and members, its matches and their
 * lines. The unique keys of migration 0080 are the rules under concurrency (one team per player,
 * one line per entrant and per placement in a match, one match per number).
 */
type Db = Kysely<Database>;

export interface TeamRow {
  id: string;
  name: string;
  /** user ids */
  members: string[];
}

/** The teams of a tournament in the order the admin gave them, each with its members in the order given too. */
export async function teamsOf(db: Db, tournamentId: string): Promise<TeamRow[]> {
  const [teams, members] = await Promise.all([
    db
      .selectFrom('tournament_teams')
      .select(['id', 'name'])
      .where('tournament_id', '=', tournamentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tournament_team_members')
      .select(['team_id', 'user_id'])
      .where('tournament_id', '=', tournamentId)
      .orderBy('position')
      .orderBy('user_id')
      .execute(),
  ]);
  const byTeam = new Map<string, string[]>(teams.map((t) => [t.id, []]));
  for (const m of members) byTeam.get(m.team_id)?.push(m.user_id);
  return teams.map((t) => ({ id: t.id, name: t.name, members: byTeam.get(t.id)! }));
}

/**
 * Replaces every team of a tournament. A player named in two teams fails on the members' primary
 * key (tournament, user) and a name used twice on (tournament, name); the caller turns them into codes.
 * Both lists go in slices: a full roster's members bind more parameters than one statement may hold.
 */
export async function replaceTeams(db: Db, tournamentId: string, teams: TeamRow[], now: number): Promise<void> {
  await db.deleteFrom('tournament_teams').where('tournament_id', '=', tournamentId).execute();
  // one millisecond apart, so created_at keeps the admin's order ("Team 2" before "Team 10")
  await insertRows(
    db,
    'tournament_teams',
    teams.map((t, i) => ({
      id: t.id,
      tournament_id: tournamentId,
      name: t.name,
      created_at: new Date(now + i).toISOString(),
    })),
  );
  const members = teams.flatMap((t) =>
    t.members.map((userId, position) => ({ tournament_id: tournamentId, team_id: t.id, user_id: userId, position })),
  );
  await insertRows(db, 'tournament_team_members', members);
}

export function hasResults(db: Db, tournamentId: string): Promise<boolean> {
  return rowExists(db, 'match_results', { tournament_id: tournamentId });
}

export interface MatchRow {
  id: string;
  number: number;
  lobby: number;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LineRow {
  match_id: string;
  entrant_id: string;
  placement: number;
  eliminations: number;
  submitted_at: string;
}

const matchColumns = ['id', 'number', 'lobby', 'voided_at', 'created_at', 'updated_at'] as const;
const lineColumns = ['match_id', 'entrant_id', 'placement', 'eliminations', 'submitted_at'] as const;

/** Every match of a tournament in number order, and every line by placement. */
export async function matchesOf(db: Db, tournamentId: string): Promise<{ matches: MatchRow[]; lines: LineRow[] }> {
  const [matches, lines] = await Promise.all([
    db
      .selectFrom('tournament_matches')
      .select(matchColumns)
      .where('tournament_id', '=', tournamentId)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('match_results')
      .select(lineColumns)
      .where('tournament_id', '=', tournamentId)
      .orderBy('placement')
      .execute(),
  ]);
  return { matches, lines };
}

export async function findMatch(db: Db, tournamentId: string, number: number): Promise<MatchRow | undefined> {
  return db
    .selectFrom('tournament_matches')
    .select(matchColumns)
    .where('tournament_id', '=', tournamentId)
    .where('number', '=', number)
    .executeTakeFirst();
}

export async function linesOf(db: Db, matchId: string): Promise<LineRow[]> {
  return db
    .selectFrom('match_results')
    .select(lineColumns)
    .where('match_id', '=', matchId)
    .orderBy('placement')
    .execute();
}

/**
 * A new match numbered one past the highest. The caller holds the tournament's row lock
 * (lockOpenForResults), so two admins saving at once get 1 and 2; the unique key
 * (tournament, number) stays the guarantee.
 */
export async function insertNextMatch(
  db: Db,
  p: { id: string; tournamentId: string; lobby: number; now: string },
): Promise<number> {
  const top = await db
    .selectFrom('tournament_matches')
    .select(sql<number | null>`max(number)`.as('n'))
    .where('tournament_id', '=', p.tournamentId)
    .executeTakeFirst();
  const number = Number(top?.n ?? 0) + 1;
  await insertMatch(db, { ...p, number });
  return number;
}

export async function insertMatch(
  db: Db,
  p: { id: string; tournamentId: string; number: number; lobby?: number; now: string },
): Promise<void> {
  await db
    .insertInto('tournament_matches')
    .values({
      id: p.id,
      tournament_id: p.tournamentId,
      number: p.number,
      lobby: p.lobby ?? 1,
      voided_at: null,
      created_at: p.now,
      updated_at: p.now,
    })
    .execute();
}

/** Stamps a match's change; `voidedAt` (a time, or null to restore) when it is voided or restored. */
export async function touchMatch(db: Db, matchId: string, now: string, voidedAt?: string | null): Promise<void> {
  await db
    .updateTable('tournament_matches')
    .set({ updated_at: now, ...(voidedAt !== undefined ? { voided_at: voidedAt } : {}) })
    .where('id', '=', matchId)
    .execute();
}

/** Replaces the lines of a match; a placement used twice fails on the unique key (match, placement). */
export async function replaceLines(
  db: Db,
  p: { matchId: string; tournamentId: string; lines: Omit<LineRow, 'match_id'>[] },
): Promise<void> {
  await db.deleteFrom('match_results').where('match_id', '=', p.matchId).execute();
  if (p.lines.length)
    await db
      .insertInto('match_results')
      .values(p.lines.map((l) => ({ ...l, match_id: p.matchId, tournament_id: p.tournamentId })))
      .execute();
}

/** Adds or replaces one entrant's line; another entrant's placement fails on the unique key. */
export async function putLine(
  db: Db,
  p: { matchId: string; tournamentId: string; line: Omit<LineRow, 'match_id'> },
): Promise<void> {
  await db
    .deleteFrom('match_results')
    .where('match_id', '=', p.matchId)
    .where('entrant_id', '=', p.line.entrant_id)
    .execute();
  await db
    .insertInto('match_results')
    .values({ ...p.line, match_id: p.matchId, tournament_id: p.tournamentId })
    .execute();
}
