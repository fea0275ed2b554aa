import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import sharp from 'sharp';
import * as SessionRepository from '../../../src/features/accounts/server/session-repository.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import type { TestApp } from './test-app.ts';

export interface Account {
  id: string;
  token: string;
  username: string;
}

let seq = 0;
const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA';

/**
 * Accounts written straight to the database with a session each: a hundred signups through the
 * API would spend seconds in argon2 on nothing these tests look at.
 */
export async function accounts(t: TestApp, n: number, opts: { admin?: boolean } = {}): Promise<Account[]> {
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const tag = `${(seq++).toString(36)}${randomBytes(3).toString('hex')}`;
    const username = `r_${tag}`;
    const created = await UserRepository.create(t.db.kysely, {
      owner: t.config.ownerId,
      username,
      email: `${username}@example.com`,
      passwordHash: fakeHash,
      nickname: `Nick_${tag}`,
      gender: 'female',
      birthDate: null,
      language: 'it',
      country: 'Italy',
      roles: opts.admin ? ['SiteAdmin'] : [],
    });
    if (!created.ok) throw new Error('accounts: user not created');
    out.push({ id: created.id, username, token: await SessionRepository.create(t.db.kysely, created.id, 24) });
  }
  return out;
}

export const address = {
  first_name: 'Mario',
  last_name: 'Rossi',
  street_name: 'Via Roma 1',
  additional_address_info: 'Scala B',
  zip_code: '20121',
  city: 'Milano',
  country: 'Italia',
  phone_number: '+39 333 123 4567',
};

export const IMAGE = '/media/Nexus/0123456789abcdef0123456789abcdef.png';

/** Admin API shortcuts; each asserts success so a test fails where the setup broke. */
export function rewardsApi(t: TestApp, adminToken: string) {
  const expectOk = (r: { status: number; json: any }, status = 200) => {
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    return r.json.data;
  };
  return {
    async product(fields: Record<string, unknown> = {}) {
      return expectOk(
        await t.call('POST', '/api/marketplace/products', {
          token: adminToken,
          body: { name: 'Felpa', price: 100, quantity: 5, image: IMAGE, ...fields },
        }),
        201,
      );
    },
    async giveaway(fields: Record<string, unknown> = {}) {
      const token = `CODE_${randomBytes(4).toString('hex')}`;
      return expectOk(
        await t.call('POST', '/api/marketplace/giveaways', {
          token: adminToken,
          body: { token, credits: 10, type: 'infinite', ...fields },
        }),
        201,
      );
    },
    async credit(userId: string, amount: number, reason = 'test credits') {
      return expectOk(
        await t.call('POST', `/api/marketplace/wallets/${userId}/adjust`, {
          token: adminToken,
          body: { amount, reason },
        }),
      );
    },
    async badge(fields: {
      slug: string;
      trigger: string;
      reward?: number;
      reusable?: boolean;
      active?: boolean;
      name?: string;
    }) {
      const now = new Date().toISOString();
      const id = `badge-${randomBytes(6).toString('hex')}`;
      await t.db.kysely
        .insertInto('badges')
        .values({
          id,
          owner: t.config.ownerId,
          slug: fields.slug,
          name: fields.name ?? fields.slug,
          description: '',
          icon: '',
          trigger: fields.trigger,
          reward_amount: fields.reward ?? 0,
          reusable: fields.reusable ? 1 : 0,
          active: fields.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },
  };
}

export async function balanceOf(t: TestApp, userId: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * The audit of the append-only wallet ledger: every wallet's balance equals the sum of its entries and is
 * not negative, no entry exists without its wallet, and each entry's balance_after is reachable.
 */
export async function auditLedger(t: Pick<TestApp, 'db'>): Promise<void> {
  const db = t.db.kysely;
  const wallets = await db.selectFrom('wallets').selectAll().execute();
  const entries = await db.selectFrom('wallet_transactions').select(['user_id', 'amount', 'balance_after']).execute();
  const sums = new Map<string, number>();
  for (const e of entries) sums.set(e.user_id, (sums.get(e.user_id) ?? 0) + Number(e.amount));
  for (const w of wallets) {
    expect(Number(w.balance), `balance of ${w.user_id}`).toBe(sums.get(w.user_id) ?? 0);
    expect(Number(w.balance)).toBeGreaterThanOrEqual(0);
  }
  const walletIds = new Set(wallets.map((w) => w.user_id));
  for (const userId of sums.keys()) expect(walletIds.has(userId), `wallet of ${userId}`).toBe(true);
  for (const e of entries) expect(Number(e.balance_after)).toBeGreaterThanOrEqual(0);
}

/** Every rewards row and every stored media file, for "nothing was written" checks. */
export async function rewardsSnapshot(t: TestApp) {
  const db = t.db.kysely;
  const tables = [
    'wallets',
    'wallet_transactions',
    'badges',
    'user_badges',
    'products',
    'purchases',
    'giveaways',
    'giveaway_redemptions',
    'idempotency_keys',
  ] as const;
  const out: Record<string, unknown> = {};
  for (const table of tables)
    out[table] = await db
      .selectFrom(table)
      .selectAll()
      .execute()
      .then((rows) => rows.map((r) => JSON.stringify(r)).sort());
  out.media = await listFiles(path.join(t.config.dataDir, 'media'));
  return out;
}

async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else found.push(path.relative(dir, p));
    }
  };
  await walk(dir);
  return found.sort();
}

/** A real image of each kind, made by sharp (optionally with EXIF metadata to be stripped). */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  opts: { width?: number; height?: number; exif?: boolean; noise?: boolean } = {},
): Promise<Buffer> {
  const width = opts.width ?? 64;
  const height = opts.height ?? 48;
  let img = opts.noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } });
  if (opts.exif) img = img.withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER', Artist: 'SECRET-EXIF-MARKER' } });
  return img.toFormat(format).toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipart(fields: { name?: string; filename?: string; contentType?: string; data: Buffer }[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----arena${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of fields) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; ` +
          `filename="${f.filename ?? 'image.png'}"\r\nContent-Type: ${f.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
