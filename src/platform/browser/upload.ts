import { MAX_IMAGE_BYTES, mediaUploadResultSchema, mediaUrl } from '../storage/media-contract.ts';
import { apiBase, storedToken } from './api-client.ts';

/**
 * The one upload client of the dashboard (ImageField: product, badge, news, tournament and
 * competition images): POST /api/media/{agency} with one multipart field `file`. A failure carries
 * the API's code, which names what happened (errors.<code>), and one of three reasons:
 * `tooLarge` (IMAGE_TOO_LARGE, over 2 MB, refused here before any byte is sent or by the server;
 * IMAGE_TOO_MANY_PIXELS), `invalid` (INVALID_IMAGE: not a PNG, JPEG, WebP or GIF; IMAGE_DAMAGED),
 * `failed` (anything else: the network, the session, the server).
 */
export type UploadOutcome =
  { ok: true; url: string } | { ok: false; reason: 'tooLarge' | 'invalid' | 'failed'; code: string };

const tooLargeCodes = new Set(['IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS', 'PAYLOAD_TOO_LARGE']);
const invalidCodes = new Set(['INVALID_IMAGE', 'IMAGE_DAMAGED']);

/** The client-side size check: images are at most 2 MB, as the server enforces. */
export const isTooLarge = (file: { size: number }) => file.size > MAX_IMAGE_BYTES;

export async function uploadImage(file: File, agency: string): Promise<UploadOutcome> {
  if (isTooLarge(file)) return { ok: false, reason: 'tooLarge', code: 'IMAGE_TOO_LARGE' };
  const form = new FormData();
  form.append('file', file);
  const token = storedToken();
  let res: Response;
  try {
    res = await fetch(`${apiBase}/media/${encodeURIComponent(agency)}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    return { ok: false, reason: 'failed', code: 'NETWORK_ERROR' };
  }
  const json = (await res.json().catch(() => null)) as {
    status?: string;
    data?: unknown;
    error?: { code?: string };
  } | null;
  // a 413 without our envelope comes from a proxy's body limit, which is the bytes
  const code = json?.error?.code ?? (res.status === 413 ? 'IMAGE_TOO_LARGE' : 'INTERNAL_ERROR');
  if (tooLargeCodes.has(code)) return { ok: false, reason: 'tooLarge', code };
  if (invalidCodes.has(code)) return { ok: false, reason: 'invalid', code };
  const parsed = mediaUploadResultSchema.partial({ url: true }).safeParse(json?.data);
  if (!res.ok || json?.status !== 'SUCCESS' || !parsed.success) return { ok: false, reason: 'failed', code };
  return { ok: true, url: parsed.data.url || mediaUrl(parsed.data.bucket, parsed.data.name) };
}
