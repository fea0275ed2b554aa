import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * The rewards economy: wallets and their append-only ledger, badges, products,
 * purchases, giveaway codes and idempotency keys. Every rule that must hold under concurrent
 * requests is a constraint here (CHECKs, unique keys), so a racing request fails on the database
 * rather than on a read it made a moment earlier.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // The balance is a cache of the ledger kept in step inside each transaction that writes an
  // entry; the CHECK is the last line that stops it going negative.
  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallets_owner').on('wallets').column('owner').execute();

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('badge', 'giveaway', 'purchase', 'adjustment')`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // what caused the entry ("giveaway:<id>:<user>", "purchase:<id>", "badge:<user badge id>");
    // unique, so one cause can never be booked twice; null for admin adjustments
    .addColumn('reference', 'text', (c) => c.unique())
    // the balance right after this entry, for the history view and audits
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    // the admin behind an adjustment, and their name at that moment
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_transactions_user')
    .on('wallet_transactions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('wallet_transactions_owner_type')
    .on('wallet_transactions')
    .columns(['owner', 'type'])
    .execute();
  // Append-only: a ledger entry is corrected by a new entry, never edited or removed.
  if (dialect === 'sqlite') {
    await sql`create trigger wallet_transactions_no_update before update on wallet_transactions
      begin select raise(abort, 'wallet_transactions is append-only'); end`.execute(db);
    await sql`create trigger wallet_transactions_no_delete before delete on wallet_transactions
      begin select raise(abort, 'wallet_transactions is append-only'); end`.execute(db);
  } else {
    await sql`create or replace function wallet_transactions_append_only() returns trigger as $$
      begin raise exception 'wallet_transactions is append-only'; end $$ language plpgsql`.execute(db);
    await sql`create trigger wallet_transactions_no_change before update or delete on wallet_transactions
      for each row execute function wallet_transactions_append_only()`.execute(db);
  }

  await db.schema
    .createTable('badges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    // which server-side rule decides whether a user earned it (src/features/rewards/badge-schemas.ts)
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('reward_amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`reward_amount >= 0`),
    )
    .addColumn('reusable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('badges_owner_slug').on('badges').columns(['owner', 'slug']).unique().execute();

  // award_key is 'once' for a non-reusable badge, so the unique key grants it a single time;
  // a reusable badge is keyed by the event that earned it (a tournament id, a purchase id, …).
  await db.schema
    .createTable('user_badges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('badge_id', 'text', (c) => c.notNull().references('badges.id'))
    .addColumn('award_key', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earned_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_badges_unique')
    .on('user_badges')
    .columns(['user_id', 'badge_id', 'award_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    // soft delete: purchases keep pointing at a product an admin removed from the shop
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_owner').on('products').columns(['owner', 'deleted_at', 'created_at']).execute();

  // name, price and address are copied: what the user bought and where it ships never changes
  // when the product or the profile is edited later
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('ship_first_name', 'text', (c) => c.notNull())
    .addColumn('ship_last_name', 'text', (c) => c.notNull())
    .addColumn('ship_street_name', 'text', (c) => c.notNull())
    .addColumn('ship_additional_address_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_zip_code', 'text', (c) => c.notNull())
    .addColumn('ship_city', 'text', (c) => c.notNull())
    .addColumn('ship_country', 'text', (c) => c.notNull())
    .addColumn('fulfilled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fulfilled_at', 'text')
    .addColumn('fulfilled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchases_user_product')
    .on('purchases')
    .columns(['user_id', 'product_id'])
    .unique()
    .execute();
  await db.schema.createIndex('purchases_owner_created').on('purchases').columns(['owner', 'created_at']).execute();

  await db.schema
    .createTable('giveaways')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits >= 1`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('infinite', 'limited', 'timed')`))
    .addColumn('max_uses', 'integer')
    .addColumn('redemption_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // a deleted code frees its token for a new giveaway
  await db.schema
    .createIndex('giveaways_owner_token')
    .on('giveaways')
    .columns(['owner', 'token'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('giveaway_redemptions')
    .addColumn('giveaway_id', 'text', (c) => c.notNull().references('giveaways.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_redemptions_pk', ['giveaway_id', 'user_id'])
    .execute();
  await db.schema.createIndex('giveaway_redemptions_user').on('giveaway_redemptions').column('user_id').execute();

  // Written in the same transaction as the effect it guards: a retried request either finds the
  // stored answer or, if the first attempt rolled back, runs again; it never charges twice.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}
