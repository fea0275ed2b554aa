import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, balanceOf, rewardsApi, type Account } from '../helpers/rewards.ts';

// Keys once stored the HTTP answer (status and envelope); they now store the call's result. A
// deploy in the middle of a client's retries must answer those retries exactly as before.

let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const storedKey = (userId: string, key: string) =>
  t.db.kysely
    .selectFrom('idempotency_keys')
    .select(['status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();

/** Rewrites a key as the code before stored it: the answer's HTTP status and its envelope. */
async function storeTheOldWay(userId: string, key: string, status: number, data: unknown) {
  await t.db.kysely
    .updateTable('idempotency_keys')
    .set({ status_code: status, response: JSON.stringify({ status: 'SUCCESS', data }) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

const calls = [
  {
    name: 'a purchase',
    status: 201,
    send: async (p: Account, key: string) => {
      const product = await api.product({ price: 10 });
      return () =>
        t.call('POST', '/api/marketplace/purchases', {
          token: p.token,
          body: { productId: product._id, shippingAddress: address },
          headers: { 'idempotency-key': key },
        });
    },
    by: (p: Account) => p.id,
    balance: 90,
  },
  {
    name: 'a redemption',
    status: 200,
    send: async (p: Account, key: string) => {
      const g = await api.giveaway({ credits: 5 });
      return () =>
        t.call('POST', '/api/marketplace/giveaways/redeem', {
          token: p.token,
          body: { token: g.token },
          headers: { 'idempotency-key': key },
        });
    },
    by: (p: Account) => p.id,
    balance: 105,
  },
  {
    name: 'a wallet adjustment',
    status: 200,
    send: async (p: Account, key: string) => () =>
      t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
        token: admin.token,
        body: { amount: 7, reason: 'bonus' },
        headers: { 'idempotency-key': key },
      }),
    by: () => admin.id,
    balance: 107,
  },
];

test.each(calls)('a key stores the result of $name, not its HTTP answer', async ({ send, by }) => {
  const [p] = await accounts(t, 1);
  await api.credit(p.id, 100);
  const first = await (await send(p, 'new-row'))();
  const row = await storedKey(by(p), 'new-row');
  expect(row.status_code).not.toBe(0);
  expect(JSON.parse(row.response)).toEqual(first.json.data);
});

test.each(calls)(
  'a retry of $name whose key was stored the old way answers as it did before',
  async ({ status, send, by, balance }) => {
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 100);
    const call = await send(p, 'old-row');
    const first = await call();
    expect(first.status).toBe(status);
    await storeTheOldWay(by(p), 'old-row', status, first.json.data);

    const retry = await call();
    expect(retry.status).toBe(status);
    expect(retry.res.headers['idempotent-replayed']).toBe('true');
    // the old replay sent the stored envelope as is, without earned badges
    expect(retry.json).toEqual({ status: 'SUCCESS', data: first.json.data });
    expect(await balanceOf(t, p.id)).toBe(balance);
  },
);
