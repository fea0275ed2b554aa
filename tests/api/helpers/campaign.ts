import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';

const HOUR = 3600_000;

/**
 * Four consecutive two-hour windows placed so that phase `open` is open right now (the others
 * before it closed, after it upcoming); `open: 0` puts all four in the future, `open: 5` all in
 * the past.
 */
export function scheduleAround(open: number, now = Date.now()) {
  return [1, 2, 3, 4].map((phase) => {
    const opens = now - HOUR + (phase - open) * 2 * HOUR;
    return { phase, opensAt: new Date(opens).toISOString(), closesAt: new Date(opens + 2 * HOUR).toISOString() };
  });
}

/** PUT /campaigns/cortina with the windows of scheduleAround (200 expected). */
export async function openPhaseNow(t: TestApp, adminToken: string, open: number) {
  const r = await t.call('PUT', '/api/campaigns/cortina', {
    token: adminToken,
    body: { phases: scheduleAround(open) },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

/** A small PNG of one colour, different per seed unless the same seed is given. */
export async function png(seed: number, opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  return sharp({
    create: {
      width: opts.width ?? 16,
      height: opts.height ?? 12,
      channels: 3,
      background: { r: seed % 256, g: (seed >> 8) % 256, b: 77 },
    },
  })
    .png()
    .toBuffer();
}

/** multipart/form-data: text parts first, then the file parts, as the site's modal sends them. */
export function form(
  fields: Record<string, string>,
  files: { data: Buffer; name?: string; filename?: string; contentType?: string }[] = [],
) {
  const boundary = `----cortina${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; ` +
          `filename="${f.filename ?? 'shot.png'}"\r\nContent-Type: ${f.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /marketplace/submissions; fields default to a valid set, `file: null` sends no image. */
export async function submit(
  t: TestApp,
  token: string | undefined,
  opts: { fields?: Record<string, string>; file?: Buffer | null } = {},
) {
  const fields = opts.fields ?? { username: 'SnowRider', email: 'rider@example.com', note: 'season1' };
  const file = opts.file === undefined ? await png(1) : opts.file;
  const body = form(fields, file ? [{ data: file }] : []);
  const res = await t.inject({
    method: 'POST',
    url: '/api/marketplace/submissions',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.body,
  });
  return { status: res.statusCode, json: res.json(), res };
}

/** POST /marketplace/submissions/{id}/review as admin (200 expected). */
export async function approve(t: TestApp, adminToken: string, id: string, score: number) {
  const r = await t.call('POST', `/api/marketplace/submissions/${id}/review`, {
    token: adminToken,
    body: { decision: 'approve', score },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

/** Campaign rows and stored files, for "nothing was written" checks. */
export async function campaignSnapshot(t: TestApp) {
  const db = t.db.kysely;
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(t.config.dataDir, 'media');
  const files = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return {
    submissions: await db.selectFrom('screenshot_submissions').selectAll().orderBy('id').execute(),
    phases: await db.selectFrom('campaign_phases').selectAll().orderBy('phase').execute(),
    media: files.map(String).sort(),
  };
}
