import { pickText, translationColumns } from '../../../platform/i18n/content-translations.ts';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import {
  badgeTriggers,
  TOP_N_TRIGGER,
  type Badge,
  type BadgeTrigger,
  type BadgeTriggerInput,
  type BadgeTriggerResult,
  type BadgeUpdate,
  type EarnedBadgeInfo,
  type UserBadge,
} from '../contract.ts';
import type { Db } from '../../../platform/db/database.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import { isUniqueViolation, monotonicTimestamps, transaction } from '../../../platform/db/database.ts';
import { audited, auditedCreate, auditedEdit, type Actor, type AuditedRecord } from '../../audit/server/service.ts';
import * as BadgeRepository from './badge-repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import * as CompetitionService from '../../tournaments/server/competition-service.ts';
import * as PointsService from '../../results/server/points-service.ts';
import * as WalletRepository from './wallet-repository.ts';
import * as WalletService from './wallet-service.ts';
import { beneficiaryOf, ledgerRefused, selfAdjust } from './rewards-scope.ts';
import { sharedRoundTrip } from '../../../platform/db/shared-read.ts';
import type { ServiceContext } from '../../../platform/context.ts';

const badgeNotFound = () => new AppError('notFound', 'BADGE_NOT_FOUND', 'Badge not found');

/** Players see the active badges (the backpack greys the unearned ones); admins see all. */
export async function list(ctx: ServiceContext, owner: string, isAdmin: boolean): Promise<Badge[]> {
  return BadgeRepository.list(ctx.db.kysely, owner, isAdmin);
}

export async function get(ctx: ServiceContext, owner: string, id: string, isAdmin: boolean): Promise<Badge> {
  const badge = await BadgeRepository.findById(ctx.db.kysely, owner, id);
  if (!badge || (!badge.active && !isAdmin)) throw badgeNotFound();
  return badge;
}

/** A badge as its audit entries show it (an inactive one too), read in the write's transaction. */
const badgeRecord = (owner: string, id: string): AuditedRecord<Badge> => ({
  entityType: 'badge',
  entityId: id,
  read: (tx) => get(tx, owner, id, true),
});

export const update = (ctx: ServiceContext, owner: string, actor: Actor, id: string, input: BadgeUpdate) =>
  auditedEdit(ctx, actor, 'badge.update', badgeRecord(owner, id), (tx) => updateRow(tx, owner, id, input));

async function updateRow(ctx: ServiceContext, owner: string, id: string, input: BadgeUpdate): Promise<void> {
  const reward = input.rewardAmount ?? input.reward?.amount;
  const changed = await BadgeRepository.update(ctx.db.kysely, owner, id, {
    name: input.name,
    description: input.description,
    icon: input.icon,
    reward_amount: reward,
    reusable: input.reusable === undefined ? undefined : input.reusable ? 1 : 0,
    active: input.active === undefined ? undefined : input.active ? 1 : 0,
    // only a top-N badge has an N (the trigger is fixed, so the stored one says which)
    top_n:
      input.topN !== undefined && (await BadgeRepository.findById(ctx.db.kysely, owner, id))?.trigger === TOP_N_TRIGGER
        ? input.topN
        : undefined,
    ...translatedColumns(input.translations),
  });
  if (!changed) throw badgeNotFound();
}

const translatedColumns = (tr: BadgeUpdate['translations']) =>
  translationColumns(tr, { name: 'name', description: 'description' });

export const toggleActive = (ctx: ServiceContext, owner: string, actor: Actor, id: string) =>
  auditedEdit(ctx, actor, 'badge.toggle', badgeRecord(owner, id), async (tx) => {
    if (!(await BadgeRepository.toggleActive(tx.db.kysely, owner, id))) throw badgeNotFound();
  });

// Badges list oldest first, then by name: two created within one millisecond by this process are stamped a
// millisecond apart, so they keep the order they were made in.
const badgeStamp = monotonicTimestamps();

