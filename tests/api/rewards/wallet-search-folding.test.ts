import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { quickPlayer, type Person } from '../helpers/tournaments.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';

/**
 * The dashboard's user search (GET /marketplace/wallets?search=) ignores accents and case in a
 * username, the same on both engines; an e-mail still matches by its letters; % and _ are literal.
 */
let t: TestApp;
let admin: Person;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  for (const username of ['Niccolò_Ré', 'NICCOLO%X', 'Zoë Ørsted']) {
    const created = await UserRepository.create(t.db.kysely, {
      owner: t.config.ownerId,
      username,
      email: `u${Object.keys(ids).length}@example.com`,
      passwordHash: 'not-a-hash',
      nickname: 'n',
      gender: 'female',
      birthDate: null,
      language: 'it',
      country: 'Italy',
      roles: [],
    });
    if (!created.ok) throw new Error(`not created: ${username}`);
    ids[username] = created.id;
  }
});
afterAll(() => t?.close());

const found = async (search: string) => {
  const r = await t.call('GET', `/api/marketplace/wallets?limit=100&search=${encodeURIComponent(search)}`, {
    token: admin.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.total).toBe(r.json.data.length);
  return (r.json.data as { username: string }[]).map((w) => w.username).sort();
};

test('a username is found without its accents and in any case', async () => {
  expect(await found('niccolo')).toEqual(['NICCOLO%X', 'Niccolò_Ré']);
  expect(await found('NICCOLÒ_RE')).toEqual(['Niccolò_Ré']);
  expect(await found('zoe')).toEqual(['Zoë Ørsted']);
  expect(await found('ZOË')).toEqual(['Zoë Ørsted']);
  expect(await found('u2@EXAMPLE')).toEqual(['Zoë Ørsted']);
});

test('% and _ typed by an admin match only themselves', async () => {
  expect(await found('%')).toEqual(['NICCOLO%X']);
  expect(await found('o_r')).toEqual(['Niccolò_Ré']);
  expect(await found('niccolo_x')).toEqual([]);
  expect(await found('o%r')).toEqual([]);
});

test('a renamed account is found by its new name only', async () => {
  const renamed = await UserRepository.update(t.db.kysely, t.config.ownerId, ids['Zoë Ørsted'], { username: 'Chloé' });
  expect(renamed).toBe('ok');
  expect(await found('CHLOE')).toEqual(['Chloé']);
  expect(await found('zoe')).toEqual([]);
});
