import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, makeImage, type Account } from '../helpers/rewards.ts';
import { campaignSnapshot, form, openPhaseNow, png, submit } from '../helpers/campaign.ts';

let t: TestApp;
let admin: Account;
let players: Account[];
beforeAll(async () => {
  // the per-account limit has its own test (campaign-admin.test.ts); here one player sends many
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  players = await accounts(t, 6);
});
afterAll(() => t?.close());

describe('upload windows', () => {
  test('outside every window a submission is refused with 409 and nothing is stored', async () => {
    // a fresh deployment holds the championship's published windows (January-February 2026), all past by now;
    // the first read writes them, so the snapshot is taken after it
    expect((await t.call('GET', '/api/campaigns/cortina')).json.data.currentPhase).toBeNull();
    for (const open of [null, 0, 5]) {
      if (open !== null) await openPhaseNow(t, admin.token, open);
      const before = await campaignSnapshot(t);
      const r = await submit(t, players[0].token);
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error.code).toBe('SUBMISSION_WINDOW_CLOSED');
      expect(await campaignSnapshot(t)).toEqual(before);
    }
  });

  // the image is cleaned and served
  test('inside a window a submission is accepted as pending in the open phase', async () => {
    await openPhaseNow(t, admin.token, 3);
    const exif = await sharp(await png(42))
      .withExif({ IFD0: { Artist: 'SECRET-EXIF-MARKER' } })
      .png()
      .toBuffer();
    const r = await submit(t, players[0].token, {
      fields: { username: '  SnowRider ', email: 'Rider@Example.com', note: 'season1' },
      file: exif,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const s = r.json.data;
    // the typed name is set aside: the submission carries the account's username
    expect(s).toMatchObject({
      username: players[0].username,
      note: 'season1',
      owner: t.config.ownerId,
      phase: 3,
      status: 'pending',
      score: null,
      reason: null,
      reviewedAt: null,
    });
    expect(s.imageUrl).toMatch(new RegExp(`^/media/${t.config.agencyName}/[a-f0-9]{32}\\.png$`));
    const served = await t.inject({ method: 'GET', url: s.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    const row = await t.db.kysely
      .selectFrom('screenshot_submissions')
      .selectAll()
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    // the author is the session's account, the hash a sha256 of the pixels
    expect(row.user_id).toBe(players[0].id);
    expect(row.username).toBe(players[0].username);
    expect(row.image_hash).toMatch(/^[a-f0-9]{64}$/);
    expect(row.campaign).toBe('cortina');
  });

  test('an image between the 1 MB JSON body limit and the 2 MB image limit is accepted', async () => {
    await openPhaseNow(t, admin.token, 3);
    const big = await makeImage('png', { width: 760, height: 640, noise: true });
    expect(big.length).toBeGreaterThan(1.2 * 1024 * 1024);
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const r = await submit(t, players[5].token, { fields: { username: 'Big', email: 'big@example.com' }, file: big });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  });

  test('note defaults to season1 and resubmits are unlimited (each one its own pending row)', async () => {
    await openPhaseNow(t, admin.token, 2);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await submit(t, players[1].token, {
        fields: { username: 'Ice', email: 'ice@example.com' },
        file: await png(100 + i),
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(r.json.data).toMatchObject({ note: 'season1', phase: 2 });
      ids.push(r.json.data.id);
    }
    expect(new Set(ids).size).toBe(3);
  });
});

describe('whose name a submission carries', () => {
  test("a player typing another player's name, any name or none: stored under their own username", async () => {
    await openPhaseNow(t, admin.token, 4);
    const [me, other] = [players[4], players[3]];
    const sent: string[] = [];
    for (const username of [other.username, 'Someone Else', undefined]) {
      const fields: Record<string, string> = { email: 'me@example.com' };
      if (username !== undefined) fields.username = username;
      const r = await submit(t, me.token, { fields, file: await png(200) });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(r.json.data.username).toBe(me.username);
      const row = await t.db.kysely
        .selectFrom('screenshot_submissions')
        .select(['user_id', 'username'])
        .where('id', '=', r.json.data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: me.id, username: me.username });
      sent.push(r.json.data.id);
    }
    // the moderators find them under the sender's name only
    const search = async (name: string) =>
      (
        await t.call('GET', `/api/marketplace/submissions?phase=4&limit=100&search=${name}`, { token: admin.token })
      ).json.data.map((r: { id: string }) => r.id);
    expect(await search(me.username)).toEqual(expect.arrayContaining(sent));
    expect(await search(other.username)).not.toEqual(expect.arrayContaining([sent[0]]));
    expect(await search('Someone%20Else')).toEqual([]);
  });

  test('a visitor who is not logged in cannot submit under any name: 401 and nothing stored', async () => {
    await openPhaseNow(t, admin.token, 4);
    const before = await campaignSnapshot(t);
    const r = await submit(t, undefined, { fields: { username: players[0].username, email: 'x@example.com' } });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('UNAUTHORIZED');
    expect(await campaignSnapshot(t)).toEqual(before);
  });
});

describe('refused submissions write nothing', () => {
  beforeAll(() => openPhaseNow(t, admin.token, 1));

  test('missing email or image: requiredField on each field (the username is never required)', async () => {
    const before = await campaignSnapshot(t);
    const none = await submit(t, players[2].token, { fields: {}, file: null });
    expect(none.status).toBe(400);
    expect(none.json.error.code).toBe('VALIDATION_ERROR');
    const byPath = Object.fromEntries(
      none.json.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(byPath).toEqual({ 'body.email': 'requiredField', 'body.file': 'requiredField' });

    const blank = await submit(t, players[2].token, { fields: { username: '   ', email: '' }, file: null });
    expect(blank.status).toBe(400);
    expect(blank.json.error.issues).toEqual([
      { path: 'body.email', message: 'requiredField' },
      { path: 'body.file', message: 'requiredField' },
    ]);

    const noFile = await submit(t, players[2].token, { fields: { username: 'A', email: 'a@example.com' }, file: null });
    expect(noFile.status).toBe(400);
    expect(noFile.json.error.issues).toEqual([{ path: 'body.file', message: 'requiredField' }]);
    expect(await campaignSnapshot(t)).toEqual(before);
  });

  const cases: [string, number, string, () => Promise<{ fields?: Record<string, string>; file?: Buffer }>][] = [
    [
      'an image over 2 MB',
      413,
      'IMAGE_TOO_LARGE',
      async () => ({ file: await makeImage('png', { width: 1000, height: 800, noise: true }) }),
    ],
    ['a text file', 400, 'INVALID_IMAGE', async () => ({ file: Buffer.from('just some text, not a picture') })],
    [
      'an HTML page named .png',
      400,
      'INVALID_IMAGE',
      async () => ({ file: Buffer.from('<!doctype html><script>alert(1)</script>') }),
    ],
    [
      'a PNG with HTML appended',
      400,
      'IMAGE_DAMAGED',
      async () => ({ file: Buffer.concat([await png(3), Buffer.from('<html><script>alert(1)</script></html>')]) }),
    ],
    [
      'a small file decoding to 36 megapixels',
      413,
      'IMAGE_TOO_MANY_PIXELS',
      async () => ({ file: await makeImage('png', { width: 6000, height: 6000 }) }),
    ],
    ['a bad email', 400, 'VALIDATION_ERROR', async () => ({ fields: { username: 'A', email: 'not-an-email' } })],
    [
      'another season',
      400,
      'VALIDATION_ERROR',
      async () => ({ fields: { username: 'A', email: 'a@example.com', note: 'season2' } }),
    ],
    [
      'a NUL byte in the username',
      400,
      'VALIDATION_ERROR',
      async () => ({ fields: { username: 'A\u0000B', email: 'a@example.com' } }),
    ],
    [
      'a NUL byte in the email',
      400,
      'VALIDATION_ERROR',
      async () => ({ fields: { username: 'A', email: 'a\u0000@example.com' } }),
    ],
    [
      'a 5000-character username',
      400,
      'VALIDATION_ERROR',
      async () => ({ fields: { username: 'x'.repeat(5000), email: 'a@example.com' } }),
    ],
    [
      'a username over 40 characters',
      400,
      'VALIDATION_ERROR',
      async () => ({ fields: { username: 'x'.repeat(41), email: 'a@example.com' } }),
    ],
    [
      'another owner',
      404,
      'NOT_FOUND',
      async () => ({ fields: { username: 'A', email: 'a@example.com', owner: 'someone-else' } }),
    ],
  ];
  test.each(cases)('%s → %i %s', async (_label, status, code, make) => {
    const { fields, file } = await make();
    const before = await campaignSnapshot(t);
    const r = await submit(t, players[2].token, {
      fields: fields ?? { username: 'A', email: 'a@example.com', note: 'season1' },
      file,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(r.json.error.code).toBe(code);
    expect(await campaignSnapshot(t)).toEqual(before);
  });

  test('no token is 401, a JSON body 415, broken or oversized multipart bodies a 4xx, never a 5xx', async () => {
    const before = await campaignSnapshot(t);
    const anonymous = await submit(t, undefined);
    expect([anonymous.status, anonymous.json.error.code]).toEqual([401, 'UNAUTHORIZED']);
    const json = await t.call('POST', '/api/marketplace/submissions', {
      token: players[2].token,
      body: { username: 'A', email: 'a@example.com', imageUrl: '/media/x/y.png' },
    });
    expect([json.status, json.json.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const url = '/api/marketplace/submissions';
    const auth = { authorization: `Bearer ${players[2].token}` };
    const bodies: [string, string | Buffer][] = [
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nA\r\n--xyz\r\nContent-Disposition: ' +
          'form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', ''],
      ['multipart/form-data; boundary=xyz', Buffer.from([0, 1, 2, 3, 255, 254])],
    ];
    for (const [contentType, payload] of bodies) {
      const r = await t.inject({ method: 'POST', url, headers: { ...auth, 'content-type': contentType }, payload });
      expect(r.statusCode, `${contentType} ${String(payload).slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    // two images, and more text parts than any form has
    const twoFiles = form({ username: 'A', email: 'a@example.com' }, [{ data: await png(5) }, { data: await png(6) }]);
    const many = form(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'])), [
      { data: await png(7) },
    ]);
    const wrongPart = form({ username: 'A', email: 'a@example.com' }, [{ data: await png(8), name: 'image' }]);
    for (const body of [twoFiles, many, wrongPart]) {
      const r = await t.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': body.contentType },
        payload: body.body,
      });
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await campaignSnapshot(t)).toEqual(before);
  });
});

describe('reading submissions', () => {
  test('mine returns only the caller’s own, newest first; there is no way to ask for someone else’s', async () => {
    await openPhaseNow(t, admin.token, 4);
    const [a, b] = [players[3], players[4]];
    const sentA = [];
    for (let i = 0; i < 2; i++) sentA.push((await submit(t, a.token, { file: await png(200 + i) })).json.data.id);
    await submit(t, b.token, { file: await png(210) });
    // a user id in the query is not a filter: the server only trusts the session
    const mine = await t.call('GET', `/api/marketplace/submissions/mine?note=season1&owner=${t.config.ownerId}`, {
      token: a.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((s: { id: string }) => s.id)).toEqual([...sentA].reverse());
    expect(mine.json.total).toBe(2);
    expect(mine.json.data[0]).not.toHaveProperty('userId');
    const withUser = await t.call('GET', `/api/marketplace/submissions/mine?userId=${b.id}`, { token: a.token });
    expect(withUser.json.data.map((s: { id: string }) => s.id).sort()).toEqual([...sentA].sort());
    expect((await t.call('GET', '/api/marketplace/submissions/mine')).status).toBe(401);
    expect((await t.call('GET', '/api/marketplace/submissions/mine?owner=other', { token: a.token })).status).toBe(404);
  });

  test('the admin queue: players 403, anonymous 401', async () => {
    expect((await t.call('GET', '/api/marketplace/submissions', { token: players[0].token })).status).toBe(403);
    expect((await t.call('GET', '/api/marketplace/submissions')).status).toBe(401);
  });

  test('the queue lists oldest first with filters, search and paging, totalCount like the giveaway list', async () => {
    const all = await t.call('GET', '/api/marketplace/submissions?limit=100', { token: admin.token });
    expect(all.status).toBe(200);
    const rows = all.json.data;
    expect(all.json.total).toBe(rows.length);
    expect(all.json.totalCount).toBe(rows.length);
    const times = rows.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect(rows[0]).toMatchObject({ userId: players[0].id, accountUsername: players[0].username, reviewedBy: null });

    const phase2 = await t.call('GET', '/api/marketplace/submissions?phase=2&status=pending', { token: admin.token });
    expect(phase2.json.data.length).toBe(3);
    expect(
      phase2.json.data.every((r: { phase: number; userId: string }) => r.phase === 2 && r.userId === players[1].id),
    ).toBe(true);

    const byAccount = await t.call('GET', `/api/marketplace/submissions?search=${players[3].username.toUpperCase()}`, {
      token: admin.token,
    });
    expect(byAccount.json.data.every((r: { userId: string }) => r.userId === players[3].id)).toBe(true);
    expect(byAccount.json.total).toBe(2);
    const byEmail = await t.call('GET', '/api/marketplace/submissions?search=rider@example', { token: admin.token });
    expect(byEmail.json.total).toBeGreaterThan(0);
    expect(byEmail.json.data.every((r: { email: string }) => r.email.toLowerCase().includes('rider@example'))).toBe(
      true,
    );
    // what a player typed as a name was never stored, so it finds nothing
    const byTyped = await t.call('GET', '/api/marketplace/submissions?search=snowrid', { token: admin.token });
    expect(byTyped.json.total).toBe(0);
    // % and _ are literal, not wildcards
    expect((await t.call('GET', '/api/marketplace/submissions?search=%25', { token: admin.token })).json.total).toBe(0);

    const page = await t.call('GET', '/api/marketplace/submissions?limit=2&offset=1', { token: admin.token });
    expect(page.json.data.map((r: { id: string }) => r.id)).toEqual(rows.slice(1, 3).map((r: { id: string }) => r.id));
    expect(page.json.total).toBe(rows.length);
  });

  test('bad queue queries are 400, never 5xx', async () => {
    for (const q of [
      'phase=5',
      'phase=abc',
      'status=won',
      'limit=0',
      'limit=1000',
      'offset=-1',
      `search=${'x'.repeat(500)}`,
      'search=%00',
      'duplicates=yes',
      'note=%00',
    ]) {
      const r = await t.call('GET', `/api/marketplace/submissions?${q}`, { token: admin.token });
      expect(r.status, q).toBe(400);
    }
  });
});

describe('duplicates', () => {
  test('the same picture by two players, and the same pixels re-encoded with other metadata, are flagged', async () => {
    await openPhaseNow(t, admin.token, 1);
    const original = await png(777, { width: 40, height: 30 });
    // same pixels: another compression level with EXIF, and lossless WebP
    const resaved = await sharp(original)
      .png({ compressionLevel: 1 })
      .withExif({ IFD0: { Artist: 'someone' } })
      .toBuffer();
    const webp = await sharp(original).webp({ lossless: true }).toBuffer();
    expect(resaved.equals(original)).toBe(false);
    const first = (await submit(t, players[0].token, { file: original })).json.data;
    const second = (await submit(t, players[5].token, { file: original })).json.data;
    const third = (await submit(t, players[5].token, { file: resaved })).json.data;
    const fourth = (await submit(t, players[1].token, { file: webp })).json.data;
    const unrelated = (await submit(t, players[1].token, { file: await png(778, { width: 40, height: 30 }) })).json
      .data;
    const ids = [first.id, second.id, third.id, fourth.id];

    const dups = await t.call('GET', '/api/marketplace/submissions?duplicates=true&phase=1&limit=100', {
      token: admin.token,
    });
    expect(dups.status).toBe(200);
    expect(dups.json.data.map((r: { id: string }) => r.id)).toEqual(ids);
    for (const row of dups.json.data) {
      expect(row.duplicateCount).toBe(3);
      // the others, oldest first
      expect(row.duplicates.map((d: { id: string }) => d.id)).toEqual(ids.filter((id) => id !== row.id));
    }
    expect(dups.json.data[0].duplicates[0]).toMatchObject({
      id: second.id,
      userId: players[5].id,
      username: players[5].username,
    });

    const all = await t.call('GET', '/api/marketplace/submissions?phase=1&limit=100', { token: admin.token });
    const lone = all.json.data.find((r: { id: string }) => r.id === unrelated.id);
    expect(lone).toMatchObject({ duplicateCount: 0, duplicates: [] });
  });

  test('at most five duplicates are listed, the count says how many there are', async () => {
    const picture = await png(999);
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push((await submit(t, players[i % 5].token, { file: picture })).json.data.id);
    const r = await t.call('GET', '/api/marketplace/submissions?duplicates=true&limit=100', { token: admin.token });
    const last = r.json.data.find((row: { id: string }) => row.id === sent[6]);
    expect(last.duplicateCount).toBe(6);
    expect(last.duplicates.map((d: { id: string }) => d.id)).toEqual(sent.slice(0, 5));
    const firstRow = r.json.data.find((row: { id: string }) => row.id === sent[0]);
    expect(firstRow.duplicates.map((d: { id: string }) => d.id)).toEqual(sent.slice(1, 6));
  });
});
