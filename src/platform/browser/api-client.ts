import type { ErrorCode } from '../errors/error-codes.ts';
import type { EarnedBadge } from '../ui/earned-badges/earned-badge-queue.ts';

/** The API base of SPEC section 7 (PUBLIC_API_BASE, default /api). */
// import.meta.env exists in Vite's bundles only (the server imports this module under plain Node), and
// Vite replaces each import.meta.env.X written out in full: the expression stays inline
type WithEnv = ImportMeta & { env?: Record<string, string | undefined> };
export const apiBase: string = (import.meta as WithEnv).env?.PUBLIC_API_BASE || '/api';
export const marketplaceApiBase: string = (import.meta as WithEnv).env?.PUBLIC_MARKETPLACE_API_BASE || '/api';

export type ApiResult<T> =
  /** earnedBadges: the badges the call earned for the player (the server awards on the event) */
  { ok: true; data: T; total?: number; earnedBadges?: EarnedBadge[] } | { ok: false; status: number; code: ErrorCode | string; issues?: { path: string; message: string }[] };

/**
 * fetch for our envelope: never throws, always returns a code the UI can translate
 * (`errors.<code>`); a network failure is NETWORK_ERROR. The stored token goes along when present.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string | null; base?: string; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const headers = callerHeaders({ accept: 'application/json', ...init.headers }, init.token);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${init.base ?? apiBase}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR' };
  }
  const json = await res.json().catch(() => null);
  if (res.ok && json?.status === 'SUCCESS') return { ok: true, data: json.data as T, total: json.total, earnedBadges: Array.isArray(json.earnedBadges) ? json.earnedBadges : undefined };
  return { ok: false, status: res.status, code: json?.error?.code ?? 'INTERNAL_ERROR', issues: json?.error?.issues };
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
