import type { ErrorCode } from '../errors/error-codes.ts';
import type { EarnedBadge } from '../ui/earned-badges/earned-badge-queue.ts';
import type { RetryOptions } from './retry-options.ts';
import { endSession } from './session.ts';

/** The API base (PUBLIC_API_BASE, default /api). */
// import.meta.env exists in Vite's bundles only (the server imports this module under plain Node), and
// Vite replaces each import.meta.env.X written out in full: the expression stays inline
type WithEnv = ImportMeta & { env?: Record<string, string | undefined> };
export const apiBase: string = (import.meta as WithEnv).env?.PUBLIC_API_BASE || '/api';
export const marketplaceApiBase: string = (import.meta as WithEnv).env?.PUBLIC_MARKETPLACE_API_BASE || '/api';

export type ApiResult<T> =
  /** earnedBadges: the badges the call earned for the player (the server awards on the event) */
  | { ok: true; data: T; total?: number; earnedBadges?: EarnedBadge[] }
  | { ok: false; status: number; code: ErrorCode | string; issues?: { path: string; message: string }[] };

export type Init = {
  method?: string;
  body?: unknown;
  token?: string | null;
  base?: string;
  headers?: Record<string, string>;
  /**
   * Whether a 503 SERVICE_UNAVAILABLE is sent again after its Retry-After (retry.ts, where loaded).
   * By default only for calls that may run twice: reads, PUT and DELETE, and POSTs with an
   * Idempotency-Key. Another POST opts in when a 503 that did nothing makes a retry safe (sign-up, login).
   */
  retry?: boolean | RetryOptions;
  /**
   * false when a 401 is expected and says nothing new (logging out a session that may already be gone):
   * the stored session is then left to the caller instead of being ended with a notice.
   */
  endsSession?: boolean;
};

/**
 * fetch for our envelope: never throws, always returns a code the UI can translate
 * (`errors.<code>`); a network failure is NETWORK_ERROR. The stored token goes along when present;
 * a 401 to the stored token ends the stored session (`endSession`).
 * A busy server's 503 is ridden out as `retry` says, on the pages that load retry.ts.
 */
export async function api<T>(path: string, init: Init = {}): Promise<ApiResult<T>> {
  const headers = callerHeaders({ accept: 'application/json', ...init.headers }, init.token);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await (busy.fetch ?? fetch)(
      `${init.base ?? apiBase}${path}`,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        // undefined stays undefined (no body)
        body: JSON.stringify(init.body),
      },
      init.retry,
    );
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR' };
  }
  const json = await res.json().catch(() => null);
  // the stored session was refused (logged out everywhere, password reset): forget it, and say so
  const bearer = headers.authorization;
  if (res.status === 401 && bearer && init.endsSession !== false && bearer === `Bearer ${storedToken()}`) endSession();
  if (res.ok && json?.status === 'SUCCESS')
    return {
      ok: true,
      data: json.data as T,
      total: json.total,
      earnedBadges: Array.isArray(json.earnedBadges) ? json.earnedBadges : undefined,
    };
  return { ok: false, status: res.status, code: json?.error?.code ?? 'INTERNAL_ERROR', issues: json?.error?.issues };
}

/**
 * How a busy server's 503 is ridden out: retry.ts sets a fetch that waits and sends again where a
 * page loads it (the sign-up form, through StillTrying.tsx and signup-call.ts); elsewhere the 503
 * is answered at once. The pages with a JavaScript budget do not pay for the policy.
 */
export const busy: {
  fetch?: (
    url: string,
    request: RequestInit & { headers: Record<string, string> },
    retry: Init['retry'],
  ) => Promise<Response>;
} = {};

/** The page's language and the stored token (unless `token` says otherwise), added to `headers`. */
export function callerHeaders(headers: Record<string, string> = {}, token?: string | null): Record<string, string> {
  const out = { ...headers };
  // content (tournament, product, badge names...) answers in the page's language, not the browser's
  const lang = pageLanguage();
  if (lang && !out['accept-language']) out['accept-language'] = lang;
  const bearer = token === undefined ? storedToken() : token;
  if (bearer) out.authorization = `Bearer ${bearer}`;
  return out;
}

function pageLanguage(): string | null {
  return globalThis.document?.documentElement.lang || null;
}

/** The signed-in player's token as this browser keeps it; null for a visitor or where storage is blocked. */
export function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem('token') ?? null;
  } catch {
    return null;
  }
}
