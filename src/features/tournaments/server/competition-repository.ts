import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CompetitionPlayersTable, CompetitionsTable, Database } from '../../../platform/db/schema.ts';
import { countAll, transaction } from '../../../platform/db/database.ts';
import { findOwned, updateOwned } from '../../../platform/db/owned-rows.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';
import { findRows, firstOwnedWithRow } from '../../../platform/db/matching-rows.ts';
import { holdsPlayer } from './repository.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

export type CompetitionRow = Selectable<CompetitionsTable>;
export type PlayerRow = Pick<
  Selectable<CompetitionPlayersTable>,
  'competition_id' | 'user_id' | 'team' | 'player_name' | 'adjustment'
>;

export function list(db: Kysely<Database>, owner: string): Promise<CompetitionRow[]> {
  return findRows(db, 'competitions', { owner }, ['created_at', 'id']);
}

export function findById(db: Kysely<Database>, owner: string, id: string): Promise<CompetitionRow | undefined> {
  return findOwned(db, 'competitions', owner, { id });
}

/** Every faction entry of the given competitions, in one query. */
export async function playersOf(db: Kysely<Database>, competitionIds: string[]): Promise<PlayerRow[]> {
  if (!competitionIds.length) return [];
  return db
    .selectFrom('competition_players')
    .select(['competition_id', 'user_id', 'team', 'player_name', 'adjustment'])
    .where('competition_id', 'in', competitionIds)
    .execute();
}

/** How many tournaments point to each of the given competitions (a competition with none is absent). */
export async function tournamentCounts(db: Kysely<Database>, competitionIds: string[]): Promise<Map<string, number>> {
  if (!competitionIds.length) return new Map();
  const rows = await db
    .selectFrom('tournaments')
    .select(['competition_id', countAll().as('n')])
    .where('competition_id', 'in', competitionIds)
    .groupBy('competition_id')
    .execute();
  return new Map(rows.map((r) => [r.competition_id!, Number(r.n)]));
}

export async function insert(db: Kysely<Database>, row: Insertable<CompetitionsTable>): Promise<void> {
  await db.insertInto('competitions').values(row).execute();
}

export function update(
  db: Kysely<Database>,
  owner: string,
  id: string,
  set: Updateable<CompetitionsTable>,
): Promise<boolean> {
  return updateOwned(db, 'competitions', owner, id, set);
}

/** The thumbnails of every brand's championships (the media sweep keeps them). */
export const mediaReferences = (db: Kysely<Database>) => mediaInColumns(db, 'competitions', ['thumbnail']);

/** Of the owner's competitions, the first one where the user chose a faction, or none (a faction badge's evidence). */
export async function factionCompetitions(
  db: Kysely<Database>,
  owner: string,
  userId: string,
  competitionId?: string,
): Promise<string[]> {
  const rows = { table: 'competition_players', link: 'competition_id', parent: 'competitions' } as const;
  return firstOwnedWithRow(db, rows, owner, userId, competitionId);
}

/** The faction the user chose in the owner's most recent competition that has them, or undefined. */
export async function latestFaction(db: Kysely<Database>, owner: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('competition_players')
    .innerJoin('competitions', 'competitions.id', 'competition_players.competition_id')
    .select('competition_players.team')
    .where('competitions.owner', '=', owner)
    .where('competition_players.user_id', '=', userId)
    .orderBy('competitions.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.team;
}

/** Every faction the user chose in the owner's championships, the latest championship first. */
export async function factionsOf(db: Kysely<Database>, owner: string, userId: string) {
  return db
    .selectFrom('competition_players as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .select(['c.id', 'c.name', 'c.name_en', 'p.team', 'p.player_name', 'p.updated_at'])
    .where('c.owner', '=', owner)
    .where('p.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}

/**
 * Whether the user takes part in a tournament of the competition: a registration (member or waitlist, not
 * disqualified), or a place they accepted in a team still waiting for its members, the captain's included.
 */
export async function takesPart(db: Kysely<Database>, competitionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tournaments as t')
    .select('t.id')
    .where('t.competition_id', '=', competitionId)
    .where((eb) => holdsPlayer(eb, userId, ['accepted']))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Puts one player in a faction: inserted with no adjustment the first time, otherwise only the team
 * and name change, so the score stays. The primary key (competition, user) keeps one entry per player.
 */
export async function choose(
  db: Kysely<Database>,
  p: { competitionId: string; userId: string; team: string; playerName: string; now: string },
) {
  await db
    .insertInto('competition_players')
    .values({
      competition_id: p.competitionId,
      user_id: p.userId,
      team: p.team,
      player_name: p.playerName,
      adjustment: 0,
      updated_at: p.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['competition_id', 'user_id'])
        .doUpdateSet({ team: p.team, player_name: p.playerName, updated_at: p.now }),
    )
    .execute();
}

/** Replaces the whole leaderboard of a competition in one transaction. */
export async function replacePlayers(
  db: Kysely<Database>,
  competitionId: string,
  players: { userId: string; team: string; playerName: string; adjustment: number }[],
  now: string,
) {
  await transaction(db, async (trx) => {
    // Two replacements at once on PostgreSQL both deleted the old rows, then the second inserted
    // rows the first had just inserted (a unique violation, a 500). Updating the competition row
    // first takes its lock: replacements queue, and each delete sees the rows committed before it.
    await trx.updateTable('competitions').set({ updated_at: now }).where('id', '=', competitionId).execute();
    await trx.deleteFrom('competition_players').where('competition_id', '=', competitionId).execute();
    await insertRows(
      trx,
      'competition_players',
      players.map((p) => ({
        competition_id: competitionId,
        user_id: p.userId,
        team: p.team,
        player_name: p.playerName,
        adjustment: p.adjustment,
        updated_at: now,
      })),
    );
  });
}

/**
 * Deletes a competition in one transaction: its tournaments stay and lose their competition, its
 * faction entries go. Answers the ids of the tournaments it detached, or null when the owner has
 * no such competition.
 */
export async function remove(db: Kysely<Database>, owner: string, id: string, now: string): Promise<string[] | null> {
  return transaction(db, async (trx) => {
    // Touching the row first takes its lock: a second delete of the same competition waits here
    // and then finds nothing (a 404), instead of both detaching and deleting.
    const found = await trx
      .updateTable('competitions')
      .set({ updated_at: now })
      .where('owner', '=', owner)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(found.numUpdatedRows) === 0) return null;
    const tournaments = await trx
      .selectFrom('tournaments')
      .select('id')
      .where('competition_id', '=', id)
      .orderBy('id')
      .execute();
    await trx
      .updateTable('tournaments')
      .set({ competition_id: null, updated_at: now })
      .where('competition_id', '=', id)
      .execute();
    await trx.deleteFrom('competition_players').where('competition_id', '=', id).execute();
    await trx.deleteFrom('competitions').where('id', '=', id).execute();
    return tournaments.map((t) => t.id);
  });
}

/** Puts `name` in place of the player's own on their faction picks (a closed account's); the picks and points stay. */
export async function forgetPlayerName(db: Kysely<Database>, userId: string, name: string): Promise<void> {
  await db.updateTable('competition_players').set({ player_name: name }).where('user_id', '=', userId).execute();
}
