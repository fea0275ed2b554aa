import { MAX_IMAGE_BYTES, mediaUploadResultSchema, mediaUrl } from '../../../../platform/storage/media-contract.ts';
import { marketplaceApiBase } from '../../../../platform/browser/api-client.ts';

export type UploadOutcome = { ok: true; url: string } | { ok: false; reason: 'tooLarge' | 'upload'; code?: string };

/** The client-side size check of SPEC section 5 (2 MB), before any byte is sent. */
export const isTooLarge = (file: { size: number }) => file.size > MAX_IMAGE_BYTES;

function readToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}

/**
 * POST /api/media/{agency} with one multipart field `file`. A file over 2 MB is refused here
 * (imageTooLarge); any failure of the call, or an answer without bucket and name, is imageUpload.
 */
export async function uploadImage(file: File, agencyName: string): Promise<UploadOutcome> {
  if (isTooLarge(file)) return { ok: false, reason: 'tooLarge' };
  const form = new FormData();
  form.append('file', file);
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(`${marketplaceApiBase}/media/${encodeURIComponent(agencyName)}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    return { ok: false, reason: 'upload', code: 'NETWORK_ERROR' };
  }
  const json = await res.json().catch(() => null);
  if (res.status === 413 || json?.error?.code === 'IMAGE_TOO_LARGE') return { ok: false, reason: 'tooLarge' };
  const parsed = mediaUploadResultSchema.partial({ url: true }).safeParse(json?.data);
  if (!res.ok || json?.status !== 'SUCCESS' || !parsed.success) return { ok: false, reason: 'upload', code: json?.error?.code };
  return { ok: true, url: parsed.data.url || mediaUrl(parsed.data.bucket, parsed.data.name) };
}
