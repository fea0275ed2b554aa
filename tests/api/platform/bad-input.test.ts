import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every endpoint with a body or params, fed what a careless or hostile client sends. Each answer
 * must be a 4xx in the error envelope, never a 5xx, and must leave the database and the outbox
 * exactly as they were.
 */
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signupAndLogin']>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  owner = await t.signupAndLogin({ email: 'owner@example.com' });
});
afterAll(() => t?.close());

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT' | 'GET';
  url: () => string;
  auth: boolean;
  valid: () => Record<string, unknown>;
  /** field → values that must be refused */
  fields: Record<string, unknown[]>;
  required: string[];
}

const long = 'x'.repeat(10_000);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const notText = [42, true, {}, ['a'], long, 'nul\u0000byte'];
const notNullableText = [...notText, null];
const notEmail = [42, null, [], {}, 'not-an-email', 'a@', `${'a'.repeat(10_000)}@example.com`, 'nul\u0000@example.com'];
// a short or guessable string is a password, refused as PASSWORD_WEAK (account-security.test.ts)
const notPassword = [12345678, null, [], {}, '', 'p'.repeat(10_000)];
const notUsername = [...notNullableText, 'ab', 'has space', 'semi;colon', '<script>'];
const notGender = ['other', 'MALE', '', 1, null, ['male']];
const notLanguage = ['de', 'IT', 'english', '', 0, null];
const notDate = ['2000-02-30', '17/05/2000', '20000517', tomorrow, 20000517, true, long];
const account = { username: 'ninja', id: 'epic', game: 'Fortnite', console: 'PC' };
const notGameAccounts = [
  'Fortnite',
  { ...account },
  [{ ...account, game: 'Minecraft' }],
  [{ ...account, game: 'fortnite' }],
  [{ ...account, console: 'GAMECUBE' }],
  [{ ...account, console: 'pc' }],
  [{ ...account, username: '' }],
  [{ ...account, username: long }],
  [{ ...account, id: 42 }],
  [{ game: 'Fortnite', console: 'PC' }],
  ['ninja'],
  [null],
  Array.from({ length: 21 }, (_, i) => ({ ...account, username: `u${i}` })),
  null,
];

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/users/pp',
    method: 'POST',
    url: () => '/api/users/pp',
    auth: false,
    valid: () => ({
      username: 'new_player',
      email: 'new@example.com',
      password: 'correct-horse',
      nickname: 'Nuovo',
      gender: 'female',
      language: 'it',
      birth_date: '2001-01-01',
      country: 'Italy',
    }),
    required: ['username', 'email', 'password', 'nickname', 'gender'],
    fields: {
      username: notUsername,
      email: notEmail,
      password: notPassword,
      nickname: [...notNullableText, '', '   '],
      gender: notGender,
      language: notLanguage,
      birth_date: [...notDate, null],
      country: notNullableText,
      brand: notNullableText,
    },
  },
  {
    name: 'POST /api/users/authenticate',
    method: 'POST',
    url: () => '/api/users/authenticate',
    auth: false,
    valid: () => ({ email: 'owner@example.com', password: 'wrong-password-but-valid-shape' }),
    required: ['email', 'password'],
    fields: { email: notEmail, password: [42, null, [], {}, '', 'p'.repeat(10_000)] },
  },
  {
    name: 'PUT /api/users/pp/:id',
    method: 'PUT',
    url: () => `/api/users/pp/${owner.user.id}`,
    auth: true,
    valid: () => ({ city: 'Milano' }),
    required: [],
    fields: {
      username: notUsername,
      email: notEmail,
      displayName: notNullableText,
      nickname: [...notNullableText, ''],
      gender: notGender,
      birth_date: notDate,
      discordId: notNullableText,
      epicId: notNullableText,
      language: notLanguage,
      first_name: notNullableText,
      last_name: notNullableText,
      street_name: notNullableText,
      additional_address_info: notNullableText,
      zip_code: [...notNullableText, 20121, '1'.repeat(17)],
      city: notNullableText,
      country: notNullableText,
      phone_number: [...notNullableText, 393331234567],
      gameAccounts: notGameAccounts,
    },
  },
  {
    name: 'POST /api/users/sendReset',
    method: 'POST',
    url: () => '/api/users/sendReset',
    auth: false,
    valid: () => ({ email: 'owner@example.com', language: 'it' }),
    required: ['email'],
    fields: { email: notEmail, language: notLanguage },
  },
  {
    name: 'POST /api/users/reset',
    method: 'POST',
    url: () => '/api/users/reset',
    auth: false,
    valid: () => ({ token: 'a'.repeat(43), password: 'brand-new-password' }),
    required: ['token', 'password'],
    fields: { token: [42, null, [], {}, 'short', long], password: notPassword },
  },
];

