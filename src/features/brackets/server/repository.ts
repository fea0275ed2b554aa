import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  BracketEntrantsTable,
  BracketMatchesTable,
  BracketReportsTable,
  BracketsTable,
  Database,
} from '../../../platform/db/schema.ts';
import { findRow, findRows } from '../../../platform/db/matching-rows.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';

type Db = Kysely<Database>;
export type BracketRow = Selectable<BracketsTable>;
export type EntrantRow = Selectable<BracketEntrantsTable>;
export type MatchRow = Selectable<BracketMatchesTable>;
export type ReportRow = Selectable<BracketReportsTable>;

/**
 * Takes a tournament's bracket row for a generation, creating it the first time, and returns it as
 * it was (undefined when new). The row's lock (PostgreSQL) or the database's (SQLite) is held until
 * the transaction ends, so two generations, or a generation and a report, never interleave, and
 * the second of two simultaneous generations sees the first's bracket.
 */
export async function claimBracket(db: Db, row: BracketRow): Promise<BracketRow | undefined> {
  if (!(await lockBracket(db, row.tournament_id))) {
    // RETURNING gives a row only when this insert made it (none when another one got there first)
    const created = await db
      .insertInto('brackets')
      .values(row)
      .onConflict((oc) => oc.column('tournament_id').doNothing())
      .returning('tournament_id')
      .executeTakeFirst();
    if (created) return undefined;
    // another generation created it meanwhile (and has committed): lock it as it now is
    await lockBracket(db, row.tournament_id);
  }
  const before = await findBracket(db, row.tournament_id);
  await db
    .updateTable('brackets')
    .set({
      format: row.format,
      seeding: row.seeding,
      generated_at: row.generated_at,
      rounds: row.rounds,
      playoff_format: row.playoff_format,
      playoff_seeds: row.playoff_seeds,
    })
    .where('tournament_id', '=', row.tournament_id)
    .execute();
  return before;
}

/** A Swiss bracket's number of rounds, chosen at generation once the field is known. */
export async function setRounds(db: Db, tournamentId: string, rounds: number): Promise<void> {
  await db.updateTable('brackets').set({ rounds }).where('tournament_id', '=', tournamentId).execute();
}

/** A stage's playoff: its format and its seeds (JSON entrant ids, seed 1 first). */
export async function setPlayoff(db: Db, tournamentId: string, p: { format: string; seeds: string }): Promise<void> {
  await db
    .updateTable('brackets')
    .set({ playoff_format: p.format, playoff_seeds: p.seeds })
    .where('tournament_id', '=', tournamentId)
    .execute();
}

/**
 * Takes the bracket's row lock for a report or an override (a write that changes nothing), so the
 * two sides' reports of one match run one after the other and the second sees the first; false
 * when the tournament has no bracket.
 */
