import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, registration, tournamentBody, type Person } from '../helpers/tournaments.ts';

/**
 * Every tournament endpoint with a body, params or query, fed what a careless or hostile client
 * sends: wrong types, unknown enum values, oversized values, malformed JSON. Each answer must be a
 * 4xx in the error envelope, never a 5xx, and must leave the database and the outbox untouched.
 */
let t: TestApp;
let admin: Person;
let player: Person;
let tournamentId: string;
let competitionId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
  const c = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Champ', game: 'Fortnite' },
  });
  competitionId = c.json.data.id;
  tournamentId = await createTournament(t, admin.token, 'registration', { competitionId });
});
afterAll(() => t?.close());

const long = (n: number) => 'x'.repeat(n);
const notText = [42, true, {}, ['a'], 'nul\u0000byte'];
const notImage = [
  'http://insecure.example/a.png',
  'javascript:alert(1)',
  '/etc/passwd',
  'https://e.com/a b.png',
  `https://e.com/${long(600)}`,
  42,
  null,
];
/** links that would leave the site, or leave it without https (src/features/tournaments/competition-link.ts) */
const offSiteLinks = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/\t/evil.example/x',
  '/en//evil.example/x',
  'https:///x',
  'https://',
  'http://insecure.example',
  'HTTP://insecure.example',
];
const notInstant = ['tomorrow', '2026-01-01', '2026-01-01T10:00:00', '2026-13-01T10:00:00Z', 1767225600000, true, {}];
const account = { username: 'ninja', id: 'epic', game: 'Fortnite', console: 'PC' };
const entry = (over: Record<string, unknown> = {}, acct: Record<string, unknown> = {}) => ({
  userId: player.id,
  gameAccount: { ...account, ...acct },
  ...over,
});
const notGameAccounts = () => [
  [],
  [entry(), entry()],
  'Fortnite',
  null,
  {},
  [null],
  [entry({ userId: 42 })],
  [entry({ userId: long(65) })],
  [entry({ userId: 'nul\u0000id' })],
  [entry({ userId: '', username: 'nul\u0000name' })],
  [{ userId: player.id }],
  [entry({}, { game: 'Minecraft' })],
  [entry({}, { game: 'fortnite' })],
  [entry({}, { console: 'GAMECUBE' })],
  [entry({}, { console: 'pc' })],
  [entry({}, { username: '' })],
  [entry({}, { username: long(65) })],
  [entry({}, { id: 42 })],
];

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  token: () => string;
  valid: () => Record<string, unknown>;
  fields: () => Record<string, unknown[]>;
  required: string[];
}

