/**
 * Riding out a busy server. When the server sheds load it answers 503 SERVICE_UNAVAILABLE with
 * Retry-After (the password-hash line is full, the database pool is exhausted): nothing was done,
 * so the same call can be sent again. Only that answer is retried. A 429 RATE_LIMITED is an abuse
 * limit (failed logins, sign-ups per address): retrying it would only spend the visitor's turns.
 * A network failure is not retried here either: the server may have acted on a request whose
 * answer was lost (calls that must survive that carry an Idempotency-Key, idempotency.ts).
 *
 * Each wait is drawn at random up to Retry-After × `factor` (full jitter), so a crowd told "come
 * back in 2 s" does not come back in the same millisecond; the retries stop after `maxAttempts`
 * calls or `budgetMs` in all, and the last answer (a 503) is returned as it is.
 */

import { busy } from './api-client.ts';

export type { Answer, RetryOptions, RetryProgress } from './retry-options.ts';
import type { Answer, RetryOptions } from './retry-options.ts';

export const RETRY_DEFAULTS = { maxAttempts: 10, budgetMs: 30_000, factor: 1.5 };
/** what a 503 without Retry-After is taken to mean, in seconds */
const DEFAULT_RETRY_AFTER = 1;

/** True for an answer that says "busy, nothing done, come back": the one answer that is retried. */
export const isRetryable = (res: Answer): boolean =>
  !res.ok && res.status === 503 && res.code === 'SERVICE_UNAVAILABLE';

/** A wait drawn uniformly from [0, Retry-After × factor), in ms. */
export function jitteredDelay(
  retryAfter: number | string | null | undefined,
  factor = RETRY_DEFAULTS.factor,
  random: () => number = Math.random,
): number {
  // seconds; the HTTP-date form of Retry-After is not sent by this server and counts as absent
  const seconds = Number(retryAfter) > 0 ? Number(retryAfter) : DEFAULT_RETRY_AFTER;
  return Math.floor(random() * seconds * 1000 * factor);
}

// how many calls are riding out a busy server now: a submitting form says "still trying" meanwhile
// (StillTrying.tsx)
let riding = 0;
const listeners = new Set<() => void>();
const changed = (by: number) => {
  riding += by;
  for (const listener of listeners) listener();
};
/** The count of calls now between their first 503 and their final answer (useSyncExternalStore's shape). */
export const retryingCalls = {
  get: () => riding,
  listen: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * `call` until its answer is not a retryable 503, or the attempts or the time run out. `first` is
 * the answer of a first call already made.
 */
export async function withRetry<R extends Answer>(
  call: () => Promise<R>,
  options: RetryOptions = {},
  first?: R,
): Promise<R> {
  const { maxAttempts, budgetMs, factor } = { ...RETRY_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const deadline = now() + budgetMs;
  let res = first ?? (await call());
  let attempt = 1;
  if (!isRetryable(res) || attempt >= maxAttempts) return res;
  changed(+1);
  try {
    while (isRetryable(res) && attempt < maxAttempts) {
      const left = deadline - now();
      if (left <= 0) break;
      const busy = res as Extract<Answer, { ok: false }>;
      const delayMs = Math.min(jitteredDelay(busy.retryAfter, factor, options.random), left);
      attempt++;
      options.onRetry?.({ attempt, delayMs, status: busy.status, code: busy.code });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      res = await call();
    }
    return res;
  } finally {
    changed(-1);
  }
}

/**
 * api()'s fetch on the pages that load this module: a 503 SERVICE_UNAVAILABLE is sent again as
 * withRetry says. By default only calls that may run twice are (reads, PUT and DELETE, POSTs with
 * an Idempotency-Key); another POST opts in with `retry` when a 503 that did nothing makes a retry
 * safe (sign-up, login). A network failure throws, as fetch does (api() makes it NETWORK_ERROR).
 */
export async function rideFetch(
  url: string,
  request: RequestInit & { headers: Record<string, string> },
  retry?: boolean | RetryOptions,
): Promise<Response> {
  let last!: Response;
  const call = async (): Promise<Answer> => {
    last = await fetch(url, request);
    if (last.status !== 503) return { ok: true };
    const json = await last
      .clone()
      .json()
      .catch(() => null);
    return {
      ok: false,
      status: 503,
      code: json?.error?.code ?? 'INTERNAL_ERROR',
      retryAfter: last.headers.get('retry-after'),
    };
  };
  const first = await call();
  const method = request.method ?? 'GET';
  const keyed = Object.keys(request.headers).some((h) => h.toLowerCase() === 'idempotency-key');
  const chosen = retry ?? (keyed || (method !== 'POST' && method !== 'PATCH'));
  if (first.ok || !chosen) return last;
  await withRetry(call, chosen === true ? {} : chosen, first);
  return last;
}

// loading this module is what makes api() ride out a busy server's 503 (api-client.ts)
busy.fetch = rideFetch;
