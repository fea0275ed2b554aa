import { createHash } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import type { Kysely, Transaction as Trx } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import * as IdempotencyRepository from '../../../platform/db/idempotency-repository.ts';
import * as WalletRepository from './wallet-repository.ts';
import { transaction } from '../../../platform/db/database.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/**
 * Whose wallet a call works on: the caller, or the body's `userId` when it is the caller's own or
 * the caller is an admin. The account must exist in this brand.
 */
export async function beneficiaryOf(
  ctx: ServiceContext,
  caller: Caller,
  userId: string | undefined,
  owner: string,
): Promise<string> {
  const target = userId ?? caller.id;
  if (target !== caller.id && !caller.isAdmin) throw forbidden();
  await assertAccountOf(ctx, owner, target);
  return target;
}

/**
 * A call about one user names an account of this brand: another brand's account (or none) is
 * 404, never an empty answer, as its profile is.
 */
export async function assertAccountOf(ctx: ServiceContext, owner: string, userId: string): Promise<void> {
  if (!(await WalletRepository.find(ctx.db.kysely, owner, userId)))
    throw new AppError('notFound', 'USER_NOT_FOUND', 'User not found');
}

// ---- Idempotency-Key (a retried purchase or redemption never charges twice) ----

/** What a call did, and whether it was done by an earlier attempt with the same key. */
export interface Once<T, A = undefined> {
  result: T;
  replayed: boolean;
  /** What `alongside` gave in the first answer's transaction; a replay has none. */
  alongside?: A;
}
export interface IdempotencyScope {
  userId: string;
  key: string | undefined;
  /** the call and its path parameters, e.g. "POST /marketplace/purchases" */
  route: string;
  /** the request body as sent */
  request: unknown;
}

type StoredKey = { route: string; request_hash: string; status_code: number; response: string };

class Replay extends Error {
  readonly row: StoredKey;
  constructor(row: StoredKey) {
    super('replay');
    this.row = row;
  }
}

// key order must not make "the same request" look different
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

/** The stored result of an answered key; rows from before results were stored hold the envelope. */
const storedResult = <T>(row: StoredKey): T => {
  const stored = JSON.parse(row.response) as unknown;
  return (row.status_code === IdempotencyRepository.ANSWERED ? stored : (stored as { data: unknown }).data) as T;
};

const answered = (row: StoredKey | undefined): row is StoredKey =>
  row !== undefined && row.status_code !== IdempotencyRepository.CLAIMED;

function replayOf<T, A>(row: StoredKey, route: string, hash: string): Once<T, A> {
  if (row.route !== route || row.request_hash !== hash)
    throw new AppError('conflict', 'IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used for a different request');
  return { result: storedResult<T>(row), replayed: true };
}

/**
 * Runs `inTransaction` in one transaction. With a key, the key is claimed in that same transaction
 * and the result stored before it commits: a retry gets the stored result back; a retry racing the
 * first attempt waits for it (PostgreSQL) or runs after it (SQLite's single connection) and then
 * gets it too; if the first attempt failed nothing was stored and the retry runs normally.
 * `before` holds the cheap checks that give friendly errors; it runs after the replay lookup, so
 * a retry of a success is never answered "already done".
 */
export async function runOnce<T, A = undefined>(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  steps: {
    before?: () => Promise<void>;
    inTransaction: (trx: Trx<Database>) => Promise<T>;
    /**
     * More work in the same transaction whose answer is not stored with the result (the badges the
     * call earned are shown once, with the first answer; a replay earns nothing).
     */
    alongside?: (trx: Trx<Database>, result: T) => Promise<A>;
  },
): Promise<Once<T, A>> {
  const run = async (trx: Trx<Database>) => {
    const result = await steps.inTransaction(trx);
    return { result, alongside: await steps.alongside?.(trx, result) };
  };
  if (!scope.key) {
    await steps.before?.();
    return { ...(await transaction(db, run)), replayed: false };
  }
  const { userId, key, route } = scope;
  const hash = createHash('sha256').update(canonical(scope.request)).digest('hex');
  const stored = await IdempotencyRepository.find(db, userId, key);
  if (answered(stored)) return replayOf<T, A>(stored, route, hash);
  try {
    await steps.before?.();
  } catch (e) {
    // the first attempt may have committed since the lookup above, and its success is exactly
    // what makes the friendly check fail ("already redeemed"): answer with that success instead
    const now = await IdempotencyRepository.find(db, userId, key);
    if (answered(now)) return replayOf<T, A>(now, route, hash);
    throw e;
  }
  try {
    return await transaction(db, async (trx) => {
      if (!(await IdempotencyRepository.claim(trx, { userId, key, route, requestHash: hash }))) {
        throw new Replay((await IdempotencyRepository.find(trx, userId, key))!);
      }
      const { result, alongside } = await run(trx);
      await IdempotencyRepository.saveResult(trx, userId, key, JSON.stringify(result));
      return { result, alongside, replayed: false };
    });
  } catch (e) {
    if (e instanceof Replay) return replayOf<T, A>(e.row, route, hash);
    throw e;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header of a request's headers, if any; a malformed one is refused rather than ignored. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw))
    throw new AppError('invalid', 'VALIDATION_ERROR', 'Idempotency-Key must be 1-200 visible ASCII characters');
  return raw;
}

/**
 * The 409 for a ledger entry refused by the wallet's bounds: a debit below zero, or a credit above
 * MAX_CREDITS (on PostgreSQL the balance column is 32-bit; the cap keeps every sum far from it).
 */
export const ledgerRefused = (reason: 'NOT_ENOUGH_CREDITS' | 'BALANCE_LIMIT') =>
  reason === 'BALANCE_LIMIT'
    ? new AppError('conflict', 'BALANCE_LIMIT', 'The balance would exceed the most a wallet can hold')
    : new AppError('conflict', 'NOT_ENOUGH_CREDITS', 'Not enough credits');

/**
 * The 403 for an admin's credit to their own wallet: another admin makes it (and the site admins hear of it), whether
 * it is an adjustment or a manual badge that pays.
 */
export const selfAdjust = () =>
  new AppError('forbidden', 'WALLET_SELF_ADJUST', 'Nobody can credit or debit their own wallet');
