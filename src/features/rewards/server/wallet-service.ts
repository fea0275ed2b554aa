import { prizeReference } from '../ledger-kind.ts';
import type { FastifyInstance } from 'fastify';
import type { AdjustInput, Transaction, Wallet, WalletExportQuery, WalletListQuery } from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { appendAudit } from '../../audit/server/service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as WalletRepository from './wallet-repository.ts';
import { ledgerRefused, runOnce, type Once } from './rewards-scope.ts';
import { transaction } from '../../../platform/db/database.ts';

const walletNotFound = () => new AppError('notFound', 'WALLET_NOT_FOUND', 'Wallet not found');

export async function get(app: FastifyInstance, owner: string, userId: string): Promise<Wallet> {
  const wallet = await WalletRepository.find(app.db.kysely, owner, userId);
  if (!wallet) throw walletNotFound();
  return wallet;
}

export async function list(app: FastifyInstance, owner: string, q: WalletListQuery) {
  return WalletRepository.list(app.db.kysely, owner, q);
}

/** The wallets of the list's search with their ledgers, for a CSV export, capped (the cap is the contract's). */
export async function listForExport(app: FastifyInstance, owner: string, q: WalletExportQuery, max: number) {
  return WalletRepository.listForExport(app.db.kysely, owner, q, max);
}

export async function transactions(app: FastifyInstance, owner: string, userId: string, limit: number, offset: number) {
  return WalletRepository.listTransactions(app.db.kysely, owner, userId, limit, offset);
}

/** An admin's correction: a ledger entry like any other, signed with the admin's id and name. */
export async function adjust(app: FastifyInstance, owner: string, admin: { id: string }, userId: string, input: AdjustInput, idempotencyKey: string | undefined): Promise<Once<{ wallet: Wallet; transaction: Transaction }>> {
  const db = app.db.kysely;
  const adminUser = await Directory.findPlayer(app, owner, admin.id);
  const createdBy = { id: admin.id, name: adminUser?.username ?? admin.id };
  return runOnce(
    db,
    { userId: admin.id, key: idempotencyKey, route: `POST /marketplace/wallets/${userId}/adjust`, request: input },
    {
      before: async () => {
        await get(app, owner, userId);
      },
      inTransaction: async (trx) => {
        const entry = await WalletRepository.applyEntry(trx, {
          owner,
          userId,
          amount: input.amount,
          type: 'adjustment',
          description: input.reason,
          reference: null,
          createdBy,
        });
        if (!entry.ok) throw ledgerRefused(entry.reason);
        const wallet = (await WalletRepository.find(trx, owner, userId))!;
        // audited in the same transaction: the entry exists exactly when the adjustment does
        await appendAudit(trx, owner, createdBy, {
          action: 'wallet.adjust',
          entityType: 'wallet',
          entityId: userId,
          before: { balance: entry.balance - input.amount },
          after: { balance: entry.balance, amount: input.amount, reason: input.reason, transactionId: entry.transaction.id },
        });
        return { wallet, transaction: entry.transaction };
      },
    },
  );
}

/**
 * A tournament prize (issue 15, item 8): a credit on the ledger, signed by the admin who finalised,
 * in the caller's transaction. Its reference (one per tournament and player) is unique, so the
 * same prize can never be booked twice; a wallet at its ceiling refuses it (BALANCE_LIMIT) and the
 * caller's transaction, finalisation included, rolls back.
 */
export async function payPrize(app: FastifyInstance, owner: string, p: { userId: string; tournamentId: string; amount: number; description: string; createdBy: { id: string; name: string } }): Promise<Transaction> {
  return transaction(app.db.kysely, async (trx) => {
    const entry = await WalletRepository.applyEntry(trx, {
      owner,
      userId: p.userId,
      amount: p.amount,
      // the ledger's types are fixed by a CHECK on both engines: a prize is an admin's credit, with its own reference
      type: 'adjustment',
      description: p.description,
      reference: prizeReference(p.tournamentId, p.userId),
      createdBy: p.createdBy,
    });
    if (!entry.ok) throw ledgerRefused(entry.reason);
    return entry.transaction;
  });
}
