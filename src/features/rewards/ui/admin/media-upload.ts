import { MAX_IMAGE_BYTES, type MediaUploadResult } from '../../../../platform/storage/media-contract.ts';
import { apiBase } from '../../../../platform/browser/api-client.ts';

export type UploadOutcome = { ok: true; url: string } | { ok: false; reason: 'imageTooLarge' | 'imageUpload'; code?: string };

/** POST /api/media/{agency} with one `file` part; the 2 MB limit is checked here first (SPEC section 9). */
export async function uploadImage(file: File, agency: string): Promise<UploadOutcome> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, reason: 'imageTooLarge' };
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { accept: 'application/json' };
  try {
    const token = localStorage.getItem('token');
    if (token) headers.authorization = `Bearer ${token}`;
  } catch {
    // no storage: the server answers 401
  }
  try {
    const res = await fetch(`${apiBase}/media/${encodeURIComponent(agency)}`, { method: 'POST', body: form, headers });
    const json = await res.json().catch(() => null);
    if (res.ok && json?.status === 'SUCCESS') {
      const data = json.data as MediaUploadResult;
      return { ok: true, url: data.url || `/media/${encodeURIComponent(data.bucket)}/${encodeURIComponent(data.name)}` };
    }
    const code: string | undefined = json?.error?.code;
    return { ok: false, reason: res.status === 413 || code === 'IMAGE_TOO_LARGE' ? 'imageTooLarge' : 'imageUpload', code };
  } catch {
    return { ok: false, reason: 'imageUpload', code: 'NETWORK_ERROR' };
  }
}