const label = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
};

/** Sends the request and checks the outcome: the status and code expected, the envelope, no write, no mail. */
async function expectRefused(
  req: { method: Endpoint['method']; url: string; payload?: string | Buffer; contentType?: string; auth: boolean },
  status: number,
  code: string,
  opts: { routerError?: boolean } = {},
) {
  const before = await t.snapshot();
  const mailsBefore = (await t.outbox()).length;
  const headers: Record<string, string> = {};
  if (req.auth) headers.authorization = `Bearer ${owner.token}`;
  if (req.contentType) headers['content-type'] = req.contentType;
  const res = await t.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({ status: 'ERROR', error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(Object.keys(body)).toEqual(['status', 'error']);
  // schema failures list their issues; a URL the router cannot even decode has none to list
  if (code === 'VALIDATION_ERROR' && !opts.routerError) {
    expect(body.error.issues).toEqual(
      expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]),
    );
    expect(body.error.issues.length).toBeGreaterThan(0);
  }
  expect(await t.snapshot()).toEqual(before);
  expect((await t.outbox()).length).toBe(mailsBefore);
  return body;
}

describe.each(endpoints)('$name', (ep) => {
  const send = (payload: unknown, contentType = 'application/json') => ({
    method: ep.method,
    url: ep.url(),
    auth: ep.auth,
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    contentType,
  });

  const fieldCases = Object.entries(ep.fields).flatMap(([field, values]) =>
    values.map((value) => ({ field, value, shown: label(value) })),
  );
  test.each(fieldCases)('$field = $shown is 400 VALIDATION_ERROR naming the field', async ({ field, value }) => {
    const body = await expectRefused(send({ ...ep.valid(), [field]: value }), 400, 'VALIDATION_ERROR');
    expect(
      body.error.issues.some((i: { path: string }) => i.path.split('.').includes(field)),
      JSON.stringify(body.error.issues),
    ).toBe(true);
  });

  if (ep.required.length)
    test.each(ep.required)('missing %s is 400 VALIDATION_ERROR naming the field', async (field) => {
      const { [field]: _dropped, ...rest } = ep.valid();
      const body = await expectRefused(send(rest), 400, 'VALIDATION_ERROR');
      expect(body.error.issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`);
    });

  test.each([
    ['a JSON array', []],
    ['a JSON array holding the valid object', 'ARRAY_OF_VALID'],
    ['JSON null', null],
    ['a JSON string', '"just a string"'],
    ['a JSON number', 42],
    ['JSON true', true],
    ['deeply nested arrays', 'NESTED'],
  ])('%s instead of an object is 400 VALIDATION_ERROR', async (_name, payload) => {
    const value =
      payload === 'ARRAY_OF_VALID'
        ? [ep.valid()]
        : payload === 'NESTED'
          ? JSON.parse('['.repeat(2000) + ']'.repeat(2000))
          : payload;
    await expectRefused(send(value), 400, 'VALIDATION_ERROR');
  });

  test('no body at all is 400 VALIDATION_ERROR', async () => {
    await expectRefused({ method: ep.method, url: ep.url(), auth: ep.auth }, 400, 'VALIDATION_ERROR');
  });

  test.each([
    ['truncated JSON', '{"email": "a@b.it", "pass'],
    ['trailing garbage', '{"email": "a@b.it"} trailing'],
    ['single quotes', "{'email': 'a@b.it'}"],
    ['an empty body', ''],
    ['a __proto__ key', '{"__proto__": {"isAdmin": true}, "email": "a@b.it"}'],
    ['a constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true}}}'],
  ])('%s is 400 INVALID_JSON', async (_name, raw) => {
    await expectRefused(send(raw), 400, 'INVALID_JSON');
  });

  test.each([
    ['a form', 'application/x-www-form-urlencoded', 'email=a%40b.it&password=x'],
    ['XML', 'application/xml', '<user><email>a@b.it</email></user>'],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.it\r\n--x--\r\n',
    ],
    ['an image', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ])('%s body is 415 UNSUPPORTED_MEDIA_TYPE', async (_name, contentType, payload) => {
    await expectRefused(send(payload, contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  // Fastify reads text/plain as a string, which then fails the object schema.
  test('valid JSON sent as text/plain is refused as not an object', async () => {
    await expectRefused(send(JSON.stringify(ep.valid()), 'text/plain'), 400, 'VALIDATION_ERROR');
  });

  test('a 2 MB body is 413 PAYLOAD_TOO_LARGE', async () => {
    await expectRefused(send({ ...ep.valid(), filler: 'x'.repeat(2 * 1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/users/logout (no body expected)', () => {
  const logout = (payload: string | undefined, contentType?: string) => ({
    method: 'POST' as const,
    url: '/api/users/logout',
    auth: true,
    payload,
    contentType,
  });
  test('malformed JSON is 400 INVALID_JSON and the session stays valid', async () => {
    await expectRefused(logout('{"oops', 'application/json'), 400, 'INVALID_JSON');
    expect((await t.call('GET', '/api/users/me', { token: owner.token })).status).toBe(200);
  });
  test('a form body is 415 UNSUPPORTED_MEDIA_TYPE and the session stays valid', async () => {
    await expectRefused(logout('a=b', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await t.call('GET', '/api/users/me', { token: owner.token })).status).toBe(200);
  });
  test('a 2 MB body is 413 PAYLOAD_TOO_LARGE and the session stays valid', async () => {
    await expectRefused(
      logout(JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect((await t.call('GET', '/api/users/me', { token: owner.token })).status).toBe(200);
  });
});

describe('path ids', () => {
  const ids: [string, string, number, boolean][] = [
    ['65 characters', 'a'.repeat(65), 400, false],
    ['10,000 characters', 'a'.repeat(10_000), 414, true],
    ['a NUL byte', '%00', 400, false],
    ['a NUL byte inside', `${'0'.repeat(8)}%00abc`, 400, false],
    ['a broken percent escape', '%E0%A4%A', 400, true],
    ['SQL', "1'%20OR%20'1'%3D'1", 400, false],
    ['a path traversal', '..%2F..%2Fetc%2Fpasswd', 400, false],
  ];
  test.each(ids)('GET /api/users/:id with %s is a VALIDATION_ERROR', async (_name, id, status, routerError) => {
    await expectRefused({ method: 'GET', url: `/api/users/${id}`, auth: true }, status, 'VALIDATION_ERROR', {
      routerError,
    });
  });
  test.each(ids)('PUT /api/users/pp/:id with %s is a VALIDATION_ERROR', async (_name, id, status, routerError) => {
    const req = {
      method: 'PUT' as const,
      url: `/api/users/pp/${id}`,
      auth: true,
      payload: JSON.stringify({ city: 'X' }),
      contentType: 'application/json',
    };
    await expectRefused(req, status, 'VALIDATION_ERROR', { routerError });
  });
});