export async function lockBracket(db: Db, tournamentId: string): Promise<boolean> {
  const result = await db
    .updateTable('brackets')
    .set((eb) => ({ generated_at: eb.ref('generated_at') }))
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findBracket(db: Db, tournamentId: string): Promise<BracketRow | undefined> {
  return findRow(db, 'brackets', { tournament_id: tournamentId });
}

/**
 * Whether any match has a result from the players or the admin, or a side has reported. A forfeit is neither: a
 * bracket whose only results are forfeits may be drawn again, without the disqualified.
 */
export async function hasResults(db: Db, tournamentId: string): Promise<boolean> {
  const decided = await db
    .selectFrom('bracket_matches')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('decided_by', 'is not', null)
    .where('forfeit', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (decided) return true;
  const reported = await db
    .selectFrom('bracket_reports as r')
    .innerJoin('bracket_matches as m', 'm.id', 'r.match_id')
    .select('r.match_id')
    .where('m.tournament_id', '=', tournamentId)
    .limit(1)
    .executeTakeFirst();
  return !!reported;
}

/** Drops the matches (and their reports) and the entrants of a bracket about to be generated again. */
export async function clearBracket(db: Db, tournamentId: string): Promise<void> {
  const ids = db.selectFrom('bracket_matches').select('id').where('tournament_id', '=', tournamentId);
  await db.deleteFrom('bracket_reports').where('match_id', 'in', ids).execute();
  await db.deleteFrom('bracket_matches').where('tournament_id', '=', tournamentId).execute();
  await db.deleteFrom('bracket_entrants').where('tournament_id', '=', tournamentId).execute();
}

/** A bracket's entrants, a slice per statement (a large field binds more parameters than one may hold). */
export async function insertEntrants(db: Db, rows: EntrantRow[]): Promise<void> {
  await insertRows(db, 'bracket_entrants', rows);
}

/** A bracket's matches, a slice per statement: a large round robin has thousands. */
export async function insertMatches(db: Db, rows: Omit<MatchRow, 'id'>[]): Promise<void> {
  await insertRows(
    db,
    'bracket_matches',
    rows.map((r) => ({ id: randomUUID(), ...r })),
  );
}

export function entrantsOf(db: Db, tournamentId: string): Promise<EntrantRow[]> {
  return findRows(db, 'bracket_entrants', { tournament_id: tournamentId }, ['group_no', 'seed']);
}

/** The highest group of a bracket's entrants: a round robin's last group, 0 in the other formats (and without any). */
export const lastGroup = (db: Db, tournamentId: string): Promise<number> =>
  highest(db, 'bracket_entrants', 'group_no', tournamentId);

export function matchesOf(db: Db, tournamentId: string): Promise<MatchRow[]> {
  return findRows(db, 'bracket_matches', { tournament_id: tournamentId }, ['group_no', 'round', 'slot']);
}

export async function reportsOf(db: Db, tournamentId: string): Promise<ReportRow[]> {
  return db
    .selectFrom('bracket_reports as r')
    .innerJoin('bracket_matches as m', 'm.id', 'r.match_id')
    .selectAll('r')
    .where('m.tournament_id', '=', tournamentId)
    .execute();
}

/** The reports a player made in the brackets of the given tournaments, oldest first. */
export async function reportsBy(db: Db, userId: string, tournamentIds: string[]) {
  if (tournamentIds.length === 0) return [];
  return db
    .selectFrom('bracket_reports as r')
    .innerJoin('bracket_matches as m', 'm.id', 'r.match_id')
    .select(['m.tournament_id', 'r.match_id', 'm.round', 'r.side', 'r.score_a', 'r.score_b', 'r.reported_at'])
    .where('r.user_id', '=', userId)
    .where('m.tournament_id', 'in', tournamentIds)
    .orderBy('r.reported_at')
    .orderBy('r.match_id')
    .execute();
}

export function findMatch(db: Db, tournamentId: string, matchId: string): Promise<MatchRow | undefined> {
  return findRow(db, 'bracket_matches', { tournament_id: tournamentId, id: matchId });
}

export function findMatchAt(
  db: Db,
  tournamentId: string,
  at: { group: number; round: number; slot: number },
): Promise<MatchRow | undefined> {
  return findRow(db, 'bracket_matches', {
    tournament_id: tournamentId,
    group_no: at.group,
    round: at.round,
    slot: at.slot,
  });
}

/** The latest round of a bracket (a Swiss bracket's round being played), 0 without matches. */
export const latestRound = (db: Db, tournamentId: string): Promise<number> =>
  highest(db, 'bracket_matches', 'round', tournamentId);

/** The highest value of a number column of a bracket's rows, 0 without any. */
async function highest(
  db: Db,
  table: 'bracket_entrants' | 'bracket_matches',
  column: 'group_no' | 'round',
  tournamentId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number | null>`max(${sql.ref(column)})`.as('top'))
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

export async function matchReports(db: Db, matchId: string): Promise<ReportRow[]> {
  return db.selectFrom('bracket_reports').selectAll().where('match_id', '=', matchId).execute();
}

/** A side's report, replacing its earlier one (a side may correct itself until the match is decided). */
export async function putReport(db: Db, row: ReportRow): Promise<void> {
  await db
    .insertInto('bracket_reports')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['match_id', 'side']).doUpdateSet({
        user_id: row.user_id,
        score_a: row.score_a,
        score_b: row.score_b,
        reported_at: row.reported_at,
      }),
    )
    .execute();
}

export async function deleteReports(db: Db, matchId: string): Promise<void> {
  await db.deleteFrom('bracket_reports').where('match_id', '=', matchId).execute();
}

/**
 * Marks entrants out of a bracket from `now` (a disqualification); those already out keep their time. Their
 * matches without a result are then forfeits (`forfeit`).
 */
export async function markOut(db: Db, tournamentId: string, entrantIds: string[], now: string): Promise<void> {
  if (entrantIds.length === 0) return;
  await db
    .updateTable('bracket_entrants')
    .set({ disqualified_at: now })
    .where('tournament_id', '=', tournamentId)
    .where('entrant_id', 'in', entrantIds)
    .where('disqualified_at', 'is', null)
    .execute();
}

