import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// contract: mails queued by the release before it carry no brand and no process would ever send them
export const kind = 'contract';

/**
 * Each queued mail belongs to the brand (OWNER_ID) whose process wrote it, and only that brand's
 * processes send it. Brands may share one database, and a worker that took every due row sent one
 * brand's password resets from another brand's process, with that brand's From address: the other
 * brand's operator could read a live reset link of an account that is not theirs.
 *
 * Rows written before this migration carry no owner. A pending one is given the brand of its
 * recipient when exactly one brand has an account at that address (every mail the platform writes
 * goes to one of its accounts, so on a one-brand deployment all of them are attributed). An address
 * known to several brands, or to none, cannot be attributed safely: the row keeps NULL and no
 * process ever sends it (sending it from the wrong brand is the very leak this closes); an operator
 * who knows its brand may set `owner` by hand. Sent and failed rows are kept as a record only and
 * stay NULL: nothing acts on them any more.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('owner', 'text').execute();
  // the brands with an account at the row's address (an address's case is not its identity)
  const brands = (of: 'count(distinct u.owner)' | 'min(u.owner)') => sql`(
    select ${sql.raw(of)} from users u where lower(u.email) = lower(mail_outbox.recipient)
  )`;
  await db
    .updateTable('mail_outbox')
    .set({ owner: brands('min(u.owner)') })
    .where('status', '=', 'pending')
    .where(brands('count(distinct u.owner)'), '=', 1)
    .execute();
  // the worker's question is now "which pending rows of MY brand are due": the old index, without
  // the owner, would read every brand's due rows to find this one's
  await db.schema.dropIndex('mail_outbox_due').execute();
  const question = ['owner', 'status', 'next_attempt_at'];
  await db.schema.createIndex('mail_outbox_owner_due').on('mail_outbox').columns(question).execute();
}
