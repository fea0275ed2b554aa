import type { ApiResult } from './api-client.ts';

/** A fresh Idempotency-Key: a random UUID, also where randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** No answer, or the server failed: the outcome is unknown, so the same key must be used again. */
export const isTransient = (res: ApiResult<unknown>) => !res.ok && (res.status === 0 || res.status >= 500);

export type Send<T> = (attempt: string, call: (key: string) => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

/**
 * Sends a money-moving call (redeem, purchase) with an Idempotency-Key. `attempt` names what the
 * user asked for (the code, the product and address): while an attempt's outcome is unknown (a
 * network failure or a 5xx), the next send of the same attempt reuses its key, so a retry can
 * never credit or charge twice. One automatic retry follows a transient failure after `retryDelay`
 * ms. Once the server answered, the next click is a new attempt with a new key.
 */
export function idempotentSender<T>({ retryDelay = 800, newKey = newIdempotencyKey } = {}): Send<T> {
  let pending: { attempt: string; key: string } | null = null;
  return async (attempt, call) => {
    const key = pending?.attempt === attempt ? pending.key : newKey();
    pending = { attempt, key };
    let res = await call(key);
    if (isTransient(res)) {
      await new Promise((r) => setTimeout(r, retryDelay));
      res = await call(key);
    }
    if (!isTransient(res)) pending = null;
    return res;
  };
}