/**
 * Decides an open match (awaiting or disputed) as a forfeit: no scores, `winner` goes on (null when both sides
 * forfeited a table's match), `forfeit` names the side that forfeited. Its reports stay, as what the players said.
 * False when the match was no longer open.
 */
export async function forfeit(
  db: Db,
  matchId: string,
  r: { winner: string | null; forfeit: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('bracket_matches')
    .set({
      score_a: null,
      score_b: null,
      winner: r.winner,
      state: 'confirmed',
      decided_by: 'admin',
      forfeit: r.forfeit,
      updated_at: r.now,
    })
    .where('id', '=', matchId)
    .where('state', 'in', ['awaiting', 'disputed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a match's result (a score replaces a forfeit). With `onlyOpen` only a match not yet confirmed takes it, so
 * of two writers deciding the same match exactly one does (the other gets false).
 */
export async function decide(
  db: Db,
  matchId: string,
  r: {
    scoreA: number;
    scoreB: number;
    winner: string | null;
    decidedBy: 'players' | 'admin';
    now: string;
    onlyOpen: boolean;
  },
): Promise<boolean> {
  let q = db
    .updateTable('bracket_matches')
    .set({
      score_a: r.scoreA,
      score_b: r.scoreB,
      winner: r.winner,
      state: 'confirmed',
      decided_by: r.decidedBy,
      forfeit: null,
      updated_at: r.now,
    })
    .where('id', '=', matchId);
  if (r.onlyOpen) q = q.where('state', '<>', 'confirmed');
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setState(db: Db, matchId: string, state: 'awaiting' | 'disputed', now: string): Promise<void> {
  await db.updateTable('bracket_matches').set({ state, updated_at: now }).where('id', '=', matchId).execute();
}

/**
 * Puts an entrant (or nobody) on one side of a later match and reopens it: no result, no reports,
 * awaiting when both sides are known, pending otherwise.
 */
export async function setSide(
  db: Db,
  match: MatchRow,
  side: 'a' | 'b',
  entrantId: string | null,
  now: string,
): Promise<void> {
  const sideA = side === 'a' ? entrantId : match.side_a;
  const sideB = side === 'b' ? entrantId : match.side_b;
  await db
    .updateTable('bracket_matches')
    .set({
      side_a: sideA,
      side_b: sideB,
      score_a: null,
      score_b: null,
      winner: null,
      decided_by: null,
      forfeit: null,
      state: sideA && sideB ? 'awaiting' : 'pending',
      updated_at: now,
    })
    .where('id', '=', match.id)
    .execute();
  await deleteReports(db, match.id);
}

/**
 * Sets both sides of a double-elimination match as the results now make them, reopening it: no
 * scores, no reports; a bye keeps the entrant it sends on as its winner.
 */
export async function placeSides(
  db: Db,
  matchId: string,
  r: {
    sideA: string | null;
    sideB: string | null;
    state: 'pending' | 'awaiting' | 'bye';
    winner: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .updateTable('bracket_matches')
    .set({
      side_a: r.sideA,
      side_b: r.sideB,
      score_a: null,
      score_b: null,
      winner: r.state === 'bye' ? r.winner : null,
      decided_by: null,
      forfeit: null,
      state: r.state,
      updated_at: r.now,
    })
    .where('id', '=', matchId)
    .execute();
  await deleteReports(db, matchId);
}

/**
 * Puts `name` in place of the player's own in the brackets they played in: their solo entrant's name and their
 * line in any entrant's member list (a closed account's). The entrants, seeds and results stay.
 */
export async function forgetPlayer(db: Db, userId: string, name: string): Promise<void> {
  const rows = await db
    .selectFrom('bracket_entrants')
    .select(['tournament_id', 'entrant_id', 'name', 'members'])
    .where((eb) => eb.or([eb('entrant_id', '=', userId), eb('members', 'like', `%${userId}%`)]))
    .execute();
  for (const row of rows) {
    const members = (JSON.parse(row.members) as { id: string; username: string }[]).map((m) =>
      m.id === userId ? { ...m, username: name } : m,
    );
    await db
      .updateTable('bracket_entrants')
      .set({ name: row.entrant_id === userId ? name : row.name, members: JSON.stringify(members) })
      .where('tournament_id', '=', row.tournament_id)
      .where('entrant_id', '=', row.entrant_id)
      .execute();
  }
}
