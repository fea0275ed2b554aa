import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import type { BadgesTable, Database } from '../../../platform/db/schema.ts';
import type { Badge, UserBadge } from '../contract.ts';
import { findOwned, updateOwned } from '../../../platform/db/owned-rows.ts';
import { firstOwnedWithRow } from '../../../platform/db/matching-rows.ts';
import { translationsOf } from '../../../platform/i18n/content-translations.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database>;
type Row = Selectable<BadgesTable>;

export async function list(db: Db, owner: string, includeInactive: boolean): Promise<Badge[]> {
  let q = db.selectFrom('badges').selectAll().where('owner', '=', owner);
  if (!includeInactive) q = q.where('active', '=', 1);
  return (await q.orderBy('created_at').orderBy('name').execute()).map(toBadge);
}

export async function findById(db: Db, owner: string, id: string): Promise<Badge | undefined> {
  const row = await findOwned(db, 'badges', owner, { id });
  return row && toBadge(row);
}

export async function findBySlug(db: Db, owner: string, slug: string): Promise<Badge | undefined> {
  const row = await findOwned(db, 'badges', owner, { slug });
  return row && toBadge(row);
}

/** The icons of every brand's badges, active or not (the media sweep keeps them). */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'badges', ['icon']);

export async function insert(db: Db, row: Insertable<BadgesTable>): Promise<void> {
  await db.insertInto('badges').values(row).execute();
}

export interface BadgeChanges {
  name?: string;
  description?: string;
  name_en?: string;
  description_en?: string;
  icon?: string;
  reward_amount?: number;
  reusable?: number;
  active?: number;
  top_n?: number | null;
}

export function update(db: Db, owner: string, id: string, changes: BadgeChanges): Promise<boolean> {
  return updateOwned(db, 'badges', owner, id, { ...changes, updated_at: new Date().toISOString() });
}

/** Flips in one statement, so two admins toggling at once end where two clicks should. */
export async function toggleActive(db: Db, owner: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('badges')
    .set({ active: sql`1 - active`, updated_at: new Date().toISOString() })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the award; false when the (user, badge, award key) row already exists. The unique key,
 * not a prior read, is what grants a non-reusable badge once under concurrent triggers.
 */
export async function award(
  trx: Trx<Database>,
  a: { owner: string; userId: string; badgeId: string; awardKey: string; credits: number },
): Promise<{ id: string; earnedAt: string } | null> {
  const id = randomUUID();
  const earnedAt = new Date().toISOString();
  const result = await trx
    .insertInto('user_badges')
    .values({
      id,
      owner: a.owner,
      user_id: a.userId,
      badge_id: a.badgeId,
      award_key: a.awardKey,
      credits: a.credits,
      earned_at: earnedAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? { id, earnedAt } : null;
}

/** Takes back an award this transaction just made (its credit was refused). */
export async function withdrawAward(trx: Trx<Database>, id: string): Promise<void> {
  await trx.deleteFrom('user_badges').where('id', '=', id).execute();
}

export async function findAward(db: Db, userId: string, badgeId: string, awardKey: string) {
  return db
    .selectFrom('user_badges')
    .select(['id', 'earned_at'])
    .where('user_id', '=', userId)
    .where('badge_id', '=', badgeId)
    .where('award_key', '=', awardKey)
    .executeTakeFirst();
}

/** The badges a user earned, oldest first. */
export async function backpack(db: Db, owner: string, userId: string): Promise<UserBadge[]> {
  const rows = await db
    .selectFrom('user_badges')
    .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
    .selectAll('badges')
    .select(['user_badges.id as award_id', 'user_badges.earned_at', 'user_badges.credits as award_credits'])
    .where('user_badges.owner', '=', owner)
    .where('user_badges.user_id', '=', userId)
    .orderBy('user_badges.earned_at')
    .orderBy('user_badges.id')
    .execute();
  return rows.map((r) => ({
    _id: r.award_id,
    badge: toBadge(r),
    earnedAt: r.earned_at,
    credits: Number(r.award_credits),
  }));
}

// ---- evidence for the triggers: facts the server checks before it awards a badge ----

export async function purchasedProducts(db: Db, owner: string, userId: string, productId?: string): Promise<string[]> {
  let q = db.selectFrom('purchases').select('product_id').where('owner', '=', owner).where('user_id', '=', userId);
  if (productId) q = q.where('product_id', '=', productId);
  return (await q.orderBy('created_at').limit(1).execute()).map((r) => r.product_id);
}

export async function redeemedGiveaways(db: Db, owner: string, userId: string, giveawayId?: string): Promise<string[]> {
  const rows = {
    table: 'giveaway_redemptions',
    link: 'giveaway_id',
    parent: 'giveaways',
    orderBy: 'created_at',
  } as const;
  return firstOwnedWithRow(db, rows, owner, userId, giveawayId);
}

export function toBadge(r: Row): Badge {
  const amount = Number(r.reward_amount);
  return {
    _id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    icon: r.icon,
    trigger: r.trigger,
    reward: { type: 'token', amount },
    rewardAmount: amount,
    credits: amount,
    reusable: r.reusable === 1,
    active: r.active === 1,
    topN: r.top_n === null ? null : Number(r.top_n),
    translations: translationsOf(r, { name: 'name', description: 'description' }),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
