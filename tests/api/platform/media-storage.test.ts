import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  contentName,
  createDiskStorage,
  type MediaStorage,
  type StoredObject,
} from '../../../src/platform/storage/media-storage.ts';
import { createS3Storage } from '../../../src/platform/storage/s3-storage.ts';
import { parseMediaStorage } from '../../../src/platform/http/config.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, makeImage, multipart, type Account } from '../helpers/rewards.ts';

/**
 * The MediaStorage contract, the same tests on both stores: the disk under a temporary folder and
 * S3 against a local s3rver (in this process, loopback, its own folder). Then an app configured
 * with MEDIA_STORAGE=s3 end to end, and S3 faults injected on loopback (stopped, then frozen).
 */
const stores: {
  kind: string;
  open(): Promise<{ storage: MediaStorage; s3?: LocalS3; dir?: string; close(): Promise<void> }>;
}[] = [
  {
    kind: 'disk',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-media-'));
      return { storage: createDiskStorage(dir), dir, close: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    kind: 's3',
    async open() {
      const s3 = await startLocalS3();
      const storage = createS3Storage(s3.config());
      return {
        storage,
        s3,
        async close() {
          storage.close?.();
          await s3.close();
        },
      };
    },
  },
];

const agency = 'Nexus';

describe.each(stores)('the $kind store', ({ kind, open }) => {
  let store: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.close());

  test('gives back exactly the bytes stored under a name', async () => {
    const data = randomBytes(300_000);
    const name = contentName(data, 'png');
    await store.storage.put(agency, name, data, 'image/png');
    expect((await store.storage.get(agency, name))?.equals(data)).toBe(true);
  });

  test('an absent name, or a name in another agency, is null', async () => {
    const data = randomBytes(1000);
    const name = contentName(data, 'webp');
    await store.storage.put(agency, name, data, 'image/webp');
    expect(await store.storage.get(agency, contentName(randomBytes(10), 'webp'))).toBeNull();
    expect(await store.storage.get('OtherAgency', name)).toBeNull();
  });

  test('storing the same content twice keeps one object with those bytes', async () => {
    const data = randomBytes(5000);
    const name = contentName(data, 'gif');
    await Promise.all([
      store.storage.put(agency, name, data, 'image/gif'),
      store.storage.put(agency, name, data, 'image/gif'),
    ]);
    await store.storage.put(agency, name, data, 'image/gif');
    expect((await store.storage.get(agency, name))?.equals(data)).toBe(true);
  });

  test('a name given before content naming (random hex of the same shape) is still read', async () => {
    const data = randomBytes(2000);
    const legacy = `${randomBytes(16).toString('hex')}.jpg`;
    await store.storage.put(agency, legacy, data, 'image/jpeg');
    expect((await store.storage.get(agency, legacy))?.equals(data)).toBe(true);
  });

  test('names outside the pattern are refused on write and absent on read', async () => {
    const data = randomBytes(100);
    for (const [bucket, name] of [
      [agency, '../../app.db'],
      [agency, 'abc.png'],
      ['../etc', contentName(data, 'png')],
      ['a/b', contentName(data, 'png')],
    ]) {
      await expect(store.storage.put(bucket, name, data, 'image/png'), `${bucket}/${name}`).rejects.toThrow(
        /invalid media object/,
      );
      expect(await store.storage.get(bucket, name)).toBeNull();
    }
  });

  /** Every object `list` finds in a bucket, by name. */
  const listed = async (bucket: string) => {
    const found = new Map<string, StoredObject>();
    for await (const object of store.storage.list(bucket)) found.set(object.name, object);
    return found;
  };

  test('a listing finds every object of its bucket, with its size and when it was written, and no other', async () => {
    const bucket = `Listed_${kind}`;
    const before = Date.now();
    const stored = [randomBytes(100), randomBytes(2000), randomBytes(30)].map((data, i) => ({
      data,
      name: contentName(data, ['png', 'jpg', 'webp'][i]),
    }));
    for (const { data, name } of stored) await store.storage.put(bucket, name, data, 'image/png');
    const elsewhere = randomBytes(10);
    await store.storage.put(`${bucket}_other`, contentName(elsewhere, 'gif'), elsewhere, 'image/gif');
    const after = Date.now();

    const found = await listed(bucket);
    expect([...found.keys()].sort()).toEqual(stored.map((o) => o.name).sort());
    for (const { data, name } of stored) {
      const object = found.get(name)!;
      expect(object.bytes).toBe(data.length);
      // the write time at the latest: S3 keeps whole seconds and answers the end of the one it names
      expect(object.writtenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(object.writtenAt.getTime()).toBeLessThan(after + 1000);
    }
    expect(await listed('NeverWritten')).toEqual(new Map());
  });

  test('a delete removes the object; deleting it again finds it gone', async () => {
    const data = randomBytes(700);
    const name = contentName(data, 'png');
    await store.storage.put(agency, name, data, 'image/png');
    const later = new Date(Date.now() + 60_000);
    expect(await store.storage.delete(agency, name, { writtenBefore: later })).toBe('deleted');
    expect(await store.storage.get(agency, name)).toBeNull();
    expect((await listed(agency)).has(name)).toBe(false);
    expect(await store.storage.delete(agency, name, { writtenBefore: later })).toBe('missing');
  });

  test('a delete keeps an object written at or after the instant it is given', async () => {
    const data = randomBytes(900);
    const name = contentName(data, 'webp');
    const before = new Date(Date.now() - 60_000);
    await store.storage.put(agency, name, data, 'image/webp');
    expect(await store.storage.delete(agency, name, { writtenBefore: before })).toBe('rewritten');
    expect((await store.storage.get(agency, name))?.equals(data)).toBe(true);
    expect((await listed(agency)).get(name)?.bytes).toBe(data.length);
    // a delete without the condition takes it
    expect(await store.storage.delete(agency, name)).toBe('deleted');
    expect(await store.storage.get(agency, name)).toBeNull();
  });

  test('a delete of a name outside the pattern, and a listing of such a bucket, are refused', async () => {
    await expect(store.storage.delete(agency, '../../app.db')).rejects.toThrow(/invalid media object/);
    await expect(store.storage.delete('../etc', contentName(randomBytes(4), 'png'))).rejects.toThrow(
      /invalid media object/,
    );
    await expect(listed('../etc')).rejects.toThrow(/invalid media bucket/);
  });

  if (kind === 'disk')
    test('a listing skips what is no object (a put cut short, a stray, a folder); a delete leaves none', async () => {
      const bucket = 'Strays';
      const data = randomBytes(50);
      const name = contentName(data, 'png');
      await store.storage.put(bucket, name, data, 'image/png');
      const folder = path.join(store.dir!, bucket);
      await fs.writeFile(path.join(folder, `${contentName(randomBytes(5), 'png')}.0a1b2c3d.tmp`), 'half');
      await fs.writeFile(path.join(folder, 'notes.txt'), 'not ours');
      await fs.mkdir(path.join(folder, contentName(randomBytes(6), 'png')));
      expect([...(await listed(bucket)).keys()]).toEqual([name]);
      expect(await store.storage.delete(bucket, name)).toBe('deleted');
      expect((await fs.readdir(folder)).filter((f) => f.startsWith(name))).toEqual([]);
    });

  if (kind === 's3')
    test('a listing reads page after page and skips keys of no object of ours', async () => {
      const bucket = 'Paged';
      const names = Array.from({ length: 8 }, (_, i) => contentName(Buffer.from(`object ${i}`), 'png'));
      for (const n of names) await store.storage.put(bucket, n, Buffer.from(n), 'image/png');
      await store.s3!.putRaw(`${bucket}/notes.txt`, Buffer.from('not ours'));
      await store.s3!.putRaw(`${bucket}/deeper/${names[0]}`, Buffer.from('not ours either'));
      // three keys a page: four pages, the strays among them
      const paged = createS3Storage(store.s3!.config({ listPageKeys: 3 }));
      try {
        const found: string[] = [];
        for await (const object of paged.list(bucket)) found.push(object.name);
        expect(found.sort()).toEqual([...names].sort());
      } finally {
        paged.close?.();
      }
    });

  if (kind === 's3')
    test('an S3 object is keyed {agency}/{name} and carries its type and an immutable cache policy', async () => {
      const data = randomBytes(800);
      const name = contentName(data, 'png');
      await store.storage.put(agency, name, data, 'image/png');
      const object = await store.s3!.head(`${agency}/${name}`);
      expect(object?.bytes.equals(data)).toBe(true);
      expect(object?.contentType).toBe('image/png');
      expect(object?.cacheControl).toBe('public, max-age=31536000, immutable');
    });
});

test('a content name is the first 128 bits of the bytes’ sha256, in the served pattern', () => {
  const data = Buffer.from('the same bytes');
  expect(contentName(data, 'png')).toBe(`${createHash('sha256').update(data).digest('hex').slice(0, 32)}.png`);
  expect(contentName(Buffer.from(data), 'png')).toBe(contentName(data, 'png'));
  expect(contentName(Buffer.from('other bytes'), 'png')).not.toBe(contentName(data, 'png'));
});

/** The app as a deployment starts it: MEDIA_STORAGE=s3 and the S3_* variables, read by the config. */
async function s3App(s3: LocalS3, endpoint = s3.endpoint): Promise<{ t: TestApp; admin: Account }> {
  const mediaStorage = parseMediaStorage({
    MEDIA_STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_TIMEOUT_MS: '1000',
  });
  const t = await createTestApp({ rateLimits: false, mediaStorage });
  const [admin] = await accounts(t, 1, { admin: true });
  return { t, admin };
}

async function upload(t: TestApp, admin: Account, data: Buffer) {
  const form = multipart([{ data }]);
  const started = performance.now();
  const res = await t.inject({
    method: 'POST',
    url: `/api/media/${t.config.agencyName}`,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers, ms: performance.now() - started };
}

describe('an app with MEDIA_STORAGE=s3', () => {
  let s3: LocalS3;
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    s3 = await startLocalS3();
    ({ t, admin } = await s3App(s3));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  test('an uploaded image is stored in the bucket and served back byte for byte, cached for good', async () => {
    const r = await upload(t, admin, await makeImage('png', { width: 40, height: 30 }));
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const { name, url } = r.json.data;
    const stored = await s3.head(`${t.config.agencyName}/${name}`);
    expect(stored).not.toBeNull();
    // the address is the stored bytes' own name
    expect(name).toBe(contentName(stored!.bytes, 'png'));

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!.bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // one image, one address
    const again = await upload(t, admin, await makeImage('png', { width: 40, height: 30 }));
    expect([again.status, again.json.data.url]).toEqual([201, url]);
  });

  test('an image not in the bucket is 404, as on disk', async () => {
    const r = await t.inject({ method: 'GET', url: `/media/${t.config.agencyName}/${'ab'.repeat(16)}.png` });
    expect([r.statusCode, r.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('S3 faults give a quick 503 and write nothing', () => {
  // the 503 is SERVICE_UNAVAILABLE, and the upload leaves no audit row
  test('S3 stopped: the upload is 503 in well under 5 s and a stored image is 503, not 404', async () => {
    const s3 = await startLocalS3();
    const { t, admin } = await s3App(s3);
    try {
      const stored = await upload(t, admin, await makeImage('webp'));
      expect(stored.status).toBe(201);
      await s3.stop();

      const before = await t.snapshot();
      const r = await upload(t, admin, await makeImage('jpeg'));
      expect([r.status, r.json.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(r.headers['retry-after']).toBeDefined();
      expect(r.ms).toBeLessThan(5000);
      expect(await t.snapshot()).toEqual(before);

      const started = performance.now();
      const read = await t.inject({ method: 'GET', url: stored.json.data.url });
      expect([read.statusCode, read.json().error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await t.close();
      await s3.close();
    }
  });

  // frozen: connections accepted, nothing answered
  test('S3 frozen: the upload and the read are cut at S3_TIMEOUT_MS with 503', async () => {
    const s3 = await startLocalS3();
    const proxy = await startTcpProxy('127.0.0.1', s3.port);
    const { t, admin } = await s3App(s3, `http://127.0.0.1:${proxy.port}`);
    try {
      const stored = await upload(t, admin, await makeImage('gif'));
      expect(stored.status).toBe(201);
      proxy.blackhole();

      const before = await t.snapshot();
      const r = await upload(t, admin, await makeImage('png', { width: 20, height: 20 }));
      expect([r.status, r.json.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      // cut by the timeout (S3_TIMEOUT_MS=1000 for the whole call, its retry included), not refused at once
      expect(r.ms).toBeGreaterThanOrEqual(900);
      expect(r.ms).toBeLessThan(5000);
      expect(await t.snapshot()).toEqual(before);

      const started = performance.now();
      const read = await t.inject({ method: 'GET', url: stored.json.data.url });
      expect(read.statusCode).toBe(503);
      expect(performance.now() - started).toBeLessThan(5000);

      proxy.recover();
      const back = await t.inject({ method: 'GET', url: stored.json.data.url });
      expect(back.statusCode).toBe(200);
    } finally {
      await t.close();
      await proxy.close();
      await s3.close();
    }
  });

  // trickling: a byte now and then, never idle
  test('S3 trickling its answer is cut at S3_TIMEOUT_MS too, body included', async () => {
    // an S3-shaped server on loopback that starts a 100 kB answer and sends 10 bytes every 100 ms
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
      const timer = setInterval(() => res.write(Buffer.alloc(10)), 100);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const warnings: string[] = [];
    const storage = createS3Storage(
      {
        bucket: 'arena-media',
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'k', secretAccessKey: 's' },
        timeoutMs: 800,
      },
      { warn: (_obj, msg) => warnings.push(msg) },
    );
    try {
      const started = performance.now();
      await expect(storage.get(agency, contentName(randomBytes(8), 'png'))).rejects.toMatchObject({
        kind: 'unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
      const ms = performance.now() - started;
      expect(ms).toBeGreaterThanOrEqual(750);
      expect(ms).toBeLessThan(5000);
      expect(warnings).toEqual(['media storage unavailable (S3 get)']);
    } finally {
      storage.close?.();
      server.closeAllConnections();
      server.close();
    }
  });
});