/** POST /marketplace/badges (admin). The unique (owner, slug) index, not a prior read, refuses a clash. */
export function create(
  ctx: ServiceContext,
  owner: string,
  actor: Actor,
  input: {
    slug: string;
    name: string;
    description: string;
    icon: string;
    trigger: string;
    rewardAmount: number;
    reusable: boolean;
    active: boolean;
    topN?: number;
    translations?: BadgeUpdate['translations'];
  },
): Promise<Badge> {
  const insert = async (tx: ServiceContext) => {
    const id = randomUUID();
    const now = badgeStamp();
    try {
      await BadgeRepository.insert(tx.db.kysely, {
        id,
        owner,
        slug: input.slug,
        name: input.name,
        description: input.description,
        icon: input.icon,
        trigger: input.trigger,
        reward_amount: input.rewardAmount,
        reusable: input.reusable ? 1 : 0,
        active: input.active ? 1 : 0,
        top_n: input.trigger === TOP_N_TRIGGER ? (input.topN ?? null) : null,
        ...translatedColumns(input.translations),
        created_at: now,
        updated_at: now,
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new AppError('conflict', 'BADGE_SLUG_TAKEN', 'A badge with this slug already exists');
      throw e;
    }
    return id;
  };
  return auditedCreate(ctx, actor, 'badge.create', insert, (id) => badgeRecord(owner, id));
}

export async function backpack(ctx: ServiceContext, owner: string, userId: string): Promise<UserBadge[]> {
  return BadgeRepository.backpack(ctx.db.kysely, owner, userId);
}

/**
 * The event that earns `trigger` for this user, checked against the database, or null when the
 * rule does not hold. The payload only says which event to look at; it proves nothing by itself.
 */
async function evidence(
  ctx: ServiceContext,
  owner: string,
  trigger: string,
  userId: string,
  payload: BadgeTriggerInput['payload'],
  badge?: Badge,
): Promise<string | null> {
  const db = ctx.db.kysely;
  const first = (ids: string[]) => ids[0] ?? null;
  switch (trigger as BadgeTrigger) {
    case 'user_registered':
      // the caller's account exists (beneficiaryOf checked it): registration is the event
      return 'account';
    case 'profile_completed': {
      return (await Directory.hasCompleteProfile(ctx, owner, userId)) ? 'profile' : null;
    }
    case 'tournament_joined':
      return first(await TournamentService.memberTournaments(ctx, owner, userId, false, payload?.tournamentId));
    case 'tournament_checked_in':
      return first(await TournamentService.memberTournaments(ctx, owner, userId, true, payload?.tournamentId));
    case 'faction_joined':
      return first(await CompetitionService.factionCompetitions(ctx, owner, userId, payload?.competitionId));
    case 'first_purchase':
      return first(await BadgeRepository.purchasedProducts(db, owner, userId, payload?.productId));
    case 'giveaway_redeemed':
      return first(await BadgeRepository.redeemedGiveaways(db, owner, userId, payload?.giveawayId));
    case 'tournament_top_n':
      // the N is the badge's own: without a badge (or its N) nothing qualifies
      return badge?.topN
        ? first(await PointsService.placedTournaments(ctx, owner, userId, badge.topN, payload?.tournamentId))
        : null;
    case 'tournament_won':
      return first(await PointsService.placedTournaments(ctx, owner, userId, 1, payload?.tournamentId));
    case 'manual':
      // only admins reach this (checked by the caller); each manual award is its own event
      return randomUUID();
    default:
      return null;
  }
}

/**
 * POST /marketplace/badges/trigger/{slug}. Verifies the badge's rule for the
 * user, then records the badge and books its reward on the ledger in one transaction. The unique
 * (user, badge, award key) row grants a non-reusable badge, and so its credits, exactly once.
 * A manual badge is an admin's choice, not a rule: its award is signed by the admin on the ledger and
 * in the audit log, in the same transaction, as an adjustment is.
 */
export async function trigger(
  ctx: ServiceContext,
  caller: Caller & Actor,
  owner: string,
  slug: string,
  input: BadgeTriggerInput,
): Promise<BadgeTriggerResult> {
  const db = ctx.db.kysely;
  const userId = await beneficiaryOf(ctx, caller, input.userId, owner);
  const badge = await BadgeRepository.findBySlug(db, owner, slug);
  if (!badge) throw badgeNotFound();
  if (!badge.active) throw new AppError('conflict', 'BADGE_INACTIVE', 'This badge is not active');
  if (badge.trigger === 'manual' && !caller.isAdmin) throw forbidden();
  // a manual award that pays is an admin's credit: never to their own wallet, as an adjustment is not
  if (badge.trigger === 'manual' && badge.rewardAmount > 0 && userId === caller.id) throw selfAdjust();
  const event = await evidence(ctx, owner, badge.trigger, userId, input.payload, badge);
  if (event === null) throw new AppError('conflict', 'BADGE_NOT_EARNED', 'The conditions of this badge are not met');
  const awardKey = awardKeyOf(badge, event);
  const granted =
    badge.trigger === 'manual'
      ? await awardByHand(ctx, { id: caller.id, name: caller.name }, owner, userId, badge, awardKey)
      : await grant(db, owner, userId, badge, awardKey);
  if (granted)
    return { awarded: true, badge, credits: badge.rewardAmount, balance: granted.balance, earnedAt: granted.earnedAt };
  const earlier = await BadgeRepository.findAward(db, userId, badge._id, awardKey);
  return {
    awarded: false,
    badge,
    credits: 0,
    balance: await WalletRepository.balanceOf(db, userId),
    earnedAt: earlier?.earned_at ?? new Date().toISOString(),
  };
}

/**
 * An admin's award of a manual badge: granted, signed and audited in one transaction (null when held already). One
 * that pays is an admin's credit, told to the other site admins as an adjustment is, queued in the same transaction.
 */
async function awardByHand(
  ctx: ServiceContext,
  admin: Actor,
  owner: string,
  userId: string,
  badge: Badge,
  awardKey: string,
) {
  const holder = await Directory.findPlayer(ctx, owner, userId);
  const granted = await audited(ctx, admin, async (tx, audit) => {
    const award = await grant(tx.db.kysely, owner, userId, badge, awardKey, admin);
    if (!award) return award;
    await audit({
      action: 'badge.award',
      entityType: 'wallet',
      entityId: userId,
      label: holder?.username,
      before: null,
      after: { badge: badge.slug, name: badge.name, credits: badge.rewardAmount, balance: award.balance },
    });
    if (badge.rewardAmount > 0) {
      const { it, en } = badge.translations;
      await WalletService.queueCreditNotice(tx, tx.db.kysely, {
        owner,
        admin,
        player: { id: userId, name: holder?.username ?? userId },
        amount: badge.rewardAmount,
        balance: award.balance,
        cause: { badge: { it: it.name, en: pickText(it.name, en.name, 'en') } },
      });
    }
    return award;
  });
  if (granted && badge.rewardAmount > 0) ctx.mailQueue.wake();
  return granted;
}

/** Once per rule, or once per event (tournament, product, code…) for a reusable badge. */
const awardKeyOf = (badge: Badge, event: string) => (badge.reusable ? `${badge.trigger}:${event}` : 'once');

/**
 * Records the badge and books its reward on the ledger in one transaction; null when the unique
 * (user, badge, award key) row says it was granted before, by this call's twin or an earlier one.
 */
async function grant(
  db: Db['kysely'],
  owner: string,
  userId: string,
  badge: Badge,
  awardKey: string,
  /** the admin who awarded a manual badge, who signs its credit */
  createdBy?: Actor,
) {
  return transaction(db, async (trx) => {
    const award = await BadgeRepository.award(trx, {
      owner,
      userId,
      badgeId: badge._id,
      awardKey,
      credits: badge.rewardAmount,
    });
    if (!award) return null;
    if (badge.rewardAmount === 0)
      return { earnedAt: award.earnedAt, balance: await WalletRepository.balanceOf(trx, userId) };
    const entry = await WalletRepository.applyEntry(trx, {
      owner,
      userId,
      amount: badge.rewardAmount,
      type: 'badge',
      description: badge.name,
      reference: `badge:${award.id}`,
      createdBy,
    });
    // a credit is refused only above MAX_CREDITS: then the badge waits too. Inside an announcer's
    // transaction this one joins it, and the refusal is caught and the event stands, so the award
    // row is taken back here rather than by a rollback
    if (!entry.ok) {
      await BadgeRepository.withdrawAward(trx, award.id);
      throw ledgerRefused(entry.reason);
    }
    return { earnedAt: award.earnedAt, balance: entry.balance };
  });
}

const earnedInfo = (b: Badge): EarnedBadgeInfo => ({
  slug: b.slug,
  name: b.name,
  description: b.description,
  icon: b.icon,
  credits: b.rewardAmount,
  translations: b.translations,
});

/**
 * Awards, after a player's event has been committed, every active badge whose rule is `trigger`
 * and holds in the database, including badges an admin created after the player joined. Each is
 * granted at most once per award key (the unique row), so a retried or raced event pays once. A
 * badge that cannot be paid now (the balance ceiling) is skipped and logged: the event stands.
 */
export async function awardOn(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  trigger: Exclude<BadgeTrigger, 'manual'>,
  payload?: BadgeTriggerInput['payload'],
): Promise<EarnedBadgeInfo[]> {
  // every check-in of a rush asks for the same list: the requests of a burst share one read
  const all = await sharedRoundTrip(ctx.db, `badges:${owner}`, (db) => BadgeRepository.list(db, owner, false));
  return awardFrom(ctx, owner, userId, trigger, all, payload);
}

/** awardOn over a badge list already read (login checks every rule with one read of the list). */
async function awardFrom(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  trigger: Exclude<BadgeTrigger, 'manual'>,
  all: Badge[],
  payload?: BadgeTriggerInput['payload'],
): Promise<EarnedBadgeInfo[]> {
  const db = ctx.db.kysely;
  const badges = all.filter((b) => b.active && b.trigger === trigger);
  if (!badges.length) return [];
  // a top-N badge's rule depends on its own N; every other rule is one fact for all its badges
  const perBadge = trigger === TOP_N_TRIGGER;
  const shared = perBadge ? null : await evidence(ctx, owner, trigger, userId, payload);
  if (!perBadge && shared === null) return [];
  const earned: EarnedBadgeInfo[] = [];
  for (const badge of badges) {
    const event = perBadge ? await evidence(ctx, owner, trigger, userId, payload, badge) : shared;
    if (event === null) continue;
    try {
      if (await grant(db, owner, userId, badge, awardKeyOf(badge, event))) earned.push(earnedInfo(badge));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.log.warn({ err, badge: badge.slug, userId }, 'badge not awarded');
    }
  }
  return earned;
}

/**
 * After a tournament is finalised: the "top N finish" and "tournament won" badges each placed
 * player earned there, with one read of the badge list. Granted once per award key, like awardOn.
 */
export async function awardForTournament(
  ctx: ServiceContext,
  owner: string,
  placed: readonly { userId: string; rank: number }[],
  tournamentId: string,
): Promise<{ userId: string; badge: EarnedBadgeInfo }[]> {
  const all = await BadgeRepository.list(ctx.db.kysely, owner, false);
  const rules = all.filter((b) => b.active && (b.trigger === TOP_N_TRIGGER || b.trigger === 'tournament_won'));
  // only players within the widest N can earn one: the rest are not asked about
  const widest = Math.max(0, ...rules.map((b) => (b.trigger === TOP_N_TRIGGER ? (b.topN ?? 0) : 1)));
  const earned: { userId: string; badge: EarnedBadgeInfo }[] = [];
  for (const { userId } of placed.filter((p) => p.rank <= widest))
    for (const trigger of [TOP_N_TRIGGER, 'tournament_won'] as const)
      for (const badge of await awardFrom(ctx, owner, userId, trigger, all, { tournamentId }))
        earned.push({ userId, badge });
  return earned;
}

/**
 * Every rule checked at once, at login: what a player did before a badge existed (or before its
 * rule could be seen) is paid the next time they come back.
 */
export async function awardAll(ctx: ServiceContext, owner: string, userId: string): Promise<EarnedBadgeInfo[]> {
  const all = await BadgeRepository.list(ctx.db.kysely, owner, false);
  const triggers = new Set(all.filter((b) => b.active).map((b) => b.trigger));
  const earned: EarnedBadgeInfo[] = [];
  for (const trigger of triggers)
    if (isTrigger(trigger)) earned.push(...(await awardFrom(ctx, owner, userId, trigger, all)));
  return earned;
}

const isTrigger = (t: string): t is Exclude<BadgeTrigger, 'manual'> =>
  (badgeTriggers as readonly string[]).includes(t) && t !== 'manual';
