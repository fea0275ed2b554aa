import type { Caller } from '../../../platform/caller.ts';
import type { z } from 'zod';
import {
  CODE_PATTERN,
  normalizeCode,
  type Giveaway,
  type RedeemInput,
  type RedeemResult,
  type giveawayInputSchema,
  type giveawayUpdateSchema,
} from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { expiryIssue } from '../giveaway-rules.ts';
import { auditedCreate, auditedEdit, type Actor } from '../../audit/server/service.ts';
import * as GiveawayRepository from './giveaway-repository.ts';
import { shopRecords } from './shop-records.ts';
import * as WalletRepository from './wallet-repository.ts';
import { beneficiaryOf, ledgerRefused, runOnce, selfAdjust } from './rewards-scope.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as BadgeService from './badge-service.ts';
import type { EarnedBadgeInfo } from '../contract.ts';

const giveawayNotFound = () => new AppError('notFound', 'GIVEAWAY_NOT_FOUND', 'This code does not exist');
const alreadyRedeemed = () =>
  new AppError('conflict', 'GIVEAWAY_ALREADY_REDEEMED', 'You have already redeemed this code');
const refusals = {
  GIVEAWAY_NOT_FOUND: giveawayNotFound,
  GIVEAWAY_EXPIRED: () => new AppError('conflict', 'GIVEAWAY_EXPIRED', 'This code has expired'),
  GIVEAWAY_USED_UP: () => new AppError('conflict', 'GIVEAWAY_USED_UP', 'This code has been used up'),
};

const giveaways = shopRecords('giveaway', GiveawayRepository, giveawayNotFound);
export const { list, get, remove } = giveaways;

type NewGiveaway = z.output<typeof giveawayInputSchema>;
type GiveawayChanges = z.output<typeof giveawayUpdateSchema>;

/**
 * 400 VALIDATION_ERROR on expiresAt when the expiry is refused (giveaway-rules.ts); `stored` is the code's current
 * expiry on an edit.
 */
function assertExpiry(input: GiveawayChanges, stored?: string | null) {
  const issue = expiryIssue(input, Date.now(), stored);
  if (issue)
    throw new AppError('invalid', 'VALIDATION_ERROR', 'Invalid input', undefined, [
      { path: 'body.expiresAt', message: issue },
    ]);
}

export async function create(ctx: ServiceContext, owner: string, actor: Actor, input: NewGiveaway): Promise<Giveaway> {
  assertExpiry(input);
  const insert = async (tx: ServiceContext) => {
    const id = await GiveawayRepository.create(tx.db.kysely, owner, input.token, fields(input), actor.id);
    if (!id) throw new AppError('conflict', 'GIVEAWAY_CODE_TAKEN', 'A giveaway with this code already exists');
    return id;
  };
  return auditedCreate(ctx, actor, 'giveaway.create', insert, (id) => giveaways.record(owner, id));
}

export const update = (ctx: ServiceContext, owner: string, actor: Actor, id: string, input: GiveawayChanges) =>
  auditedEdit(ctx, actor, 'giveaway.update', giveaways.record(owner, id), async (tx, before) => {
    assertExpiry(input, before.expiresAt);
    if (!(await GiveawayRepository.update(tx.db.kysely, owner, id, fields(input)))) throw giveawayNotFound();
  });

/**
 * Redeems a code for the caller. One transaction: count the use with the
 * conditional UPDATE (limited and timed rules), record the (code, user) redemption whose primary
 * key allows one per user, and book the credits on the ledger.
 */
export async function redeem(
  ctx: ServiceContext,
  caller: Caller,
  owner: string,
  input: RedeemInput,
  idempotencyKey: string | undefined,
) {
  const db = ctx.db.kysely;
  const userId = await beneficiaryOf(ctx, caller, input.userId, owner);
  const code = normalizeCode(input.token);
  let giveaway: Giveaway | undefined;
  // the code's badge is awarded in the redemption's transaction (`alongside`: none on a replay)
  return runOnce<RedeemResult, EarnedBadgeInfo[]>(
    db,
    { userId: caller.id, key: idempotencyKey, route: 'POST /marketplace/giveaways/redeem', request: input },
    {
      before: async () => {
        // a string no code can be is not worth a query
        giveaway = CODE_PATTERN.test(code) ? await GiveawayRepository.findByToken(db, owner, code) : undefined;
        if (!giveaway) throw giveawayNotFound();
        if (await GiveawayRepository.hasRedeemed(db, giveaway.id, userId)) throw alreadyRedeemed();
        // a code pays its redeemer: its creator would be crediting their own wallet, which no admin does
        if (await GiveawayRepository.isCreator(db, giveaway.id, userId)) throw selfAdjust();
      },
      inTransaction: async (trx) => {
        const now = new Date().toISOString();
        const used = await GiveawayRepository.consume(trx, owner, giveaway!.id, now);
        if (!used) throw refusals[await GiveawayRepository.refusalReason(trx, owner, giveaway!.id, now)]();
        if (!(await GiveawayRepository.insertRedemption(trx, used.id, userId, used.credits))) throw alreadyRedeemed();
        const entry = await WalletRepository.applyEntry(trx, {
          owner,
          userId,
          amount: used.credits,
          type: 'giveaway',
          description: used.token,
          reference: `giveaway:${used.id}:${userId}`,
        });
        if (!entry.ok) throw ledgerRefused(entry.reason);
        return {
          credits: used.credits,
          amount: used.credits,
          balance: entry.balance,
          giveaway: { id: used.id, token: used.token, type: used.type },
        };
      },
      alongside: (trx, result) =>
        BadgeService.awardOn(inTransaction(ctx, trx), owner, userId, 'giveaway_redeemed', {
          giveawayId: result.giveaway.id,
        }),
    },
  );
}

function fields(input: GiveawayChanges): GiveawayRepository.GiveawayFields {
  return {
    credits: input.credits,
    type: input.type,
    maxUses: input.maxUses ?? null,
    expiresAt: input.expiresAt ?? null,
    description: input.description,
  };
}

/** Codes that can still be redeemed now, and all redemptions so far: the dashboard's stat cards. */
export const countActive = (ctx: ServiceContext, owner: string) =>
  GiveawayRepository.countActive(ctx.db.kysely, owner, new Date().toISOString());
export const countRedemptions = (ctx: ServiceContext, owner: string) =>
  GiveawayRepository.countRedemptions(ctx.db.kysely, owner);
