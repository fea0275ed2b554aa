import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll, monotonicTimestamps, isUniqueViolation } from '../../../platform/db/database.ts';
import { softDelete as softDeleteLive, updateLive } from '../../../platform/db/live-rows.ts';
import type { Database, GiveawaysTable } from '../../../platform/db/schema.ts';
import type { Giveaway, GiveawayType } from '../contract.ts';
import { byText, contains, orderFor } from '../../../platform/db/search.ts';
import { findOwned } from '../../../platform/db/owned-rows.ts';
import { rowExists } from '../../../platform/db/matching-rows.ts';

type Db = Kysely<Database>;
type Row = Selectable<GiveawaysTable>;

export interface GiveawayFields {
  credits: number;
  type: GiveawayType;
  maxUses: number | null;
  expiresAt: string | null;
  description: string;
}

export async function list(
  db: Db,
  owner: string,
  q: { limit: number; offset: number; search?: string; sort: string },
): Promise<{ rows: Giveaway[]; total: number }> {
  let base = db.selectFrom('giveaways').where('owner', '=', owner).where('deleted_at', 'is', null);
  if (q.search) base = base.where((eb) => eb.or([contains('token', q.search!), contains('description', q.search!)]));
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  // a code that never expires counts as the latest expiry, the same on both engines (their nulls sort differently)
  const order = orderFor(q.sort, {
    code: byText('token'),
    credits: sql.ref('credits'),
    uses: sql.ref('redemption_count'),
    expires: sql`coalesce(expires_at, '9999')`,
  });
  const rows = await (order ? base.selectAll().orderBy(...order) : base.selectAll().orderBy('created_at', 'desc'))
    .orderBy('id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const now = new Date().toISOString();
  return { rows: rows.map((r) => toGiveaway(r, now)), total: Number(n) };
}

export async function findById(db: Db | Trx<Database>, owner: string, id: string): Promise<Giveaway | undefined> {
  const row = await findOwned(db, 'giveaways', owner, { id }, true);
  return row && toGiveaway(row, new Date().toISOString());
}

export async function findByToken(db: Db, owner: string, token: string): Promise<Giveaway | undefined> {
  const row = await findOwned(db, 'giveaways', owner, { token }, true);
  return row && toGiveaway(row, new Date().toISOString());
}

/** Whether this user created the code (null for a code whose creator is not known). */
export async function isCreator(db: Db, id: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('giveaways').select('created_by').where('id', '=', id).executeTakeFirst();
  return row?.created_by === userId;
}

// newest first is the list's default order: codes this process makes in one millisecond still order as they came
const nextTimestamp = monotonicTimestamps();

/** Null when the code is taken: the unique (owner, token) index decides a race between two admins. */
export async function create(
  db: Db,
  owner: string,
  token: string,
  g: GiveawayFields,
  createdBy: string | null = null,
): Promise<string | null> {
  const id = randomUUID();
  const now = nextTimestamp();
  try {
    await db
      .insertInto('giveaways')
      .values({
        id,
        owner,
        token,
        ...columns(g),
        redemption_count: 0,
        deleted_at: null,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

export function update(db: Db, owner: string, id: string, g: GiveawayFields): Promise<boolean> {
  return updateLive(db, 'giveaways', owner, id, columns(g));
}

/** Soft delete: the row stays for what points at it. */
export function softDelete(db: Db, owner: string, id: string): Promise<boolean> {
  return softDeleteLive(db, 'giveaways', owner, id);
}

export function hasRedeemed(db: Db, giveawayId: string, userId: string): Promise<boolean> {
  return rowExists(db, 'giveaway_redemptions', { giveaway_id: giveawayId, user_id: userId });
}

/**
 * Counts one use if the code still allows one, in a single statement: the conditions on
 * redemption_count and expires_at are evaluated on the locked row, so `limited` never passes
 * maxUses and `timed` never works after expiresAt, however many redeem at once. Returns the
 * credits as they are now, or undefined when the code refused.
 */
export async function consume(trx: Trx<Database>, owner: string, id: string, now: string) {
  const row = await trx
    .updateTable('giveaways')
    .set({ redemption_count: sql`redemption_count + 1` })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('redemption_count', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning(['id', 'token', 'type', 'credits'])
    .executeTakeFirst();
  return row && { ...row, credits: Number(row.credits), type: row.type as GiveawayType };
}

/** Why consume() refused: read on the same transaction after the refusal. */
export async function refusalReason(
  trx: Trx<Database>,
  owner: string,
  id: string,
  now: string,
): Promise<'GIVEAWAY_NOT_FOUND' | 'GIVEAWAY_EXPIRED' | 'GIVEAWAY_USED_UP'> {
  const row = await trx
    .selectFrom('giveaways')
    .selectAll()
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return 'GIVEAWAY_NOT_FOUND';
  if (row.expires_at !== null && row.expires_at <= now) return 'GIVEAWAY_EXPIRED';
  return 'GIVEAWAY_USED_UP';
}

/** False when this user already redeemed it: the (giveaway, user) primary key decides. */
export async function insertRedemption(
  trx: Trx<Database>,
  giveawayId: string,
  userId: string,
  credits: number,
): Promise<boolean> {
  const result = await trx
    .insertInto('giveaway_redemptions')
    .values({ giveaway_id: giveawayId, user_id: userId, credits, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Giveaways a player could redeem at `now`. */
export async function countActive(db: Db, owner: string, now: string): Promise<number> {
  const { n } = await db
    .selectFrom('giveaways')
    .select(countAll().as('n'))
    .where('owner', '=', owner)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('redemption_count', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function countRedemptions(db: Db, owner: string): Promise<number> {
  const { n } = await db
    .selectFrom('giveaway_redemptions')
    .innerJoin('giveaways', 'giveaways.id', 'giveaway_redemptions.giveaway_id')
    .select(countAll().as('n'))
    .where('giveaways.owner', '=', owner)
    .executeTakeFirstOrThrow();
  return Number(n);
}

// a type's other limit is stored null, so a code is never both limited and timed
function columns(g: GiveawayFields) {
  return {
    credits: g.credits,
    type: g.type,
    max_uses: g.type === 'limited' ? g.maxUses : null,
    expires_at: g.type === 'timed' && g.expiresAt ? new Date(g.expiresAt).toISOString() : null,
    description: g.description,
  };
}

function toGiveaway(r: Row, now: string): Giveaway {
  const count = Number(r.redemption_count);
  const maxUses = r.max_uses === null ? null : Number(r.max_uses);
  const state =
    r.expires_at !== null && r.expires_at <= now
      ? 'expired'
      : maxUses !== null && count >= maxUses
        ? 'used_up'
        : 'active';
  return {
    id: r.id,
    token: r.token,
    credits: Number(r.credits),
    type: r.type as GiveawayType,
    maxUses,
    redemptionCount: count,
    expiresAt: r.expires_at,
    description: r.description,
    owner: r.owner,
    state,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
