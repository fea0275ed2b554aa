import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signupAndLogin']>>;
let stranger: Awaited<ReturnType<TestApp['signupAndLogin']>>;
let admin: Awaited<ReturnType<TestApp['signupAndLogin']>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  owner = await t.signupAndLogin({ nickname: 'Owner' });
  await t.call('PUT', `/api/users/pp/${owner.user.id}`, {
    token: owner.token,
    body: {
      phone_number: '+39 02 123456',
      street_name: 'Via Dante 5',
      gameAccounts: [{ username: 'own', game: 'Fortnite', console: 'PS5' }],
    },
  });
  stranger = await t.signupAndLogin();
  admin = await t.signupAndLogin();
  await t.makeAdmin(admin.user.id);
});
afterAll(() => t?.close());

const get = (id: string, token?: string) => t.call('GET', `/api/users/${id}`, { token });
const publicView = () => ({
  id: owner.user.id,
  username: owner.username,
  nickname: 'Owner',
  displayName: owner.username,
});

test('the owner gets the whole account', async () => {
  const { status, json } = await get(owner.user.id, owner.token);
  expect(status).toBe(200);
  expect(json.data).toMatchObject({
    ...publicView(),
    email: owner.email,
    phone_number: '+39 02 123456',
    street_name: 'Via Dante 5',
    roles: [],
  });
  expect(json.data.gameAccounts).toEqual([{ username: 'own', id: '', game: 'Fortnite', console: 'PS5' }]);
});

test('an admin gets the whole account of anyone', async () => {
  const { status, json } = await get(owner.user.id, admin.token);
  expect(status).toBe(200);
  expect(json.data).toMatchObject({ email: owner.email, phone_number: '+39 02 123456' });
});

test('another player gets only id, username, nickname and display name', async () => {
  const { status, json } = await get(owner.user.id, stranger.token);
  expect(status).toBe(200);
  expect(json).toEqual({ status: 'SUCCESS', data: publicView() });
});

test('an anonymous visitor gets only the public profile', async () => {
  const { status, json } = await get(owner.user.id);
  expect(status).toBe(200);
  expect(json.data).toEqual(publicView());
});

test('a stale or garbage token does not break a public read', async () => {
  const { status, json } = await t.call('GET', `/api/users/${owner.user.id}`, {
    headers: { authorization: 'Bearer not-a-valid-token-at-all' },
  });
  expect(status).toBe(200);
  expect(json.data).toEqual(publicView());
});

test('an unknown id is 404 NOT_FOUND', async () => {
  const { status, json } = await get('00000000-0000-0000-0000-000000000000', owner.token);
  expect(status).toBe(404);
  expect(json).toMatchObject({ status: 'ERROR', error: { code: 'NOT_FOUND' } });
});
