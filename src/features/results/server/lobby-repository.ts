import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';

/**
 * The SQL of a battle royale's lobbies (migration 0095): the lobbies with their custom-match keys
 * and which lobby each entrant plays in. No rows: the tournament plays in one lobby.
 */
type Db = Kysely<Database>;

export interface LobbyRow {
  number: number;
  code: string | null;
  code_visible_from: string | null;
}

/** The lobbies in number order and each entrant's lobby. */
export async function lobbiesOf(
  db: Db,
  tournamentId: string,
): Promise<{ lobbies: LobbyRow[]; members: { entrant_id: string; lobby: number }[] }> {
  const [lobbies, members] = await Promise.all([
    db
      .selectFrom('tournament_lobbies')
      .select(['number', 'code', 'code_visible_from'])
      .where('tournament_id', '=', tournamentId)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('tournament_lobby_entrants')
      .select(['entrant_id', 'lobby'])
      .where('tournament_id', '=', tournamentId)
      .execute(),
  ]);
  return {
    lobbies: lobbies.map((l) => ({ ...l, number: Number(l.number) })),
    members: members.map((m) => ({ entrant_id: m.entrant_id, lobby: Number(m.lobby) })),
  };
}

/**
 * Replaces who plays in which lobby. Lobbies that stay keep their key; lobbies past the new count
 * go. The members' primary key (tournament, entrant) keeps an entrant in one lobby.
 */
export async function replaceLobbies(db: Db, tournamentId: string, lobbies: string[][]): Promise<void> {
  await db.deleteFrom('tournament_lobby_entrants').where('tournament_id', '=', tournamentId).execute();
  await db
    .deleteFrom('tournament_lobbies')
    .where('tournament_id', '=', tournamentId)
    .where('number', '>', lobbies.length)
    .execute();
  await ensureLobbies(db, tournamentId, lobbies.length);
  await seat(
    db,
    tournamentId,
    lobbies.flatMap((ids, i) => ids.map((entrantId) => ({ entrantId, lobby: i + 1 }))),
  );
}

/** Puts each entrant in its lobby, a slice of rows per statement (a whole field of players is many). */
export async function seat(db: Db, tournamentId: string, entrants: { entrantId: string; lobby: number }[]) {
  await insertRows(
    db,
    'tournament_lobby_entrants',
    entrants.map((e) => ({ tournament_id: tournamentId, entrant_id: e.entrantId, lobby: e.lobby })),
  );
}

/**
 * Takes the organiser's teams out of their lobbies, before the teams themselves go, and answers the lobby each of
 * their players was in: the teams formed next follow their players there. A team its captain registered keeps
 * its place. Two statements whatever the size of the field.
 */
export async function vacateTeams(db: Db, tournamentId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tournament_lobby_entrants as l')
    .innerJoin('tournament_team_members as m', (join) =>
      join.onRef('m.team_id', '=', 'l.entrant_id').onRef('m.tournament_id', '=', 'l.tournament_id'),
    )
    .select(['m.user_id', 'l.lobby'])
    .where('l.tournament_id', '=', tournamentId)
    .execute();
  await db
    .deleteFrom('tournament_lobby_entrants')
    .where('tournament_id', '=', tournamentId)
    .where('entrant_id', 'in', (q) =>
      q.selectFrom('tournament_teams').select('id').where('tournament_id', '=', tournamentId),
    )
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.lobby)]));
}

/** Lobbies 1 … count exist (without a key until one is posted). */
async function ensureLobbies(db: Db, tournamentId: string, count: number): Promise<void> {
  const have = new Set(
    (
      await db.selectFrom('tournament_lobbies').select('number').where('tournament_id', '=', tournamentId).execute()
    ).map((r) => Number(r.number)),
  );
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (missing.length)
    await db
      .insertInto('tournament_lobbies')
      .values(missing.map((number) => ({ tournament_id: tournamentId, number, code: null, code_visible_from: null })))
      .execute();
}

/** Posts (or clears, with null) a lobby's key and when its players see it. */
export async function setCode(
  db: Db,
  tournamentId: string,
  number: number,
  code: string | null,
  visibleFrom: string | null,
): Promise<void> {
  await ensureLobbies(db, tournamentId, number);
  await db
    .updateTable('tournament_lobbies')
    .set({ code, code_visible_from: visibleFrom })
    .where('tournament_id', '=', tournamentId)
    .where('number', '=', number)
    .execute();
}
