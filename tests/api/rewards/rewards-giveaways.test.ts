import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, auditLedger, balanceOf, rewardsApi, type Account } from '../helpers/rewards.ts';

let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const redeem = (p: Account, body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call('POST', '/api/marketplace/giveaways/redeem', { token: p.token, body, headers });
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('giveaway administration', () => {
  test('creates one code of each type, storing only the limit of its type, the code in upper case', async () => {
    const infinite = await api.giveaway({
      token: 'welcome-all',
      type: 'infinite',
      credits: 50,
      maxUses: 3,
      expiresAt: inMinutes(60),
    });
    expect(infinite).toMatchObject({
      token: 'WELCOME-ALL',
      type: 'infinite',
      credits: 50,
      maxUses: null,
      expiresAt: null,
      redemptionCount: 0,
      state: 'active',
      owner: t.config.ownerId,
    });
    const limited = await api.giveaway({ type: 'limited', maxUses: 2, credits: 5, description: 'primi due' });
    expect(limited).toMatchObject({ type: 'limited', maxUses: 2, expiresAt: null, description: 'primi due' });
    const expires = inMinutes(90);
    const timed = await api.giveaway({ type: 'timed', expiresAt: expires.replace('Z', '+00:00') });
    expect(timed).toMatchObject({ type: 'timed', maxUses: null, expiresAt: expires });
  });

  test('a limited code needs maxUses and a timed code needs expiresAt', async () => {
    for (const body of [
      { type: 'limited' },
      { type: 'timed' },
      { type: 'limited', maxUses: 0 },
      { type: 'timed', expiresAt: '2026-13-01' },
    ]) {
      const r = await t.call('POST', '/api/marketplace/giveaways', {
        token: admin.token,
        body: { token: 'NEEDS_MORE', credits: 5, ...body },
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  // the error is on expiresAt
  test('a timed code cannot be born expired: an expiry now or in the past is 400 VALIDATION_ERROR', async () => {
    const before = await t.db.kysely.selectFrom('giveaways').select('id').execute();
    for (const expiresAt of [inMinutes(-1), inMinutes(-60 * 24 * 30)]) {
      const r = await t.call('POST', '/api/marketplace/giveaways', {
        token: admin.token,
        body: { token: 'BORN_EXPIRED', credits: 5, type: 'timed', expiresAt },
      });
      expect([r.status, r.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(r.json.error.issues).toEqual([{ path: 'body.expiresAt', message: 'dateInPast' }]);
    }
    expect(await t.db.kysely.selectFrom('giveaways').select('id').execute()).toHaveLength(before.length);
    // a past date on a code of another type is not an expiry: it is stored as none
    expect(await api.giveaway({ type: 'infinite', expiresAt: inMinutes(-60) })).toMatchObject({ expiresAt: null });
  });

  test('an expired code keeps its date on an edit of another field; a new expiry must be in the future', async () => {
    const g = await api.giveaway({ type: 'timed', expiresAt: inMinutes(30), credits: 10 });
    const expiredAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await t.db.kysely.updateTable('giveaways').set({ expires_at: expiredAt }).where('id', '=', g.id).execute();
    const put = (body: Record<string, unknown>) =>
      t.call('PUT', `/api/marketplace/giveaways/${g.id}`, {
        token: admin.token,
        body: { credits: 10, type: 'timed', expiresAt: expiredAt, ...body },
      });

    const kept = await put({ credits: 15, description: 'scaduto, corretto' });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json.data).toMatchObject({
      credits: 15,
      description: 'scaduto, corretto',
      expiresAt: expiredAt,
      state: 'expired',
    });
    // the form sends the minute it shows: still the stored date
    const minute = new Date(Math.floor(Date.parse(expiredAt) / 60_000) * 60_000).toISOString();
    expect((await put({ credits: 16, expiresAt: minute })).status).toBe(200);

    const moved = await put({ expiresAt: inMinutes(-5) });
    expect([moved.status, moved.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(moved.json.error.issues).toEqual([{ path: 'body.expiresAt', message: 'dateInPast' }]);
    const read = await t.call('GET', `/api/marketplace/giveaways/${g.id}`, { token: admin.token });
    expect(read.json.data).toMatchObject({ credits: 16, expiresAt: minute });

    const extended = await put({ expiresAt: inMinutes(60) });
    expect(extended.status).toBe(200);
    expect(extended.json.data.state).toBe('active');

    // a code that had no expiry gets one: it is a new date, so it must be in the future
    const other = await api.giveaway({ type: 'infinite' });
    const timed = await t.call('PUT', `/api/marketplace/giveaways/${other.id}`, {
      token: admin.token,
      body: { credits: 10, type: 'timed', expiresAt: inMinutes(-5) },
    });
    expect([timed.status, timed.json.error.issues]).toEqual([400, [{ path: 'body.expiresAt', message: 'dateInPast' }]]);
  });

  test('a code already in use is refused with GIVEAWAY_CODE_TAKEN, whatever its case', async () => {
    await api.giveaway({ token: 'SAMECODE' });
    const r = await t.call('POST', '/api/marketplace/giveaways', {
      token: admin.token,
      body: { token: 'samecode', credits: 1, type: 'infinite' },
    });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('GIVEAWAY_CODE_TAKEN');
  });

  test('lists with limit, offset and search, answering total and totalCount', async () => {
    for (let i = 0; i < 3; i++) await api.giveaway({ token: `PAGED_CODE_${i}`, description: 'paginazione' });
    const page = await t.call('GET', '/api/marketplace/giveaways?limit=2&offset=0&search=paged_', {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.json.total).toBe(3);
    expect(page.json.totalCount).toBe(3);
    expect(page.json.data).toHaveLength(2);
    const rest = await t.call('GET', '/api/marketplace/giveaways?limit=2&offset=2&search=PAGED', {
      token: admin.token,
    });
    expect(rest.json.data).toHaveLength(1);
    const byDescription = await t.call('GET', '/api/marketplace/giveaways?search=paginazione', { token: admin.token });
    expect(byDescription.json.total).toBe(3);
  });

  test('edits everything but the code, and a deleted code stops working but keeps its ledger', async () => {
    const g = await api.giveaway({ token: 'EDIT_ME_1', credits: 10 });
    const edited = await t.call('PUT', `/api/marketplace/giveaways/${g.id}`, {
      token: admin.token,
      body: { token: 'HACKED', credits: 20, type: 'limited', maxUses: 4, description: 'nuovo' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({
      token: 'EDIT_ME_1',
      credits: 20,
      type: 'limited',
      maxUses: 4,
      description: 'nuovo',
    });
    const read = await t.call('GET', `/api/marketplace/giveaways/${g.id}`, { token: admin.token });
    expect(read.json.data.credits).toBe(20);

    const [p] = await accounts(t, 1);
    expect((await redeem(p, { token: 'edit_me_1' })).json.data.credits).toBe(20);
    const del = await t.call('DELETE', `/api/marketplace/giveaways/${g.id}`, { token: admin.token });
    expect(del.json.data).toEqual({ id: g.id, deleted: true });
    const [q] = await accounts(t, 1);
    const after = await redeem(q, { token: 'EDIT_ME_1' });
    expect(after.status).toBe(404);
    expect(after.json.error.code).toBe('GIVEAWAY_NOT_FOUND');
    expect(await balanceOf(t, p.id)).toBe(20);
    expect((await t.call('GET', `/api/marketplace/giveaways/${g.id}`, { token: admin.token })).status).toBe(404);
    // the token is free again
    await api.giveaway({ token: 'EDIT_ME_1' });
  });
});

describe('redeeming a code', () => {
  test('credits the caller, answers credits, amount and balance, and writes one ledger entry', async () => {
    const g = await api.giveaway({ token: 'CREDITS_30', credits: 30 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 5);
    const r = await redeem(p, { token: '  credits_30 ', userId: p.id, username: p.username, owner: t.config.ownerId });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      credits: 30,
      amount: 30,
      balance: 35,
      giveaway: { id: g.id, token: 'CREDITS_30', type: 'infinite' },
    });
    const history = await t.call('GET', `/api/marketplace/transactions/${p.id}`, { token: p.token });
    expect(history.json.data[0]).toMatchObject({
      amount: 30,
      type: 'giveaway',
      description: 'CREDITS_30',
      balanceAfter: 35,
      createdBy: null,
    });
    const me = await t.call('GET', '/api/marketplace/wallets/me', { token: p.token });
    expect(me.json.data.balance).toBe(35);
    await auditLedger(t);
  });

  test('clear error codes for unknown, used-up, expired and already-redeemed codes', async () => {
    const [a, b, c] = await accounts(t, 3);
    const unknown = await redeem(a, { token: 'NO_SUCH_CODE' });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'GIVEAWAY_NOT_FOUND']);
    const garbage = await redeem(a, { token: 'not a code!' });
    expect([garbage.status, garbage.json.error.code]).toEqual([404, 'GIVEAWAY_NOT_FOUND']);

    const limited = await api.giveaway({ type: 'limited', maxUses: 1 });
    expect((await redeem(a, { token: limited.token })).status).toBe(200);
    const usedUp = await redeem(b, { token: limited.token });
    expect([usedUp.status, usedUp.json.error.code]).toEqual([409, 'GIVEAWAY_USED_UP']);
    const again = await redeem(a, { token: limited.token });
    expect([again.status, again.json.error.code]).toEqual([409, 'GIVEAWAY_ALREADY_REDEEMED']);

    const timed = await api.giveaway({ type: 'timed', expiresAt: inMinutes(10) });
    expect((await redeem(a, { token: timed.token })).status).toBe(200);
    await t.db.kysely
      .updateTable('giveaways')
      .set({ expires_at: inMinutes(-1) })
      .where('id', '=', timed.id)
      .execute();
    const expired = await redeem(c, { token: timed.token });
    expect([expired.status, expired.json.error.code]).toEqual([409, 'GIVEAWAY_EXPIRED']);
    const listed = await t.call('GET', `/api/marketplace/giveaways/${timed.id}`, { token: admin.token });
    expect(listed.json.data.state).toBe('expired');
    expect(await balanceOf(t, b.id)).toBe(0);
    expect(await balanceOf(t, c.id)).toBe(0);
    await auditLedger(t);
  });

  test('an Idempotency-Key replays the first answer; the same key with another code is a conflict', async () => {
    const g = await api.giveaway({ credits: 12 });
    const other = await api.giveaway({ credits: 13 });
    const [p] = await accounts(t, 1);
    const first = await redeem(p, { token: g.token }, { 'idempotency-key': 'k-123' });
    const retry = await redeem(p, { token: g.token }, { 'idempotency-key': 'k-123' });
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    expect(retry.res.headers['idempotent-replayed']).toBe('true');
    const conflict = await redeem(p, { token: other.token }, { 'idempotency-key': 'k-123' });
    expect([conflict.status, conflict.json.error.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    // without the key the second try of the same code is an ordinary "already redeemed"
    const plain = await redeem(p, { token: g.token });
    expect(plain.json.error.code).toBe('GIVEAWAY_ALREADY_REDEEMED');
    expect(await balanceOf(t, p.id)).toBe(12);
    const bad = await redeem(p, { token: g.token }, { 'idempotency-key': 'spazi non ammessi' });
    expect([bad.status, bad.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  test('a failed attempt is not stored: a retry with the same key runs again', async () => {
    const g = await api.giveaway({ type: 'limited', maxUses: 1, credits: 3 });
    const [a, b] = await accounts(t, 2);
    expect((await redeem(a, { token: g.token })).status).toBe(200);
    const refused = await redeem(b, { token: g.token }, { 'idempotency-key': 'retry-after-refusal' });
    expect(refused.json.error.code).toBe('GIVEAWAY_USED_UP');
    await t.call('PUT', `/api/marketplace/giveaways/${g.id}`, {
      token: admin.token,
      body: { credits: 3, type: 'limited', maxUses: 2 },
    });
    const retried = await redeem(b, { token: g.token }, { 'idempotency-key': 'retry-after-refusal' });
    expect(retried.status).toBe(200);
    expect(await balanceOf(t, b.id)).toBe(3);
  });

  test('an admin may redeem for a player; a player may not name another user', async () => {
    const g = await api.giveaway({ credits: 8 });
    const [p, q] = await accounts(t, 2);
    const forbidden = await redeem(p, { token: g.token, userId: q.id });
    expect([forbidden.status, forbidden.json.error.code]).toEqual([403, 'FORBIDDEN']);
    const byAdmin = await t.call('POST', '/api/marketplace/giveaways/redeem', {
      token: admin.token,
      body: { token: g.token, userId: q.id },
    });
    expect(byAdmin.status).toBe(200);
    expect(await balanceOf(t, q.id)).toBe(8);
    expect(await balanceOf(t, admin.id)).toBe(0);
  });
});

describe('redeem rate limit', () => {
  test('more than 10 attempts a minute from one account are refused with RATE_LIMITED', async () => {
    const limited = await createTestApp();
    try {
      const [p] = await accounts(limited, 1);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push(
          (
            await limited.call('POST', '/api/marketplace/giveaways/redeem', {
              token: p.token,
              body: { token: `GUESS_${i}` },
            })
          ).status,
        );
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
      expect(statuses.slice(10)).toEqual([429, 429]);
      // another account has its own allowance
      const [q] = await accounts(limited, 1);
      expect(
        (await limited.call('POST', '/api/marketplace/giveaways/redeem', { token: q.token, body: { token: 'GUESS' } }))
          .status,
      ).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
