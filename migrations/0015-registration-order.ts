import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Every tournament answer lists its registrations in queue order (joined at, then user id), and a
 * check-in answers the whole tournament. The queue index (tournament_id, state, created_at) cannot
 * give that order, so each read sorted all registrations: with 2,000 players checking in at once
 * that sort ran 2,000 times over 2,000 rows. This index holds the rows in queue order and covers
 * every column the read needs, so the read is one index range scan.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('tournament_registrations_order')
    .on('tournament_registrations')
    .columns(['tournament_id', 'created_at', 'user_id', 'state', 'confirmed'])
    .execute();
}
