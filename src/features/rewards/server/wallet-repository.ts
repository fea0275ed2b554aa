import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll } from '../../../platform/db/database.ts';
import { MAX_CREDITS } from '../contract.ts';
import type { Database, WalletTransactionsTable } from '../../../platform/db/schema.ts';
import type { Transaction, TransactionType, Wallet } from '../contract.ts';
import { byText, contains, containsFolded, orderFor } from '../../../platform/db/search.ts';
import { accountRows } from '../../accounts/server/directory-service.ts';

type Db = Kysely<Database>;

export interface LedgerEntry {
  owner: string;
  userId: string;
  /** > 0 credits, < 0 debits; never 0 */
  amount: number;
  type: TransactionType;
  description: string;
  /** unique cause; null for an admin adjustment */
  reference: string | null;
  createdBy?: { id: string; name: string } | null;
}

export type EntryResult =
  | { ok: true; balance: number; transaction: Transaction }
  | { ok: false; reason: 'NOT_ENOUGH_CREDITS' | 'BALANCE_LIMIT' };

/**
 * The one way a balance changes: a conditional UPDATE that keeps the balance
 * between zero and MAX_CREDITS (a 32-bit integer column on PostgreSQL overflowed past 2^31), and
 * the ledger entry, both on `trx` so they commit or roll back together. The same UPDATE counts the
 * wallet's entries under its row lock: that number orders the history as the balances happened.
 * The wallet row is created on first use. Must run inside a transaction.
 */
