import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CREDITS } from '../../../src/features/rewards/contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
});
afterAll(() => t?.close());

const adjust = (userId: string, amount: number) =>
  t.call('POST', `/api/marketplace/wallets/${userId}/adjust`, { token: admin.token, body: { amount, reason: 'test' } });
const balance = async (userId: string) =>
  (await t.call('GET', `/api/marketplace/wallets/${t.config.ownerId}/${userId}`, { token: admin.token })).json.data
    .balance as number;

describe('balances are capped at MAX_CREDITS', () => {
  // whatever books the credit
  test('a credit that would take a balance above MAX_CREDITS is refused with 409 BALANCE_LIMIT', async () => {
    const [player] = await accounts(t, 1);
    expect((await adjust(player.id, MAX_CREDITS)).status).toBe(200);
    const over = await adjust(player.id, 1);
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('BALANCE_LIMIT');
    // a giveaway credit meets the same cap
    const code = `CAP${randomUUID().slice(0, 8).toUpperCase()}`;
    expect(
      (
        await t.call('POST', '/api/marketplace/giveaways', {
          token: admin.token,
          body: { token: code, credits: 10, type: 'infinite' },
        })
      ).status,
    ).toBe(201);
    const redeemed = await t.call('POST', '/api/marketplace/giveaways/redeem', {
      token: player.token,
      body: { token: code },
    });
    expect(redeemed.status).toBe(409);
    expect(redeemed.json.error.code).toBe('BALANCE_LIMIT');
    expect(await balance(player.id)).toBe(MAX_CREDITS);
    // spending and crediting again below the cap still work
    expect((await adjust(player.id, -100)).status).toBe(200);
    expect((await adjust(player.id, 100)).status).toBe(200);
    expect(await balance(player.id)).toBe(MAX_CREDITS);
  });

  test('the dashboard sums more than 2^31 credits (a ledger of many capped wallets)', async () => {
    const players = await accounts(t, 3);
    // three entries of a billion each, written as older data might hold them
    for (const p of players)
      await t.db.kysely
        .insertInto('wallet_transactions')
        .values({
          id: randomUUID(),
          owner: t.config.ownerId,
          user_id: p.id,
          amount: 1_000_000_000,
          type: 'adjustment',
          description: 'legacy',
          reference: null,
          balance_after: 1_000_000_000,
          created_by: null,
          created_by_name: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    const overview = await t.call('GET', '/api/marketplace/dashboard/overview', { token: admin.token });
    expect(overview.status).toBe(200);
    // written as adjustments: the reconciliation's admin credits carry them
    expect(overview.json.data.ledger.adjustedIn).toBeGreaterThanOrEqual(3_000_000_000);
    const days = await t.call('GET', '/api/marketplace/dashboard/timeseries?days=7', { token: admin.token });
    expect(days.status).toBe(200);
    const today = days.json.data.days.at(-1);
    expect(JSON.stringify(today)).toMatch(/3\d{9}/);
  });
});

describe('ledger history order', () => {
  // read in order, it adds up to each balance on the way and to the final one
  test('after 80 concurrent credits and debits on one wallet, the history adds up to every balance', async () => {
    const [player] = await accounts(t, 1);
    expect((await adjust(player.id, 1000)).status).toBe(200);
    const amounts = Array.from({ length: 80 }, (_, i) => (i % 3 === 0 ? -7 : 13));
    const answers = await Promise.all(amounts.map((a) => adjust(player.id, a)));
    expect(answers.map((a) => a.status)).toEqual(Array(80).fill(200));
    const final = await balance(player.id);
    expect(final).toBe(1000 + amounts.reduce((s, a) => s + a, 0));

    const history = (
      await t.call('GET', `/api/marketplace/transactions/${player.id}?limit=100`, { token: player.token })
    ).json.data as {
      amount: number;
      balanceAfter: number;
    }[];
    expect(history).toHaveLength(81);
    // newest first: each entry's balance is the one after it (older) plus its own amount
    const breaks = history
      .slice(0, -1)
      .filter((entry, i) => entry.balanceAfter !== history[i + 1].balanceAfter + entry.amount).length;
    expect(breaks).toBe(0);
    expect(history[0].balanceAfter).toBe(final);
    expect(history.at(-1)!.balanceAfter).toBe(1000);
  });
});
