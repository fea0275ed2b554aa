import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../../src/platform/tokens.ts';
import { resetLinkOf } from '../helpers/mail.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { tablePauses } from '../helpers/table-pause.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());
const pauseAt = tablePauses(() => t);

const sendReset = (body: unknown) => t.call('POST', '/api/users/sendReset', { body });
const reset = (token: string, password: string) => t.call('POST', '/api/users/reset', { body: { token, password } });
const resetRows = (userId: string) =>
  t.db.kysely.selectFrom('password_resets').selectAll().where('user_id', '=', userId).execute();
/** Sends a reset for the account and returns the new mail and its token. */
async function requestReset(email: string) {
  const before = (await t.outbox()).length;
  expect((await sendReset({ email })).status).toBe(200);
  const mails = await t.outbox();
  expect(mails).toHaveLength(before + 1);
  const mail = mails[mails.length - 1];
  return { mail, ...resetLinkOf(mail) };
}

describe('POST /api/users/sendReset', () => {
  test('answers the same for an existing and an unknown e-mail, but mails only the existing one', async () => {
    const a = await t.signup();
    const before = (await t.outbox()).length;
    const known = await sendReset({ email: a.email });
    const unknown = await sendReset({ email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual({ status: 'SUCCESS', data: { message: 'RESET_SENT' } });
    expect(unknown.json).toEqual(known.json);

    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(a.email);
    expect(await resetRows(a.user.id)).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('password_resets').selectAll().execute()).toHaveLength(1);
  });

  // that form sends the address in the query and no body
  test("the original client's form answers and mails the same as the body form", async () => {
    const a = await t.signup();
    const before = (await t.outbox()).length;
    const viaQuery = (email: string) =>
      t.inject({ method: 'POST', url: `/api/users/sendReset?email=${encodeURIComponent(email)}` });
    const known = await viaQuery(a.email);
    const unknown = await viaQuery('nobody-here@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual({ status: 'SUCCESS', data: { message: 'RESET_SENT' } });
    expect(unknown.json()).toEqual(known.json());
    const mails = (await t.outbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([a.email]);
    expect(resetLinkOf(mails[0]).token).toMatch(/.{20,}/);
    // a malformed address in the query is refused as in the body; so is a call naming none
    const bad = await viaQuery('not-an-email');
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const none = await t.inject({ method: 'POST', url: '/api/users/sendReset' });
    expect([none.statusCode, none.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    // a body, when sent, wins over the query
    const both = (await t.outbox()).length;
    expect(
      (await t.call('POST', `/api/users/sendReset?email=nobody-else@example.com`, { body: { email: a.email } })).status,
    ).toBe(200);
    expect((await t.outbox()).slice(both).map((m) => m.to)).toEqual([a.email]);
  });

  test('an Italian account gets the Italian mail with the unprefixed link', async () => {
    const a = await t.signup({ language: 'it' });
    const { mail, link, token } = await requestReset(a.email);
    expect(mail.subject).toBe('Reimposta la tua password');
    expect(mail.text).toContain('Ciao');
    expect(mail.text).toContain('60 minuti');
    expect(link).toBe(`http://arena.test/resetPassword?token=${token}`);
    expect(link).not.toContain('/en/');
  });

  test('an English account gets the English mail with the /en link, whatever language the request names', async () => {
    const a = await t.signup({ language: 'en' });
    const before = (await t.outbox()).length;
    expect((await sendReset({ email: a.email, language: 'it' })).status).toBe(200);
    const mail = (await t.outbox())[before];
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('60 minutes');
    expect(resetLinkOf(mail).link).toMatch(/^http:\/\/arena\.test\/en\/resetPassword\?token=[A-Za-z0-9_-]+$/);
  });

  test("the mail follows the account's current language after it changes", async () => {
    const a = await t.signupAndLogin({ language: 'it' });
    await t.call('PUT', `/api/users/pp/${a.user.id}`, { token: a.token, body: { language: 'en' } });
    const { mail, link } = await requestReset(a.email);
    expect(mail.subject).toBe('Reset your password');
    expect(link).toContain('/en/resetPassword?token=');
  });

  test('finds the account whatever the casing of the e-mail', async () => {
    const a = await t.signup();
    const { mail } = await requestReset(a.email.toUpperCase());
    expect(mail.to).toBe(a.email);
  });

  test('stores only the hash of the mailed token, with an expiry about an hour ahead', async () => {
    const a = await t.signup();
    const { token } = await requestReset(a.email);
    const [row] = await resetRows(a.user.id);
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).not.toBe(token);
    expect(row.used_at).toBeNull();
    const ms = new Date(row.expires_at).getTime() - Date.now();
    expect(ms).toBeGreaterThan(55 * 60_000);
    expect(ms).toBeLessThanOrEqual(60 * 60_000);
  });
  // and its mail goes once the lock does
  test('answers before any database work: 200 for a known address while the reset table is locked', async () => {
    const a = await t.signup({ language: 'en' });
    const before = (await t.outbox()).length;
    const lock = await holdResetTableLock();
    let answered;
    try {
      // with the table locked, work done before the answer could not finish: on PostgreSQL it would
      // wait for the lock, on SQLite fail after its busy wait
      answered = await Promise.race([
        sendReset({ email: a.email }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      expect(answered?.status).toBe(200);
      expect(answered?.json).toEqual({ status: 'SUCCESS', data: { message: 'RESET_SENT' } });
      expect(await lock.resetRowsOf(a.user.id)).toBe(0);
    } finally {
      await lock.release();
    }
    const mails = (await t.outbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([a.email]);
    expect(mails[0].subject).toBe('Reset your password');
    expect(await resetRows(a.user.id)).toHaveLength(1);
  });
});

/**
 * Another connection takes password_resets for itself. PostgreSQL: an ACCESS EXCLUSIVE table lock
 * held open; the test also waits until the app's reset work is queued behind it, so the work has
 * really started. SQLite: the database's write lock (BEGIN IMMEDIATE); the app's synchronous calls
 * would block this same thread, so it is released before the test yields to the event loop.
 */
async function holdResetTableLock(): Promise<{
  resetRowsOf(userId: string): Promise<number>;
  release(): Promise<void>;
}> {
  if (t.engine === 'postgres') {
    const pause = await pauseAt('password_resets');
    return {
      async resetRowsOf(userId) {
        // the work has started and waits for the lock: it ran after the answer, not before
        expect(await pause.untilWaiting(1, () => false)).toBe(1);
        const [row] = await pause.read<{ n: number }>(
          'select count(*)::int as n from password_resets where user_id = $1',
          [userId],
        );
        return row.n;
      },
      release: () => pause.release(),
    };
  }
  const sqlite = new SQLite(t.config.databaseUrl.replace(/^sqlite:/, ''));
  sqlite.exec('BEGIN IMMEDIATE');
  return {
    async resetRowsOf(userId) {
      const row = sqlite.prepare('select count(*) as n from password_resets where user_id = ?').get(userId) as {
        n: number;
      };
      // released here, in the same turn of the event loop as the answer: the app's work has not run yet
      sqlite.exec('ROLLBACK');
      return row.n;
    },
    async release() {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}

describe('POST /api/users/reset', () => {
  test('the mailed token sets the new password once: the old one stops working, the new one works', async () => {
    const a = await t.signup({ password: 'old-password-1' });
    const { token } = await requestReset(a.email);

    const first = await reset(token, 'brand-new-password');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: 'SUCCESS', data: { message: 'PASSWORD_RESET' } });
    expect((await resetRows(a.user.id))[0].used_at).not.toBeNull();

    const second = await reset(token, 'another-password');
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({ status: 'ERROR', error: { code: 'RESET_TOKEN_INVALID' } });

    expect(
      (await t.call('POST', '/api/users/authenticate', { body: { email: a.email, password: 'old-password-1' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/api/users/authenticate', { body: { email: a.email, password: 'another-password' } }))
        .status,
    ).toBe(401);
    expect(await t.login(a.email, 'brand-new-password')).toEqual(expect.any(String));
  });

  test('revokes every session the account had', async () => {
    const a = await t.signupAndLogin();
    const second = await t.login(a.email, a.password);
    const { token } = await requestReset(a.email);
    expect((await reset(token, 'fresh-password-9')).status).toBe(200);
    for (const session of [a.token, second]) {
      const me = await t.call('GET', '/api/users/me', { token: session });
      expect(me.status).toBe(401);
      expect(me.json.error.code).toBe('UNAUTHORIZED');
    }
    const live = await t.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', a.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
  });

  test('an expired token is refused and the password stays the same', async () => {
    const a = await t.signup({ password: 'keep-this-one' });
    const { token } = await requestReset(a.email);
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const { status, json } = await reset(token, 'never-applied-1');
    expect(status).toBe(400);
    expect(json.error.code).toBe('RESET_TOKEN_INVALID');
    expect(await t.login(a.email, 'keep-this-one')).toEqual(expect.any(String));
    expect((await resetRows(a.user.id))[0].used_at).toBeNull();
  });

  test('a token nobody was sent is 400 RESET_TOKEN_INVALID', async () => {
    const { status, json } = await reset('x'.repeat(43), 'whatever-password');
    expect(status).toBe(400);
    expect(json.error.code).toBe('RESET_TOKEN_INVALID');
  });

  test('a newer link cancels an older unused one, and works once', async () => {
    const a = await t.signup();
    const older = await requestReset(a.email);
    const newer = await requestReset(a.email);
    expect(older.token).not.toBe(newer.token);
    const refused = await reset(older.token, 'password-from-older');
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(newer.token, 'password-from-newer')).status).toBe(200);
    expect(await t.login(a.email, 'password-from-newer')).toEqual(expect.any(String));
    expect((await reset(newer.token, 'third-password')).status).toBe(400);
  });

  test('two concurrent uses of one token: exactly one succeeds', async () => {
    const a = await t.signup();
    const { token } = await requestReset(a.email);
    const results = await Promise.all([
      reset(token, 'concurrent-one'),
      reset(token, 'concurrent-two'),
      reset(token, 'concurrent-three'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });
});

describe('GET /api/users/reset/status', () => {
  const status = (token: string) => t.call('GET', `/api/users/reset/status?token=${encodeURIComponent(token)}`);

  test('a live link is valid, and asking does not spend it', async () => {
    const a = await t.signup();
    const { token } = await requestReset(a.email);
    const first = await status(token);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: 'SUCCESS', data: { valid: true } });
    expect(first.res.headers['cache-control']).toBe('no-store');
    expect((await status(token)).json.data.valid).toBe(true);
    expect((await resetRows(a.user.id))[0].used_at).toBeNull();
    expect((await reset(token, 'password-after-check')).status).toBe(200);
  });

  // the answer says nothing about the account
  test('a used, an expired, a replaced and an unknown link are all just not valid', async () => {
    const a = await t.signup();
    const used = await requestReset(a.email);
    expect((await reset(used.token, 'password-used-once')).status).toBe(200);
    const replaced = await requestReset(a.email);
    const expired = await requestReset(a.email);
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(expired.token))
      .execute();
    for (const token of [used.token, replaced.token, expired.token, 'x'.repeat(43)]) {
      const res = await status(token);
      expect(res.status, token).toBe(200);
      expect(res.json).toEqual({ status: 'SUCCESS', data: { valid: false } });
    }
  });

  test('a malformed or missing token is 400, never a 5xx', async () => {
    for (const url of [
      '/api/users/reset/status?token=short',
      '/api/users/reset/status',
      `/api/users/reset/status?token=${'a'.repeat(201)}`,
    ]) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  test('rate limited like the reset: the 6th check from one address within 15 minutes is 429', async () => {
    const limited = await createTestApp();
    try {
      const check = () => limited.call('GET', `/api/users/reset/status?token=${'y'.repeat(43)}`);
      for (let i = 0; i < 5; i++) expect((await check()).status).toBe(200);
      const blocked = await check();
      expect(blocked.status).toBe(429);
      expect(blocked.json.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
