import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, makeImage, multipart, rewardsSnapshot, type Account } from '../helpers/rewards.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { contentName } from '../../../src/platform/storage/media-storage.ts';

/** An app on the disk store (DATA_DIR/media), or on S3 against a local s3rver (MEDIA_STORAGE=s3). */
async function appOn(
  kind: 'disk' | 's3',
): Promise<{ t: TestApp; admin: Account; s3?: LocalS3; close(): Promise<void> }> {
  const s3 = kind === 's3' ? await startLocalS3() : undefined;
  const t = await createTestApp({ rateLimits: false, ...(s3 ? { mediaStorage: s3.config() } : {}) });
  const [admin] = await accounts(t, 1, { admin: true });
  return {
    t,
    admin,
    s3,
    async close() {
      await t.close();
      await s3?.close();
    },
  };
}

let t: TestApp;
let admin: Account;

async function upload(
  data: Buffer,
  opts: { name?: string; filename?: string; contentType?: string; agency?: string } = {},
) {
  const form = multipart([{ data, name: opts.name, filename: opts.filename, contentType: opts.contentType }]);
  const res = await t.inject({
    method: 'POST',
    url: `/api/media/${opts.agency ?? t.config.agencyName}`,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  return { status: res.statusCode, json: res.json() };
}

// what is stored and served is the same on both stores: the same tests run on each
describe.each(['disk', 's3'] as const)('on the %s store', (kind) => {
  let store: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    store = await appOn(kind);
    ({ t, admin } = store);
  });
  afterAll(() => store?.close());

  describe('accepted uploads', () => {
    test.each(['png', 'jpeg', 'webp', 'gif'] as const)(
      'a %s is stored under its content’s name and served byte for byte with an immutable cache and nosniff',
      async (format) => {
        const r = await upload(await makeImage(format), { filename: `../../photo.${format}` });
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        const ext = format === 'jpeg' ? 'jpg' : format;
        const { bucket, name, url } = r.json.data;
        expect(bucket).toBe(t.config.agencyName);
        expect(name).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
        expect(url).toBe(`/media/${bucket}/${name}`);

        const served = await t.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // the name is the served bytes' own: one image, one address, cacheable for good
        expect(name).toBe(contentName(served.rawPayload, ext));
        if (kind === 's3')
          expect((await store.s3!.head(`${bucket}/${name}`))?.bytes.equals(served.rawPayload)).toBe(true);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([64, 48]);
      },
    );

    test('the type comes from the bytes: a PNG named .html and declared text/html is a PNG', async () => {
      const r = await upload(await makeImage('png'), { filename: 'evil.html', contentType: 'text/html' });
      expect(r.status).toBe(201);
      expect(r.json.data.name).toMatch(/\.png$/);
      expect((await t.inject({ method: 'GET', url: r.json.data.url })).headers['content-type']).toBe('image/png');
    });

    test('the same image uploaded twice has one address', async () => {
      const image = await makeImage('webp', { width: 33, height: 17 });
      const [first, second] = [await upload(image), await upload(image)];
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.json.data.url).toBe(first.json.data.url);
      expect((await upload(await makeImage('webp', { width: 34, height: 17 }))).json.data.url).not.toBe(
        first.json.data.url,
      );
    });

    test('metadata is stripped: EXIF written into a JPEG does not survive', async () => {
      const original = await makeImage('jpeg', { exif: true });
      expect(original.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(true);
      const r = await upload(original);
      const stored = (await t.inject({ method: 'GET', url: r.json.data.url })).rawPayload;
      expect(stored.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
    });
  });

  describe('serving', () => {
    test('unknown names and path tricks are 404', async () => {
      for (const url of [
        `/media/${t.config.agencyName}/0123456789abcdef0123456789abcdef.png`,
        `/media/${t.config.agencyName}/..%2F..%2Fapp.db`,
        `/media/${t.config.agencyName}/app.db`,
        '/media/..%2F/x.png',
      ]) {
        const r = await t.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(404);
      }
    });
  });
});

describe('on the disk store', () => {
  // a refusal happens before anything reaches a store, so one store is enough here
  let store: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    store = await appOn('disk');
    ({ t, admin } = store);
  });
  afterAll(() => store?.close());

  describe('refused uploads write nothing', () => {
    const cases: [string, number, string, () => Promise<{ data: Buffer; name?: string; agency?: string }>][] = [
      ['a text file', 400, 'INVALID_IMAGE', async () => ({ data: Buffer.from('hello, this is not an image') })],
      [
        'an SVG with a script',
        400,
        'INVALID_IMAGE',
        async () => ({ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }),
      ],
      [
        'an HTML page',
        400,
        'INVALID_IMAGE',
        async () => ({ data: Buffer.from('<!doctype html><script>alert(document.cookie)</script>') }),
      ],
      ['an empty file', 400, 'INVALID_IMAGE', async () => ({ data: Buffer.alloc(0) })],
      ['a truncated PNG', 400, 'IMAGE_DAMAGED', async () => ({ data: (await makeImage('png')).subarray(0, 60) })],
      [
        'a PNG header on random bytes',
        400,
        'IMAGE_DAMAGED',
        async () => ({
          data: Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(500, 7),
            Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
          ]),
        }),
      ],
      [
        'a polyglot PNG with HTML appended',
        400,
        'IMAGE_DAMAGED',
        async () => ({
          data: Buffer.concat([await makeImage('png'), Buffer.from('<html><script>alert(1)</script></html>')]),
        }),
      ],
      [
        'a polyglot PNG with an archive appended',
        400,
        'IMAGE_DAMAGED',
        async () => ({
          data: Buffer.concat([
            await makeImage('png'),
            Buffer.from('PK\u0003\u0004 zip entries follow'),
            Buffer.alloc(64, 1),
          ]),
        }),
      ],
      [
        'a polyglot GIF that is also JavaScript',
        400,
        'IMAGE_DAMAGED',
        async () => ({
          data: Buffer.from('GIF89a/*\u0001\u0000\u0001\u0000\u0000\u0000\u0000*/=1;alert(document.domain);//;'),
        }),
      ],
      [
        'a polyglot JPEG with a script in its comment',
        400,
        'IMAGE_DAMAGED',
        async () => {
          const jpeg = await makeImage('jpeg');
          const comment = Buffer.from('<script>alert(1)</script>');
          const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
          return { data: Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]) };
        },
      ],
      [
        'an image over 2 MB',
        413,
        'IMAGE_TOO_LARGE',
        async () => ({ data: await makeImage('png', { width: 1000, height: 800, noise: true }) }),
      ],
      [
        '2 MB and one byte of PNG header',
        413,
        'IMAGE_TOO_LARGE',
        async () => ({ data: Buffer.concat([await makeImage('png'), Buffer.alloc(2 * 1024 * 1024 + 1)]) }),
      ],
      [
        'a small file that decodes to 36 megapixels',
        413,
        'IMAGE_TOO_MANY_PIXELS',
        async () => ({ data: await makeImage('png', { width: 6000, height: 6000 }) }),
      ],
      [
        'the file in another field',
        400,
        'VALIDATION_ERROR',
        async () => ({ data: await makeImage('png'), name: 'image' }),
      ],
      ['another agency', 404, 'NOT_FOUND', async () => ({ data: await makeImage('png'), agency: 'OtherAgency' })],
    ];

    test.each(cases)('%s → %i %s', async (_label, status, code, make) => {
      const { data, name, agency } = await make();
      const before = await rewardsSnapshot(t);
      const r = await upload(data, { name, agency });
      expect(r.status, JSON.stringify(r.json)).toBe(status);
      expect(r.json.error.code).toBe(code);
      expect(await rewardsSnapshot(t)).toEqual(before);
    });

    test('a body that is not multipart is 415, a broken multipart body 400', async () => {
      const before = await rewardsSnapshot(t);
      const json = await t.call('POST', `/api/media/${t.config.agencyName}`, {
        token: admin.token,
        body: { file: 'aGVsbG8=' },
      });
      expect([json.status, json.json.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const broken = await t.inject({
        method: 'POST',
        url: `/api/media/${t.config.agencyName}`,
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      });
      expect(broken.statusCode).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode).toBeLessThan(500);
      expect(await rewardsSnapshot(t)).toEqual(before);
    });
  });
});
