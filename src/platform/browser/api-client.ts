import type { ErrorCode } from '../errors/error-codes.ts';
import type { EarnedBadge } from '../ui/earned-badges/earned-badge-queue.ts';
import { withRetry, type RetryOptions } from './retry.ts';

/** The API base of SPEC section 7 (PUBLIC_API_BASE, default /api). */
// import.meta.env exists in Vite's bundles only (the server imports this module under plain Node), and
// Vite replaces each import.meta.env.X written out in full: the expression stays inline
type WithEnv = ImportMeta & { env?: Record<string, string | undefined> };
export const apiBase: string = (import.meta as WithEnv).env?.PUBLIC_API_BASE || '/api';
export const marketplaceApiBase: string = (import.meta as WithEnv).env?.PUBLIC_MARKETPLACE_API_BASE || '/api';

export type ApiResult<T> =
  /** earnedBadges: the badges the call earned for the player (the server awards on the event) */
  | { ok: true; data: T; total?: number; earnedBadges?: EarnedBadge[] }
  /** retryAfter: the server's Retry-After, in seconds, when it sent one */
  | { ok: false; status: number; code: ErrorCode | string; issues?: { path: string; message: string }[]; retryAfter?: number };

type Init = {
  method?: string;
  body?: unknown;
  token?: string | null;
  base?: string;
  headers?: Record<string, string>;
  /**
   * Whether a 503 SERVICE_UNAVAILABLE is sent again after its Retry-After (retry.ts). By default
   * only for calls that may run twice: reads, PUT and DELETE, and POSTs with an Idempotency-Key.
   * Another POST opts in when a 503 that did nothing makes a retry safe (sign-up, login).
   */
  retry?: boolean | RetryOptions;
};

/**
 * fetch for our envelope: never throws, always returns a code the UI can translate
 * (`errors.<code>`); a network failure is NETWORK_ERROR. The stored token goes along when present.
 * A busy server's 503 is ridden out as `retry` says.
 */
export async function api<T>(path: string, init: Init = {}): Promise<ApiResult<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const idempotent = method !== 'POST' && method !== 'PATCH';
  const retry = init.retry ?? (idempotent || Object.keys(init.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key'));
  if (!retry) return send<T>(path, method, init);
  return withRetry(() => send<T>(path, method, init), retry === true ? {} : retry);
}

async function send<T>(path: string, method: string, init: Init): Promise<ApiResult<T>> {
  const headers = callerHeaders({ accept: 'application/json', ...init.headers }, init.token);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${init.base ?? apiBase}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR' };
  }
  const json = await res.json().catch(() => null);
  if (res.ok && json?.status === 'SUCCESS') return { ok: true, data: json.data as T, total: json.total, earnedBadges: Array.isArray(json.earnedBadges) ? json.earnedBadges : undefined };
  const retryAfter = Number(res.headers.get('retry-after'));
  return {
    ok: false,
    status: res.status,
    code: json?.error?.code ?? 'INTERNAL_ERROR',
    issues: json?.error?.issues,
    ...(retryAfter > 0 ? { retryAfter } : {}),
  };
}

/** The page's language and the stored token (unless `token` says otherwise), added to `headers`. */
export function callerHeaders(headers: Record<string, string> = {}, token?: string | null): Record<string, string> {
  const out = { ...headers };
  // content (tournament, product, badge names...) answers in the page's language, not the browser's
  const lang = pageLanguage();
  if (lang && !out['accept-language']) out['accept-language'] = lang;
  const bearer = token === undefined ? readToken() : token;
  if (bearer) out.authorization = `Bearer ${bearer}`;
  return out;
}

function pageLanguage(): string | null {
  return typeof document === 'undefined' ? null : document.documentElement.lang || null;
}

function readToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem('token');
  } catch {
    return null;
  }
}
