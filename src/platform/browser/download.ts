import { apiBase, callerHeaders, type ApiResult } from './api-client.ts';

/**
 * Downloads an API file (a CSV export) as the signed-in admin: the token lives in localStorage, so
 * a plain link would go without it. The file is fetched, then saved under the name the server's
 * Content-Disposition gives. A failure answers like `api` does, with a code the UI can translate.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<ApiResult<null>> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, { headers: callerHeaders({ accept: 'text/csv' }) });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR' };
  }
  if (!res.ok) {
    const json = await res.json().catch(() => null);
    return { ok: false, status: res.status, code: json?.error?.code ?? 'INTERNAL_ERROR' };
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download; free it on the next turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true, data: null };
}
