import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// contract: renames competition_players.score: the release before it reads and writes a column that is gone
export const kind = 'contract';

/**
 * Finalising and prizes. A tournament's prize table (JSON PrizeTable,
 * src/features/results/contract.ts); the placements frozen at finalisation, one row per player,
 * whose primary key is what pays a player's prize once; the "top N" a badge asks for; and the
 * faction score, which the results now compute, keeps the admin's manual part as an adjustment.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // JSON [{from, to, credits}] by rank; null: no prizes
  await db.schema.alterTable('tournaments').addColumn('prizes', 'text').execute();

  await db.schema
    .createTable('tournament_placements')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the user's entrant (their own id solo, a team id otherwise) and its final rank
    .addColumn('entrant_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    // the entrant's points, which the player adds to their faction's championship score
    .addColumn('points', 'integer', (c) => c.notNull())
    // credits paid to this player (0 when the rank earned none)
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // one placement, so one prize, per player and tournament
    .addPrimaryKeyConstraint('tournament_placements_pk', ['tournament_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_placements_user')
    .on('tournament_placements')
    .columns(['user_id', 'rank'])
    .execute();

  // "top N finish" badges: the N (null for every other rule)
  await db.schema.alterTable('badges').addColumn('top_n', 'integer').execute();

  // The faction score is now results + adjustment: what the admin typed so far becomes the
  // adjustment, so every player keeps their score until results add to it.
  await db.schema.alterTable('competition_players').renameColumn('score', 'adjustment').execute();
}
