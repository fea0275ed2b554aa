import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import type { z } from 'zod';
import {
  shippingAddressSchema,
  type Purchase,
  type PurchaseExportQuery,
  type PurchaseListQuery,
  type PurchaseResult,
  type ShippingAddress,
  type purchaseInputSchema,
} from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as ProductRepository from './product-repository.ts';
import { audited, type Actor } from '../../audit/server/service.ts';
import * as PurchaseRepository from './purchase-repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as WalletRepository from './wallet-repository.ts';
import { productNotFound } from './product-service.ts';
import { beneficiaryOf, ledgerRefused, runOnce } from './rewards-scope.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as BadgeService from './badge-service.ts';
import type { EarnedBadgeInfo } from '../contract.ts';

const alreadyPurchased = () => new AppError('conflict', 'ALREADY_PURCHASED', 'You have already redeemed this product');
const priceChanged = () =>
  new AppError('conflict', 'PRICE_CHANGED', 'The price of this product has changed; nothing was charged');

/**
 * Where the order ships: the address sent with the purchase, else the one on the buyer's profile
 * (the original client saves it there first). Either must be complete; the answer names what is not.
 */
async function shippingAddressOf(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  sent: ShippingAddress | undefined,
): Promise<ShippingAddress> {
  if (sent) return sent;
  const user = await Directory.findPlayer(ctx, owner, userId);
  const parsed = shippingAddressSchema.safeParse(user ?? {});
  if (parsed.success) return parsed.data;
  // a field that is there but unusable (a 4-digit CAP) says so by its code; any other is missing
  const byField = new Map<string, string>();
  for (const i of parsed.error.issues)
    if (!byField.has(String(i.path[0])))
      byField.set(String(i.path[0]), /^[A-Z_]+$/.test(i.message) ? i.message : 'required');
  const missing = [...byField.keys()];
  throw new AppError(
    'invalid',
    'SHIPPING_ADDRESS_MISSING',
    `Shipping address incomplete: ${missing.join(', ')}`,
    undefined,
    [...byField].map(([field, message]) => ({ path: `body.shippingAddress.${field}`, message })),
  );
}

/**
 * Buys one unit. Price and stock come from the product row; the stock
 * decrement, the purchase row and the debit are one transaction, each step a conditional
 * statement or a unique key, so a refusal at any step leaves nothing written. A first purchase's
 * badge is awarded in that transaction too (`alongside`: the badges earned, none on a replay).
 */
export async function purchase(
  ctx: ServiceContext,
  caller: Caller,
  owner: string,
  input: z.output<typeof purchaseInputSchema>,
  idempotencyKey: string | undefined,
) {
  const db = ctx.db.kysely;
  const userId = await beneficiaryOf(ctx, caller, input.userId, owner);
  const address = await shippingAddressOf(ctx, owner, userId, input.shippingAddress);
  return runOnce<PurchaseResult, EarnedBadgeInfo[]>(
    db,
    { userId: caller.id, key: idempotencyKey, route: 'POST /marketplace/purchases', request: input },
    {
      before: async () => {
        if (!(await ProductRepository.findById(db, owner, input.productId))) throw productNotFound();
        if (await PurchaseRepository.exists(db, userId, input.productId)) throw alreadyPurchased();
      },
      inTransaction: async (trx) => {
        await Directory.holdOpenAccounts(inTransaction(ctx, trx), [userId]);
        const product = await ProductRepository.takeOne(trx, owner, input.productId);
        if (!product) {
          if (await ProductRepository.findById(trx, owner, input.productId))
            throw new AppError('conflict', 'OUT_OF_STOCK', 'This product is out of stock');
          throw productNotFound();
        }
        // the unit taken above is put back by the rollback
        if (input.price !== undefined && input.price !== product.price) throw priceChanged();
        const id = randomUUID();
        const inserted = await PurchaseRepository.insert(trx, {
          id,
          owner,
          userId,
          productId: product.id,
          productName: product.name,
          productNameEn: product.name_en,
          productImage: product.image,
          brand: product.brand,
          price: product.price,
          address,
        });
        if (!inserted) throw alreadyPurchased();
        let balance: number;
        if (product.price > 0) {
          const entry = await WalletRepository.applyEntry(trx, {
            owner,
            userId,
            amount: -product.price,
            type: 'purchase',
            description: product.name,
            reference: `purchase:${id}`,
          });
          if (!entry.ok) throw ledgerRefused(entry.reason);
          balance = entry.balance;
        } else balance = await WalletRepository.balanceOf(trx, userId);
        const purchase = (await PurchaseRepository.findById(trx, owner, id))!;
        return { purchase, balance };
      },
      alongside: (trx, { purchase }) =>
        BadgeService.awardOn(inTransaction(ctx, trx), owner, purchase.userId, 'first_purchase', {
          productId: purchase.productId,
        }),
    },
  );
}

export async function list(ctx: ServiceContext, owner: string, q: PurchaseListQuery) {
  return PurchaseRepository.list(ctx.db.kysely, owner, q);
}

/** The purchases of the list's filters for a CSV export, capped (the cap is the contract's). */
export async function listForExport(ctx: ServiceContext, owner: string, q: PurchaseExportQuery, max: number) {
  return PurchaseRepository.listForExport(ctx.db.kysely, owner, q, max);
}

export async function listForUser(ctx: ServiceContext, owner: string, userId: string, limit: number, offset: number) {
  return PurchaseRepository.list(ctx.db.kysely, owner, { userId, limit, offset });
}

/**
 * Marks a purchase shipped, or takes that back (`shipped` false: marked by mistake), audited in the
 * same transaction. Marking it as it already is changes nothing: the first admin's time and id stay.
 */
export function setFulfilled(
  ctx: ServiceContext,
  owner: string,
  actor: Actor,
  id: string,
  shipped: boolean,
): Promise<Purchase> {
  return audited(ctx, actor, async (tx, audit) => {
    const before = (await PurchaseRepository.findById(tx.db.kysely, owner, id)) ?? null;
    if (shipped) await PurchaseRepository.fulfill(tx.db.kysely, owner, id, actor.id);
    else await PurchaseRepository.unfulfill(tx.db.kysely, owner, id);
    const after = await PurchaseRepository.findById(tx.db.kysely, owner, id);
    if (!after) throw new AppError('notFound', 'PURCHASE_NOT_FOUND', 'Purchase not found');
    await audit({
      action: shipped ? 'purchase.fulfill' : 'purchase.unfulfill',
      entityType: 'purchase',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Whether an order of the player still waits to be shipped (its address is needed until then). */
export async function waitsForShipping(ctx: ServiceContext, owner: string, userId: string): Promise<boolean> {
  return (await PurchaseRepository.unshippedCount(ctx.db.kysely, owner, userId)) > 0;
}

/** A closed account's orders stay in the ledger's history without the address they were shipped to. */
export function forgetAddresses(ctx: ServiceContext, owner: string, userId: string): Promise<void> {
  return PurchaseRepository.forgetAddresses(ctx.db.kysely, owner, userId);
}
