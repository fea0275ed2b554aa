import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { $credits, $token } from '../../../platform/browser/session.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/**
 * The header's credits balance (`$credits` of session.ts), read from GET /marketplace/wallets/me.
 * Every place that learns a newer balance (a redemption, a purchase, a badge reward) calls
 * `setCredits`; a wallet read still in flight then never overwrites it with an older number.
 * A failed read leaves the balance unknown, which the header shows as "...".
 */
let version = 0;
let inflight: { token: string; promise: Promise<number | null> } | null = null;

export function setCredits(balance: number) {
  version++;
  $credits.set(balance);
}

/** Reads the balance of the stored session; concurrent calls share one request. */
export function loadCredits(): Promise<number | null> {
  const token = $token.get();
  if (!token) {
    $credits.set(null);
    return Promise.resolve(null);
  }
  if (inflight?.token === token) return inflight.promise;
  const started = version;
  const promise = call<'GET /marketplace/wallets/me'>('/marketplace/wallets/me', {
    base: marketplaceApiBase,
    token,
  }).then((res) => {
    if (inflight?.promise === promise) inflight = null;
    // logged out or in as someone else meanwhile, or a fresher balance arrived: keep what is there
    if ($token.get() !== token || version !== started) return $credits.get();
    $credits.set(res.ok ? res.data.balance : null);
    return $credits.get();
  });
  inflight = { token, promise };
  return promise;
}

/** Reads the balance unless it is already known (or being read). */
export function ensureCredits(): Promise<number | null> {
  const known = $credits.get();
  if (known !== null && $token.get()) return Promise.resolve(known);
  return loadCredits();
}
