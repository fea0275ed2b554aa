import net from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { loadConfig } from '../../../src/platform/http/config.ts';
import { accounts, multipart, type Account } from '../helpers/rewards.ts';
import { campaignSnapshot, openPhaseNow, submit } from '../helpers/campaign.ts';
import { createTournament, quickPlayer } from '../helpers/tournaments.ts';

// Work a client can make the server do is bounded: image decoding, the time
// a request may take to arrive, and the micro-cache's keys.

/**
 * A grayscale PNG of width x height, every pixel black, built by hand: the rows compress to almost
 * nothing, so 1 x 25,000,000 px is about 48 KB on the wire.
 */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (gray), no interlace: the rest stays 0
  const rows = Buffer.alloc((width + 1) * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images', () => {
  let t: TestApp;
  let admin: Account;
  let player: Account;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    [admin, player] = await accounts(t, 2);
    await t.makeAdmin(admin.id);
    await openPhaseNow(t, admin.token, 2);
  });
  afterAll(() => t?.close());

  const mediaUpload = async (app: TestApp, token: string, data: Buffer) => {
    const form = multipart([{ data }]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/media/${app.config.agencyName}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      payload: form.body,
    });
    return { status: res.statusCode, json: res.json(), headers: res.headers };
  };

  const bombs: [string, () => Buffer][] = [
    ['a 48 KB PNG of 1 x 25,000,000 px', () => blankPng(1, 25_000_000)],
    ['a PNG of 8,193 x 1 px', () => blankPng(8193, 1)],
    ['a PNG of 1 x 8,193 px', () => blankPng(1, 8193)],
  ];
  test.each(bombs)(
    '%s is refused from its header, with IMAGE_TOO_MANY_PIXELS, by the admin upload and the campaign upload',
    async (_name, make) => {
      const data = make();
      expect(data.length).toBeLessThan(64 * 1024);
      const before = await campaignSnapshot(t);
      let started = performance.now();
      const media = await mediaUpload(t, admin.token, data);
      const mediaMs = performance.now() - started;
      expect(media.status, JSON.stringify(media.json)).toBe(413);
      expect(media.json.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      started = performance.now();
      const campaign = await submit(t, player.token, { file: data });
      const campaignMs = performance.now() - started;
      expect(campaign.status, JSON.stringify(campaign.json)).toBe(413);
      expect(campaign.json.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      // nothing stored, no submission row
      expect(await campaignSnapshot(t)).toEqual(before);
      console.log(
        `[measure] ${_name}: media upload ${mediaMs.toFixed(0)} ms, campaign upload ${campaignMs.toFixed(0)} ms`,
      );
    },
  );

  test('an image of exactly 8,192 px on a side is still accepted', async () => {
    const r = await mediaUpload(
      t,
      admin.token,
      await sharp({ create: { width: 8192, height: 4, channels: 3, background: '#204060' } })
        .png()
        .toBuffer(),
    );
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  });

  test('an image slower than IMAGE_TIMEOUT_S to process is refused with IMAGE_TOO_MANY_PIXELS, not a 500', async () => {
    const slow = await createTestApp({
      rateLimits: false,
      imageLimits: { concurrency: 2, queue: 4, timeoutSeconds: 1 },
    });
    try {
      const [boss] = await accounts(slow, 1, { admin: true });
      // 25 megapixels of WebP, within both caps (about 1.5 MB): noise, which no codec shortcuts as it does a flat
      // colour, so re-encoding takes seconds even on a fast machine
      const noise = { type: 'gaussian', mean: 128, sigma: 32 } as const;
      const heavy = await sharp({ create: { width: 8192, height: 3051, channels: 3, background: '#3366aa', noise } })
        .webp({ quality: 5 })
        .toBuffer();
      const r = await mediaUpload(slow, boss.token, heavy);
      expect(r.status, JSON.stringify(r.json)).toBe(413);
      expect(r.json.error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    } finally {
      await slow.close();
    }
  }, 60_000);

  // the 503 is SERVICE_UNAVAILABLE, with Retry-After
  test('only a few images are processed at once; beyond the short queue an upload gets 503', async () => {
    const busy = await createTestApp({
      rateLimits: false,
      imageLimits: { concurrency: 1, queue: 1, timeoutSeconds: 30 },
    });
    try {
      const [boss] = await accounts(busy, 1, { admin: true });
      // a 12-megapixel JPEG: half a second of re-encoding each, while the six arrive within milliseconds
      const heavy = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3366aa' } })
        .jpeg()
        .toBuffer();
      const answers = await Promise.all(Array.from({ length: 6 }, () => mediaUpload(busy, boss.token, heavy)));
      const statuses = answers.map((a) => a.status).sort();
      // one running, one waiting: those two are stored, the other four are told to come back
      expect(statuses).toEqual([201, 201, 503, 503, 503, 503]);
      for (const refused of answers.filter((a) => a.status === 503)) {
        expect(refused.json.error.code).toBe('SERVICE_UNAVAILABLE');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // the slots are given back: a later upload goes through
      expect((await mediaUpload(busy, boss.token, heavy)).status).toBe(201);
    } finally {
      await busy.close();
    }
  }, 60_000);
});

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false, requestTimeoutMs: 1000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  // other clients are served meanwhile
  test('a body sent a byte at a time is cut off once REQUEST_TIMEOUT_MS passes', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(60) });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    socket.write(
      `POST /api/users/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ` +
        `${body.length}\r\n\r\n`,
    );
    // a byte every 300 ms: never idle long enough for an idle timeout, only the request timeout applies.
    // Sending all of it would take 30 s; the server must end it well before.
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]);
    }, 300);
    try {
      // meanwhile another client is served
      const other = await fetch(`http://127.0.0.1:${port}/api/tournaments`);
      expect(other.status).toBe(200);
      const cut = await Promise.race([
        closed,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 8000)),
      ]);
      expect(cut).toBe(true);
      expect(sent).toBeLessThan(body.length);
      // Node answers 408 when it can, then closes
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/tournaments`)).status).toBe(200);
  });

  test('headers sent a byte at a time get 408 and the connection is closed', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    socket.write('GET /api/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => !socket.destroyed && socket.write('a'), 300);
    try {
      expect(
        await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 8000))]),
      ).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  test('by default a request has 30 s to arrive and a silent connection is closed after 60 s', () => {
    const defaults = loadConfig({});
    expect([defaults.requestTimeoutMs, defaults.connectionTimeoutMs]).toEqual([30_000, 60_000]);
    expect(t.app.server.requestTimeout).toBe(1000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});

describe('the micro-cache cannot be bypassed', () => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    // a TTL long enough that only a fresh build can explain a changed answer
    t = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
    const admin = await quickPlayer(t, { admin: true });
    id = await createTournament(t, admin.token, 'registration', { name: 'Cached Cup' });
  });
  afterAll(() => t?.close());

  // a change behind the API's back is seen only by a fresh build: the old name means "from the cache"
  const rename = (name: string) => t.db.kysely.updateTable('tournaments').set({ name }).where('id', '=', id).execute();
  const junk = () => Math.random().toString(36).slice(2);

  test('50 reads with unknown query parameters are served from one build', async () => {
    const first = await t.call('GET', '/api/tournaments?limit=10');
    const detail = await t.call('GET', `/api/tournaments/${id}`);
    await rename('Renamed behind the cache');
    for (let i = 0; i < 50; i++) {
      const list = await t.call('GET', `/api/tournaments?${junk()}=${junk()}&limit=10&cb=${junk()}`);
      expect(list.status).toBe(200);
      expect(list.res.body).toBe(first.res.body);
      const one = await t.call('GET', `/api/tournaments/${id}?_=${junk()}`);
      expect(one.res.body).toBe(detail.res.body);
    }
    // a query the route knows still selects its own answer: the same list, spelt differently
    expect((await t.call('GET', '/api/tournaments?limit=010')).res.body).toBe(first.res.body);
  });

  test('50 reads with a junk Authorization header are served the anonymous copy, never a fresh build', async () => {
    await t.call('POST', '/api/users/logout', {}); // any write empties the cache
    const anonymous = await t.call('GET', `/api/tournaments/${id}`);
    await rename('Renamed again');
    for (let i = 0; i < 50; i++) {
      const authorization = i % 2 ? `Bearer ${junk()}${junk()}` : `Basic ${junk()}`;
      const r = await t.call('GET', `/api/tournaments/${id}`, { headers: { authorization } });
      expect(r.status).toBe(200);
      expect(r.json.data.name).toBe(anonymous.json.data.name);
      expect(r.json.data.me).toBeNull();
    }
  });
});
