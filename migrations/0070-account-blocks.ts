import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * An admin can block an account: while `blocked_at` is set the account cannot
 * log in and no session of it authenticates. Null for every existing account, so nobody is
 * locked out by the deploy.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
}