const tournamentFields = () => ({
  name: [...notText, null, '', '   ', long(121)],
  banner: notImage,
  thumbnail: notImage,
  game: ['Minecraft', 'fortnite', '', 1, null],
  console: [[], ['GAMECUBE'], ['pc'], 'PC', null, [1], Array(7).fill('PC')],
  status: [3, -1, '1', 1.5, true],
  open: ['false', 0, null],
  password: ['abc', 42, long(129), 'nul\u0000pass', null],
  maxPartecipants: [0, -1, 10001, 1.5, '10', null],
  start_registration: notInstant,
  end_registration: notInstant,
  start_checkin: notInstant,
  end_checkin: notInstant,
  start_tournament: notInstant,
  end_tournament: notInstant,
  check_in: [-1, 1441, 1.5, '10', null],
  check_in_end: [-1, 1441, 'x'],
  description: [42, long(50_001), 'nul\u0000', null],
  rules: [42, long(50_001), 'nul\u0000', null],
  teamSize: [0, 101, '2', 1.5, true],
  competitionId: [42, long(65), 'bad id', '', {}],
  dateText: ['text', { it: 'x' }, { it: 42, en: '' }, { it: long(121), en: '' }, null, []],
});

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/tournaments',
    method: 'POST',
    url: () => '/api/tournaments',
    token: () => admin.token,
    valid: () => ({ ...tournamentBody('registration') }),
    required: ['name', 'game', 'console', 'maxPartecipants'],
    fields: tournamentFields,
  },
  {
    name: 'PUT /api/tournaments/:id',
    method: 'PUT',
    url: () => `/api/tournaments/${tournamentId}`,
    token: () => admin.token,
    valid: () => ({ name: 'Renamed' }),
    required: [],
    // the same refusals: none of the lists holds null where the update takes it ("no date", "follow the schedule")
    fields: tournamentFields,
  },
  {
    name: 'POST /api/tournaments/:id/register',
    method: 'POST',
    url: () => `/api/tournaments/${tournamentId}/register?userID=${player.id}`,
    token: () => player.token,
    valid: () => registration(player.id),
    required: ['gameAccounts'],
    fields: () => ({ gameAccounts: notGameAccounts(), password: ['', 42, long(129), null, {}] }),
  },
  {
    name: 'POST /api/tournaments/:id/register/checkin',
    method: 'POST',
    url: () => `/api/tournaments/${tournamentId}/register/checkin?userID=${player.id}`,
    token: () => player.token,
    valid: () => registration(player.id),
    required: ['gameAccounts'],
    fields: () => ({ gameAccounts: notGameAccounts() }),
  },
  {
    name: 'POST /api/tournaments/competitions',
    method: 'POST',
    url: () => '/api/tournaments/competitions',
    token: () => admin.token,
    valid: () => ({ name: 'New', game: 'Fortnite', url: '/arena-new' }),
    required: ['name', 'game'],
    fields: () => ({
      name: [...notText, null, '', long(121)],
      game: ['Minecraft', null, 3],
      url: ['javascript:alert(1)', 'relative/path', '/a b', `/${long(600)}`, 42, null, ...offSiteLinks],
      thumbnail: notImage,
    }),
  },
  {
    name: 'PUT /api/tournaments/competitions/:id',
    method: 'PUT',
    url: () => `/api/tournaments/competitions/${competitionId}`,
    token: () => admin.token,
    valid: () => ({ name: 'Renamed' }),
    required: [],
    fields: () => ({
      name: [...notText, null, ''],
      game: ['Minecraft', null],
      url: ['javascript:alert(1)', 42, ...offSiteLinks],
      thumbnail: notImage,
    }),
  },
  {
    name: 'PUT /api/tournaments/competition/:id',
    method: 'PUT',
    url: () => `/api/tournaments/competition/${competitionId}`,
    token: () => admin.token,
    valid: () => ({ teams: [{ name: 'speed', players: [{ playerId: player.id, playerName: 'P', score: 3 }] }] }),
    required: ['teams'],
    fields: () => {
      const team = (p: Record<string, unknown>) => [
        { name: 'speed', players: [{ playerId: player.id, playerName: 'P', score: 1, ...p }] },
      ];
      return {
        teams: [
          null,
          'speed',
          {},
          [{ name: 'red', players: [] }],
          [{ name: 'SPEED', players: [] }],
          [{ name: 'speed', players: 'all' }],
          [{ name: 'speed' }],
          [
            { name: 'speed', players: [] },
            { name: 'precision', players: [] },
            { name: 'speed', players: [] },
          ],
          team({ score: -1 }),
          team({ score: 1.5 }),
          team({ score: '1' }),
          team({ score: 1e10 }),
          team({ playerName: '' }),
          team({ playerName: long(65) }),
          team({ playerId: 42 }),
          team({ playerId: long(65) }),
          team({ playerId: 'nul\u0000id' }),
        ],
      };
    },
  },
  {
    name: 'POST /api/tournaments/competitions/:id/team',
    method: 'POST',
    url: () => `/api/tournaments/competitions/${competitionId}/team`,
    token: () => player.token,
    valid: () => ({ team: 'speed' }),
    required: ['team'],
    fields: () => ({ team: ['red', 'SPEED', '', 1, null, ['speed']] }),
  },
  {
    name: 'POST /api/tournaments/:id/broadcast',
    method: 'POST',
    url: () => `/api/tournaments/${tournamentId}/broadcast`,
    token: () => admin.token,
    valid: () => ({ subject: { it: 'Avviso', en: 'Notice' }, body: { it: 'Testo', en: 'Text' } }),
    required: ['subject', 'body'],
    fields: () => ({
      subject: [null, 'Notice', { it: 'x' }, { it: '', en: 'x' }, { it: long(201), en: 'x' }, { it: 42, en: 'x' }],
      body: [
        null,
        'Text',
        { en: 'x' },
        { it: '   ', en: 'x' },
        { it: long(20_001), en: 'x' },
        { it: 'nul\u0000', en: 'x' },
      ],
      includeWaitlist: ['yes', 1, null],
    }),
  },
];