export async function applyEntry(trx: Trx<Database>, e: LedgerEntry): Promise<EntryResult> {
  await trx
    .insertInto('wallets')
    .values({ user_id: e.userId, owner: e.owner, balance: 0, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // the WHERE decides, not an earlier read: two concurrent debits cannot both pass
  const updated = await trx
    .updateTable('wallets')
    .set({ balance: sql`balance + ${e.amount}`, seq: sql`seq + 1`, updated_at: new Date().toISOString() })
    .where('user_id', '=', e.userId)
    .where(sql<boolean>`balance + ${e.amount} >= 0`)
    .where(sql<boolean>`balance + ${e.amount} <= ${MAX_CREDITS}`)
    .returning(['balance', 'seq'])
    .executeTakeFirst();
  if (!updated) return { ok: false, reason: e.amount < 0 ? 'NOT_ENOUGH_CREDITS' : 'BALANCE_LIMIT' };
  const row: Selectable<WalletTransactionsTable> = {
    id: randomUUID(),
    owner: e.owner,
    user_id: e.userId,
    amount: e.amount,
    type: e.type,
    description: e.description,
    reference: e.reference,
    balance_after: Number(updated.balance),
    seq: Number(updated.seq),
    created_by: e.createdBy?.id ?? null,
    created_by_name: e.createdBy?.name ?? null,
    // taken under the wallet's lock, so times agree with the order too
    created_at: new Date().toISOString(),
  };
  await trx.insertInto('wallet_transactions').values(row).execute();
  return { ok: true, balance: row.balance_after, transaction: toTransaction(row) };
}

/** The wallet of a user of this brand (balance 0 before any entry); undefined for no such user. */
export async function find(db: Db, owner: string, userId: string): Promise<Wallet | undefined> {
  const row = await walletQuery(db, owner).where('users.id', '=', userId).executeTakeFirst();
  return row && toWallet(row);
}

/** A user matches a search by part of their username (accents and case aside) or of their e-mail. */
const userMatches = (search: string) => [
  containsFolded('users.username_search', search),
  contains('users.email', search),
];

/** The users of the brand a wallets list or export asks for: the search on username or e-mail. */
const searched = <QB extends ReturnType<typeof walletQuery>>(qb: QB, search: string | undefined): QB =>
  search ? (qb.where((eb) => eb.or(userMatches(search))) as QB) : qb;

/** `?sort=` of the wallets: the most recently changed first unless another key is asked. */
const orderOf = (sort: string) =>
  orderFor(sort, {
    user: byText('users.username'),
    balance: sql`coalesce(wallets.balance, 0)`,
    updated: sql`coalesce(wallets.updated_at, users.created_at)`,
  }) ?? [sql`coalesce(wallets.updated_at, users.created_at)`, 'desc' as const];

/** Every user of the brand with their balance, most recently changed first or in the asked order. */
export async function list(
  db: Db,
  owner: string,
  q: { limit: number; offset: number; search?: string; sort: string },
): Promise<{ rows: Wallet[]; total: number }> {
  let base = db.selectFrom(accountRows(db).as('users')).where('users.owner', '=', owner);
  if (q.search) base = base.where((eb) => eb.or(userMatches(q.search!)));
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  const found = await searched(walletQuery(db, owner), q.search)
    .orderBy(...orderOf(q.sort))
    .orderBy('users.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: found.map(toWallet), total: Number(n) };
}

/** A line of the wallets export: the user and their wallet, and one ledger entry (null for a wallet without any). */
export interface ExportedWalletLine {
  wallet: Wallet;
  email: string;
  transaction: Transaction | null;
}

/**
 * The wallets the list shows for this search, in its order, each followed by its ledger newest
 * first, up to `max` lines: one query, a user without entries on one line of their own.
 */
export async function listForExport(
  db: Db,
  owner: string,
  q: { search?: string; sort: string },
  max: number,
): Promise<ExportedWalletLine[]> {
  const rows = await searched(walletQuery(db, owner), q.search)
    .leftJoin('wallet_transactions as t', (join) => join.onRef('t.user_id', '=', 'users.id').on('t.owner', '=', owner))
    .select([
      'users.email',
      't.id as t_id',
      't.amount',
      't.type',
      't.description',
      't.reference',
      't.balance_after',
      't.seq',
      't.created_by',
      't.created_by_name',
      't.created_at',
    ])
    .orderBy(...orderOf(q.sort))
    .orderBy('users.id')
    .orderBy(sql`t.seq desc nulls last`)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(max)
    .execute();
  return rows.map((r) => ({
    wallet: toWallet(r),
    email: r.email,
    transaction:
      r.t_id === null
        ? null
        : toTransaction({
            id: r.t_id,
            owner,
            user_id: r.user_id,
            amount: r.amount!,
            type: r.type!,
            description: r.description!,
            reference: r.reference,
            balance_after: r.balance_after!,
            seq: r.seq,
            created_by: r.created_by,
            created_by_name: r.created_by_name,
            created_at: r.created_at!,
          }),
  }));
}

export async function balanceOf(db: Db | Trx<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** A user's ledger, newest first (in the order the balances changed). */
export async function listTransactions(
  db: Db,
  owner: string,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: Transaction[]; total: number }> {
  const base = db.selectFrom('wallet_transactions').where('owner', '=', owner).where('user_id', '=', userId);
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  // entries from before migration 0050 have no seq and come after the numbered ones, by time
  const rows = await base
    .selectAll()
    .orderBy(sql`seq desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: await describeEntries(db, rows.map(toTransaction)), total: Number(n) };
}

function walletQuery(db: Db, owner: string) {
  return db
    .selectFrom(accountRows(db).as('users'))
    .leftJoin('wallets', 'wallets.user_id', 'users.id')
    .select(['users.id as user_id', 'users.username', 'wallets.balance', 'wallets.updated_at'])
    .where('users.owner', '=', owner);
}

function toWallet(r: { user_id: string; username: string; balance: number | null; updated_at: string | null }): Wallet {
  return { userId: r.user_id, username: r.username, balance: Number(r.balance ?? 0), updatedAt: r.updated_at ?? null };
}

function toTransaction(r: Selectable<WalletTransactionsTable>): Transaction {
  return {
    id: r.id,
    userId: r.user_id,
    amount: Number(r.amount),
    type: r.type as TransactionType,
    description: r.description,
    reference: r.reference,
    balanceAfter: Number(r.balance_after),
    createdBy: r.created_by ? { id: r.created_by, name: r.created_by_name ?? '' } : null,
    createdAt: r.created_at,
    // the stored text until describeEntries knows better (a code and an admin's reason stay as written)
    translations: { it: { description: r.description }, en: { description: r.description } },
  };
}

/** The ids a page's entries of one kind point at through their reference ("badge:<award>", "purchase:<id>"). */
const referred = (entries: readonly Transaction[], prefix: string) => [
  ...new Set(entries.flatMap((e) => (e.reference?.startsWith(prefix) ? [e.reference.slice(prefix.length)] : []))),
];

/**
 * The entries with their descriptions in both languages, rendered from what they refer to: a badge
 * entry names the badge (its award's), a purchase names the product as it was bought. An entry
 * whose record is gone keeps its stored text. Two indexed reads for the whole page.
 */
export async function describeEntries(db: Db, entries: Transaction[]): Promise<Transaction[]> {
  const awards = referred(entries, 'badge:');
  const purchases = referred(entries, 'purchase:');
  const texts = new Map<string, { it: string; en: string }>();
  if (awards.length)
    for (const r of await db
      .selectFrom('user_badges')
      .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
      .select(['user_badges.id', 'badges.name', 'badges.name_en'])
      .where('user_badges.id', 'in', awards)
      .execute())
      texts.set(`badge:${r.id}`, { it: r.name, en: r.name_en });
  if (purchases.length)
    for (const r of await db
      .selectFrom('purchases')
      .select(['id', 'product_name', 'product_name_en'])
      .where('id', 'in', purchases)
      .execute())
      texts.set(`purchase:${r.id}`, { it: r.product_name, en: r.product_name_en });
  return entries.map((e) => {
    const text = e.reference ? texts.get(e.reference) : undefined;
    return text ? { ...e, translations: { it: { description: text.it }, en: { description: text.en } } } : e;
  });
}
