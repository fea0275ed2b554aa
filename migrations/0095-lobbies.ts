import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves (every match defaults to lobby 1)
export const kind = 'expand';

/**
 * Lobbies of a battle royale: when more entrants play than one lobby holds, the organiser splits
 * them. A tournament with no lobby rows plays in one lobby, as before. Each match belongs to a
 * lobby; each lobby may carry the game's custom-match key, shown to its players from a set time.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tournament_matches')
    .addColumn('lobby', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('tournament_lobbies')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    // 1, 2, 3 … as the organiser split them
    .addColumn('number', 'integer', (c) => c.notNull())
    // the game's custom-match key; null until posted
    .addColumn('code', 'text')
    // when the lobby's players may see the key
    .addColumn('code_visible_from', 'text')
    .addPrimaryKeyConstraint('tournament_lobbies_pk', ['tournament_id', 'number'])
    .execute();
  await db.schema
    .createTable('tournament_lobby_entrants')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    // a user id (solo) or a tournament_teams id
    .addColumn('entrant_id', 'text', (c) => c.notNull())
    .addColumn('lobby', 'integer', (c) => c.notNull())
    // one lobby per entrant
    .addPrimaryKeyConstraint('tournament_lobby_entrants_pk', ['tournament_id', 'entrant_id'])
    .execute();
}
