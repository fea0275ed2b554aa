import { ledgerKindOf, PRIZE_REFERENCE, prizeReference } from '../ledger-kind.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import type { AdjustInput, Transaction, Wallet, WalletExportQuery, WalletListQuery } from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { appendAudit, type Actor } from '../../audit/server/service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as WalletRepository from './wallet-repository.ts';
import { ledgerRefused, runOnce, selfAdjust, type Once } from './rewards-scope.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { createT, isLocale, type Locale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../../platform/context.ts';
import { transaction } from '../../../platform/db/database.ts';

const walletNotFound = () => new AppError('notFound', 'WALLET_NOT_FOUND', 'Wallet not found');

export async function get(ctx: ServiceContext, owner: string, userId: string): Promise<Wallet> {
  const wallet = await WalletRepository.find(ctx.db.kysely, owner, userId);
  if (!wallet) throw walletNotFound();
  return wallet;
}

export async function list(ctx: ServiceContext, owner: string, q: WalletListQuery) {
  return WalletRepository.list(ctx.db.kysely, owner, q);
}

/** The wallets of the list's search with their ledgers, for a CSV export, capped (the cap is the contract's). */
export async function listForExport(ctx: ServiceContext, owner: string, q: WalletExportQuery, max: number) {
  return WalletRepository.listForExport(ctx.db.kysely, owner, q, max);
}

export async function transactions(ctx: ServiceContext, owner: string, userId: string, limit: number, offset: number) {
  const page = await WalletRepository.listTransactions(ctx.db.kysely, owner, userId, limit, offset);
  return { ...page, rows: await describePrizes(ctx, page.rows) };
}

/** The rank a prize's stored description ends with ("<tournament> · #2"). */
const PRIZE_RANK = / · #(\d+)$/;

/**
 * Prize entries named by their tournament in each language ("<tournament> · #<rank>"), the rank as
 * booked. A tournament that is gone, or a description without its rank, keeps the stored text.
 */
async function describePrizes(ctx: ServiceContext, entries: Transaction[]): Promise<Transaction[]> {
  const tournamentOf = (e: Transaction) =>
    ledgerKindOf(e) === 'prize' ? e.reference!.slice(PRIZE_REFERENCE.length).split(':')[0] : undefined;
  const ids = [...new Set(entries.map(tournamentOf).filter((id): id is string => !!id))];
  const names = new Map<string, { it: string; en: string }>();
  for (const id of ids) {
    const found = await TournamentService.publicItem(ctx, id);
    if (found) names.set(id, { it: found.translations.it.name, en: found.translations.en.name });
  }
  return entries.map((e) => {
    const id = tournamentOf(e);
    const name = id ? names.get(id) : undefined;
    const rank = PRIZE_RANK.exec(e.description)?.[1];
    if (!name || !rank) return e;
    const text = (tournament: string) => `${tournament} · #${rank}`;
    return {
      ...e,
      translations: { it: { description: text(name.it) }, en: { description: name.en && text(name.en) } },
    };
  });
}

/**
 * An admin's correction: a ledger entry like any other, signed with the admin's id and name. Nobody
 * corrects their own wallet (another admin has to), and every credit is told to the site admins.
 */
export async function adjust(
  ctx: ServiceContext,
  owner: string,
  admin: Actor,
  userId: string,
  input: AdjustInput,
  idempotencyKey: string | undefined,
): Promise<Once<{ wallet: Wallet; transaction: Transaction }>> {
  if (userId === admin.id) throw selfAdjust();
  const db = ctx.db.kysely;
  const holder = await Directory.findPlayer(ctx, owner, userId);
  const player = { id: userId, name: holder?.username ?? userId };
  const createdBy = { id: admin.id, name: admin.name };
  const done = await runOnce(
    db,
    { userId: admin.id, key: idempotencyKey, route: `POST /marketplace/wallets/${userId}/adjust`, request: input },
    {
      before: async () => {
        await get(ctx, owner, userId);
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
          label: holder?.username,
          before: { balance: entry.balance - input.amount },
          after: {
            balance: entry.balance,
            amount: input.amount,
            reason: input.reason,
            transactionId: entry.transaction.id,
          },
        });
        const credit = { owner, admin: createdBy, player, amount: input.amount, balance: entry.balance };
        if (input.amount > 0) await queueCreditNotice(ctx, trx, { ...credit, cause: { reason: input.reason } });
        return { wallet, transaction: entry.transaction };
      },
    },
  );
  if (!done.replayed && input.amount > 0) ctx.mailQueue.wake();
  return done;
}

interface Named {
  id: string;
  name: string;
}
export interface CreditNotice {
  owner: string;
  admin: Named;
  player: Named;
  amount: number;
  balance: number;
  /** what the credit was for: an adjustment's reason, or the manual badge awarded (its name in each language) */
  cause: { reason: string } | { badge: Record<Locale, string> };
}

/**
 * Tells every other active SiteAdmin about an admin's credit, in their language. Queued in the
 * credit's transaction: the notice exists exactly when the credit does, and outlives a restart.
 */
export async function queueCreditNotice(ctx: ServiceContext, trx: Kysely<Database>, credit: CreditNotice) {
  const { admin, player, amount, balance, cause } = credit;
  const readers = (await Directory.activeSiteAdmins(trx, credit.owner)).filter((a) => a.id !== admin.id);
  if (!readers.length) return;
  const credited = { admin: admin.name, amount, player: player.name, balance };
  const mails = readers.map((reader) => {
    const locale = isLocale(reader.language) ? reader.language : 'it';
    const t = createT(messages[locale].email);
    const link =
      `${ctx.config.publicOrigin}${locale === 'en' ? '/en' : ''}` +
      `/dashboard/users/view?id=${encodeURIComponent(player.id)}`;
    const vars = { ...credited, name: reader.nickname || reader.username, link };
    if ('reason' in cause) {
      const said = { ...vars, reason: cause.reason };
      return { to: reader.email, subject: t('walletCredited.subject', said), text: t('walletCredited.text', said) };
    }
    const said = { ...vars, badge: cause.badge[locale] };
    return { to: reader.email, subject: t('badgeCredited.subject', said), text: t('badgeCredited.text', said) };
  });
  await ctx.mailQueue.send(mails, trx);
}

/**
 * A tournament prize: a credit on the ledger, signed by the admin who finalised,
 * in the caller's transaction. Its reference (one per tournament and player) is unique, so the
 * same prize can never be booked twice; a wallet at its ceiling refuses it (BALANCE_LIMIT) and the
 * caller's transaction, finalisation included, rolls back. Nobody pays a prize into their own wallet: an admin
 * placed in the prizes of a tournament leaves its finalising to another admin (WALLET_SELF_ADJUST), as with any
 * other credit of their own.
 */
export async function payPrize(
  ctx: ServiceContext,
  owner: string,
  p: {
    userId: string;
    tournamentId: string;
    amount: number;
    description: string;
    createdBy: { id: string; name: string };
  },
): Promise<Transaction> {
  if (p.userId === p.createdBy.id) throw selfAdjust();
  // the ledger's repository takes the transaction itself: an entry is several statements that must commit together
  return transaction(ctx.db.kysely, async (trx) => {
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
