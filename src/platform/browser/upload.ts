import { MAX_IMAGE_BYTES, mediaUploadResultSchema, mediaUrl } from '../storage/media-contract.ts';
import { apiBase } from './api-client.ts';

/**
 * The one upload client of the dashboard (product, badge and news images): POST /api/media/{agency}
 * with one multipart field `file`. Every failure is one of three reasons with the API's code, so
 * every form words them alike: `tooLarge` (over 2 MB, refused here before any byte is sent, or by
 * the server), `invalid` (INVALID_IMAGE: not a PNG, JPEG, WebP or GIF), `failed` (anything else:
 * the network, the session, the server).
 */
export type UploadOutcome = { ok: true; url: string } | { ok: false; reason: 'tooLarge' | 'invalid' | 'failed'; code: string };

/** The client-side size check of SPEC section 5 (2 MB). */
export const isTooLarge = (file: { size: number }) => file.size > MAX_IMAGE_BYTES;

function readToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}

export async function uploadImage(file: File, agency: string): Promise<UploadOutcome> {
  if (isTooLarge(file)) return { ok: false, reason: 'tooLarge', code: 'IMAGE_TOO_LARGE' };
  const form = new FormData();
  form.append('file', file);
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(`${apiBase}/media/${encodeURIComponent(agency)}`, { method: 'POST', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
  } catch {
    return { ok: false, reason: 'failed', code: 'NETWORK_ERROR' };
  }
  const json = (await res.json().catch(() => null)) as { status?: string; data?: unknown; error?: { code?: string } } | null;
  const code = json?.error?.code ?? (res.status === 413 ? 'IMAGE_TOO_LARGE' : 'INTERNAL_ERROR');
  if (res.status === 413 || code === 'IMAGE_TOO_LARGE') return { ok: false, reason: 'tooLarge', code: 'IMAGE_TOO_LARGE' };
  if (code === 'INVALID_IMAGE') return { ok: false, reason: 'invalid', code };
  const parsed = mediaUploadResultSchema.partial({ url: true }).safeParse(json?.data);
  if (!res.ok || json?.status !== 'SUCCESS' || !parsed.success) return { ok: false, reason: 'failed', code };
  return { ok: true, url: parsed.data.url || mediaUrl(parsed.data.bucket, parsed.data.name) };
}