const label = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
};

async function expectRefused(
  req: { method: string; url: string; payload?: string | Buffer; contentType?: string; token?: string },
  status: number,
  code: string,
) {
  const before = await t.snapshot();
  const mailsBefore = (await t.outbox()).length;
  const headers: Record<string, string> = {};
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  if (req.contentType) headers['content-type'] = req.contentType;
  const res = await t.inject({
    method: req.method as any,
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = res.json();
  expect(body).toEqual({ status: 'ERROR', error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(await t.snapshot()).toEqual(before);
  expect((await t.outbox()).length).toBe(mailsBefore);
  return body;
}

describe.each(endpoints)('$name', (ep) => {
  const send = (payload: unknown, contentType = 'application/json') => ({
    method: ep.method,
    url: ep.url(),
    token: ep.token(),
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    contentType,
  });

  // the field lists need the players and ids made in beforeAll, so they are built inside the test
  test('every listed wrong value is 400 VALIDATION_ERROR naming the field', async () => {
    let checked = 0;
    for (const [field, values] of Object.entries(ep.fields()))
      for (const value of values) {
        const body = await expectRefused(send({ ...ep.valid(), [field]: value }), 400, 'VALIDATION_ERROR').catch(
          (e) => {
            throw new Error(`${field} = ${label(value)}: ${e.message}`);
          },
        );
        expect(
          body.error.issues.some((i: { path: string }) => i.path.split('.').includes(field)),
          `${field} = ${label(value)}: ${JSON.stringify(body.error.issues)}`,
        ).toBe(true);
        checked++;
      }
    expect(checked).toBeGreaterThan(0);
  });

  if (ep.required.length)
    test.each(ep.required)('missing %s is 400 VALIDATION_ERROR', async (field) => {
      const { [field]: _dropped, ...rest } = ep.valid();
      const body = await expectRefused(send(rest), 400, 'VALIDATION_ERROR');
      expect(body.error.issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`);
    });

  test.each([
    ['a JSON array', []],
    ['JSON null', null],
    ['a JSON string', '"just a string"'],
    ['a JSON number', 42],
    ['deeply nested arrays', JSON.parse('['.repeat(2000) + ']'.repeat(2000))],
  ])('%s instead of an object is 400 VALIDATION_ERROR', async (_name, payload) => {
    await expectRefused(send(payload), 400, 'VALIDATION_ERROR');
  });

  test('no body at all is 400 VALIDATION_ERROR', async () => {
    await expectRefused({ method: ep.method, url: ep.url(), token: ep.token() }, 400, 'VALIDATION_ERROR');
  });

  test.each([
    ['truncated JSON', '{"name": "a", "gam'],
    ['trailing garbage', '{"name": "a"} trailing'],
    ['single quotes', "{'name': 'a'}"],
    ['an empty body', ''],
    ['a __proto__ key', '{"__proto__": {"isAdmin": true}, "name": "a"}'],
  ])('%s is 400 INVALID_JSON', async (_name, raw) => {
    await expectRefused(send(raw), 400, 'INVALID_JSON');
  });

  test.each([
    ['a form', 'application/x-www-form-urlencoded', 'name=a'],
    ['XML', 'application/xml', '<t><name>a</name></t>'],
  ])('%s body is 415 UNSUPPORTED_MEDIA_TYPE', async (_name, contentType, payload) => {
    await expectRefused(send(payload, contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('a 2 MB body is 413 PAYLOAD_TOO_LARGE', async () => {
    await expectRefused(send({ ...ep.valid(), filler: 'x'.repeat(2 * 1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('path ids and queries', () => {
  const badIds: [string, string, number][] = [
    ['65 characters', long(65), 400],
    ['a NUL byte', '%00', 400],
    ['SQL', "1'%20OR%20'1'%3D'1", 400],
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd', 400],
    ['10,000 characters', long(10_000), 414],
  ];
  const routes = [
    ['GET', (id: string) => `/api/tournaments/${id}`],
    ['GET', (id: string) => `/api/tournaments/${id}/calendar.ics`],
    ['PUT', (id: string) => `/api/tournaments/${id}/register`],
    ['PUT', (id: string) => `/api/tournaments/${id}/register/checkin`],
    ['DELETE', (id: string) => `/api/tournaments/${id}`],
    ['GET', (id: string) => `/api/tournaments/${id}/registrations`],
    ['GET', (id: string) => `/api/tournaments/competitions/${id}`],
  ] as const;
  // a tournament's id has a code of its own (the page shows the invalid-id message); an over-long path is the router's
  const codeOf = (url: string, status: number) =>
    status === 400 && !url.includes('/competitions/') ? 'INVALID_TOURNAMENT_ID' : 'VALIDATION_ERROR';
  const cases = routes.flatMap(([method, url]) =>
    badIds.map(([name, id, status]) => ({
      method,
      url: url(id),
      name,
      status,
      code: codeOf(url(id), status),
      shown: `${method} ${url(':id')}`,
    })),
  );
  test.each(cases)('$shown with $name is $status $code', async ({ method, url, status, code }) => {
    await expectRefused({ method, url, token: admin.token }, status, code);
  });

  test.each(['bad%20id', '%00', long(65)])('?userID=%s is 400', async (userId) => {
    await expectRefused(
      { method: 'PUT', url: `/api/tournaments/${tournamentId}/register?userID=${userId}`, token: player.token },
      400,
      'VALIDATION_ERROR',
    );
  });

  test.each(['owner=' + long(65), 'owner=%00x'])('competitions ?%s is 400', async (q) => {
    const res = await t.call('GET', `/api/tournaments/competitions?${q}`);
    expect(res.status).toBe(400);
  });
});

test('the valid bodies used above are accepted (so the refusals are about the bad value)', async () => {
  const res = await t.call('POST', '/api/tournaments', { token: admin.token, body: endpoints[0].valid() });
  expect(res.status).toBe(201);
  const joinRes = await t.call('POST', `/api/tournaments/${tournamentId}/register?userID=${player.id}`, {
    token: player.token,
    body: endpoints[2].valid(),
  });
  expect(joinRes.status).toBe(200);
  expect(
    (
      await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
        token: player.token,
        body: { team: 'speed' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.call('PUT', `/api/tournaments/competition/${competitionId}`, {
        token: admin.token,
        body: endpoints[6].valid(),
      })
    ).status,
  ).toBe(200);
});

test('a competition link is kept when it is a same-site path or an https address', async () => {
  for (const url of [
    '',
    '/arena-bomber-championship',
    '/en/arena-bomber-championship?tab=rules#top',
    'https://example.com/landing',
    'HTTPS://Example.com',
  ]) {
    const res = await t.call('PUT', `/api/tournaments/competitions/${competitionId}`, {
      token: admin.token,
      body: { url },
    });
    expect(res.status, `${JSON.stringify(url)}: ${JSON.stringify(res.json)}`).toBe(200);
    expect(res.json.data.url).toBe(url);
  }
});
