/**
 * The options of a retried API call, apart from the policy (retry.ts) so the API client can name
 * them without loading it: a page that never retries ships none of the policy.
 */

/** The part of an API answer the policy reads (api-client.ts's ApiResult). */
export type Answer = { ok: true } | { ok: false; status: number; code: string; retryAfter?: number | string | null };

export interface RetryOptions {
  /** calls in all, the first included */
  maxAttempts?: number;
  /** the time from the first call after which no new wait starts, in ms */
  budgetMs?: number;
  /** the longest wait is Retry-After × factor */
  factor?: number;
  /** told before each wait: forms say "still trying" meanwhile */
  onRetry?: (progress: RetryProgress) => void;
  /** the randomness of the jitter and the clock, replaceable in tests */
  random?: () => number;
  now?: () => number;
}

export interface RetryProgress {
  /** the number of the call that will follow the wait (2 for the first retry) */
  attempt: number;
  delayMs: number;
  status: number;
  code: string;
}
