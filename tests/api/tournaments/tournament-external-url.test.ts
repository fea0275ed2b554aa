import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, tournamentBody, type Person } from '../helpers/tournaments.ts';

/**
 * A tournament's external page: an optional https address the admin sets,
 * which "Vai al torneo" opens. Anything but an absolute https address is a 400 with a stable code.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

test('an admin sets, changes and clears the external page; the tournament carries it', async () => {
  const plain = await t.call('POST', '/api/tournaments', { token: admin.token, body: tournamentBody() });
  expect(plain.status).toBe(201);
  expect(plain.json.data.externalUrl).toBe('');

  const created = await t.call('POST', '/api/tournaments', {
    token: admin.token,
    body: tournamentBody('registration', { externalUrl: ' https://play.example.org/t/42 ' }),
  });
  expect(created.status).toBe(201);
  expect(created.json.data.externalUrl).toBe('https://play.example.org/t/42');
  const id = created.json.data.id;
  expect((await t.call('GET', `/api/tournaments/${id}`)).json.data.externalUrl).toBe('https://play.example.org/t/42');

  const changed = await t.call('PUT', `/api/tournaments/${id}`, {
    token: admin.token,
    body: { externalUrl: 'https://bracket.example.com/cup?x=1' },
  });
  expect(changed.json.data.externalUrl).toBe('https://bracket.example.com/cup?x=1');
  // an edit of another field keeps it
  const renamed = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'Renamed cup' } });
  expect(renamed.json.data.externalUrl).toBe('https://bracket.example.com/cup?x=1');
  const cleared = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { externalUrl: '' } });
  expect(cleared.json.data.externalUrl).toBe('');
});

test.each([
  'http://play.example.org/t/1',
  'javascript:alert(1)',
  'https://',
  'https:///path-only',
  'https://user@evil.example/',
  '//play.example.org/t/1',
  '/tournament/1',
  'ftp://play.example.org',
  'https://play.example.org/a b',
  'https://play.example.org/"onmouseover',
  'https:\\\\evil.example',
  `https://play.example.org/${'a'.repeat(600)}`,
  42,
])('%j is refused with 400 VALIDATION_ERROR on create and on update', async (externalUrl) => {
  const create = await t.call('POST', '/api/tournaments', {
    token: admin.token,
    body: tournamentBody('registration', { externalUrl } as never),
  });
  expect([create.status, create.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  const id = await createTournament(t, admin.token);
  const update = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { externalUrl } });
  expect([update.status, update.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect((await t.call('GET', `/api/tournaments/${id}`)).json.data.externalUrl).toBe('');
});
