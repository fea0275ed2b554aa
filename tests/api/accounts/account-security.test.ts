import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureAdmin } from '../../../src/features/accounts/server/service.ts';
import { hashToken } from '../../../src/platform/tokens.ts';
import type { ParsedMail } from '../helpers/mail.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/expect-error.ts';

// Accounts that cannot be taken over: the operator's admin address, current password for changes,
// password strength, sessions, look-alike usernames. Runs on SQLite and PostgreSQL.
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false },
    { logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } },
  );
});
afterAll(() => t?.close());

const STRONG = 'correct-horse-battery';
const me = (token: string) => t.call('GET', '/api/users/me', { token });
const put = (id: string, body: unknown, token: string) => t.call('PUT', `/api/users/pp/${id}`, { body, token });
const authenticate = (email: string, password: string) =>
  t.call('POST', '/api/users/authenticate', { body: { email, password } });
const userRow = (id: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionRow = (token: string) =>
  t.db.kysely.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
/** The mails written since `before` (a count from an earlier outbox read). */
const mailsSince = async (before: number) => (await t.outbox()).slice(before);
const mailTo = (mails: ParsedMail[], address: string) => mails.filter((m) => m.to.includes(address));
const confirmTokenOf = (mail: ParsedMail) => {
  const m = /\/confirmEmail\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!m) throw new Error(`no confirmation link in:\n${mail.text}`);
  return decodeURIComponent(m[1]);
};
const unique = () => Math.random().toString(36).slice(2, 10);
/** Digits only: a suffix that adds no script to a name. */
const digits = () => String(Math.floor(Math.random() * 1e8));

describe('ADMIN_EMAIL on an address that already has an account', () => {
  test('the start sets ADMIN_PASSWORD, revokes every session, then grants SiteAdmin, and logs one line', async () => {
    const email = `boss_${unique()}@example.com`;
    // someone registered the operator's address first, with a password of their own
    const squatter = await t.signupAndLogin({ email, password: 'squatters-own-password' });
    const second = await t.login(email, 'squatters-own-password');
    // and asked to move the account to an address of theirs, to confirm once it is an admin
    const mailsBefore = (await t.outbox()).length;
    const moved = await t.call('POST', '/api/users/me/email', {
      token: squatter.token,
      body: { email: `squatter_${unique()}@evil.example`, currentPassword: 'squatters-own-password' },
    });
    expect(moved.status).toBe(200);
    const pendingToken = confirmTokenOf(mailTo(await mailsSince(mailsBefore), moved.json.data.pendingEmail)[0]);
    const linesBefore = logLines.length;

    const id = await ensureAdmin(t.app, email, 'operator-chosen-secret-9');
    expect(id).toBe(squatter.user.id);

    // neither the old password nor the old tokens open anything, let alone an admin session
    expectError(await authenticate(email, 'squatters-own-password'), 401, 'INVALID_CREDENTIALS');
    expectError(await me(squatter.token), 401, 'UNAUTHORIZED');
    expectError(await me(second), 401, 'UNAUTHORIZED');
    const adminToken = await t.login(email, 'operator-chosen-secret-9');
    expect((await me(adminToken)).json.data).toMatchObject({ id, roles: ['SiteAdmin'], email });
    expectError(
      await t.call('POST', '/api/users/email/confirm', { body: { token: pendingToken } }),
      400,
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
    expect((await userRow(id)).email).toBe(email);

    const lines = logLines.slice(linesBefore).filter((l) => l.includes('ADMIN_EMAIL'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, userId: id, revokedSessions: 2 });
    expect(lines[0]).not.toContain('operator-chosen-secret-9');
  });

  test('an account that already is SiteAdmin keeps its password and sessions', async () => {
    const email = `admin_${unique()}@example.com`;
    const a = await t.signupAndLogin({ email });
    await t.makeAdmin(a.user.id);
    await ensureAdmin(t.app, email, 'some-other-secret-77');
    expect((await me(a.token)).status).toBe(200);
    expect(await t.login(email, a.password)).toEqual(expect.any(String));
  });
});

describe('changing the e-mail or the password needs the current password', () => {
  // a missing and a wrong current password are refused alike
  test("a new e-mail of one's own needs the current password: 403 CURRENT_PASSWORD_WRONG", async () => {
    const a = await t.signupAndLogin();
    const newEmail = `new_${unique()}@example.com`;
    expectError(await put(a.user.id, { email: newEmail }, a.token), 403, 'CURRENT_PASSWORD_WRONG');
    expectError(
      await put(a.user.id, { email: newEmail, currentPassword: 'not-my-password-1' }, a.token),
      403,
      'CURRENT_PASSWORD_WRONG',
    );
    expectError(
      await t.call('POST', '/api/users/me/email', {
        token: a.token,
        body: { email: newEmail, currentPassword: 'nope' },
      }),
      403,
      'CURRENT_PASSWORD_WRONG',
    );
    expect((await userRow(a.user.id)).email).toBe(a.email);
  });

  // the old address is told, in the user's language
  test('the new e-mail takes effect only when the link mailed to it is followed', async () => {
    const a = await t.signupAndLogin({ language: 'it' });
    const newEmail = `moved_${unique()}@example.com`;
    const before = (await t.outbox()).length;

    const r = await put(a.user.id, { email: newEmail, nickname: 'Renamed', currentPassword: a.password }, a.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ data: { email: a.email, nickname: 'Renamed' }, pendingEmail: newEmail });
    expect((await userRow(a.user.id)).email).toBe(a.email);
    expectError(await authenticate(newEmail, a.password), 401, 'INVALID_CREDENTIALS');

    const mails = await mailsSince(before);
    const [confirm] = mailTo(mails, newEmail);
    expect(confirm.subject).toBe('Conferma il tuo nuovo indirizzo e-mail');
    expect(confirm.text).toContain('http://arena.test/confirmEmail?token=');
    const [notice] = mailTo(mails, a.email);
    expect(notice.subject).toBe("L'e-mail del tuo account sta per cambiare");
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('http://arena.test/resetPassword');
    // the token is stored hashed only
    const stored = await t.db.kysely.selectFrom('email_changes').selectAll().where('user_id', '=', a.user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      new_email: newEmail,
      token_hash: hashToken(confirmTokenOf(confirm)),
      used_at: null,
    });

    const ok = await t.call('POST', '/api/users/email/confirm', { body: { token: confirmTokenOf(confirm) } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toEqual({ message: 'EMAIL_CHANGED', email: newEmail });
    expect((await userRow(a.user.id)).email).toBe(newEmail);
    expect(await t.login(newEmail, a.password)).toEqual(expect.any(String));
    expectError(await authenticate(a.email, a.password), 401, 'INVALID_CREDENTIALS');
    // a link works once
    expectError(
      await t.call('POST', '/api/users/email/confirm', { body: { token: confirmTokenOf(confirm) } }),
      400,
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
  });

  test('the English account gets English mails and an /en/ link; POST /users/me/email works on its own', async () => {
    const a = await t.signupAndLogin({ language: 'en' });
    const newEmail = `en_${unique()}@example.com`;
    const before = (await t.outbox()).length;
    const r = await t.call('POST', '/api/users/me/email', {
      token: a.token,
      body: { email: newEmail, currentPassword: a.password },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ message: 'EMAIL_CHANGE_SENT', pendingEmail: newEmail });
    const mails = await mailsSince(before);
    expect(mailTo(mails, newEmail)[0]).toMatchObject({
      subject: 'Confirm your new e-mail address',
      text: expect.stringContaining('http://arena.test/en/confirmEmail?token='),
    });
    expect(mailTo(mails, a.email)[0].subject).toBe("Your account's e-mail is about to change");
  });

  // asking for an address another account holds is 409
  test('only the newest link works; an unknown or expired one is 400 EMAIL_CHANGE_TOKEN_INVALID', async () => {
    const a = await t.signupAndLogin();
    const before = (await t.outbox()).length;
    const first = `first_${unique()}@example.com`;
    const second = `second_${unique()}@example.com`;
    await t.call('POST', '/api/users/me/email', {
      token: a.token,
      body: { email: first, currentPassword: a.password },
    });
    await t.call('POST', '/api/users/me/email', {
      token: a.token,
      body: { email: second, currentPassword: a.password },
    });
    const mails = await mailsSince(before);
    expectError(
      await t.call('POST', '/api/users/email/confirm', { body: { token: confirmTokenOf(mailTo(mails, first)[0]) } }),
      400,
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
    expectError(
      await t.call('POST', '/api/users/email/confirm', { body: { token: 'x'.repeat(43) } }),
      400,
      'EMAIL_CHANGE_TOKEN_INVALID',
    );

    await t.db.kysely
      .updateTable('email_changes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', a.user.id)
      .execute();
    expectError(
      await t.call('POST', '/api/users/email/confirm', { body: { token: confirmTokenOf(mailTo(mails, second)[0]) } }),
      400,
      'EMAIL_CHANGE_TOKEN_INVALID',
    );
    expect((await userRow(a.user.id)).email).toBe(a.email);

    const other = await t.signup();
    expectError(
      await t.call('POST', '/api/users/me/email', {
        token: a.token,
        body: { email: other.email, currentPassword: a.password },
      }),
      409,
      'EMAIL_TAKEN',
    );
  });

  test('a password reset or change cancels a pending e-mail change (the notice tells the owner to reset)', async () => {
    for (const how of ['reset', 'change'] as const) {
      const a = await t.signupAndLogin();
      const before = (await t.outbox()).length;
      const intruder = `intruder_${unique()}@evil.example`;
      expect(
        (
          await t.call('POST', '/api/users/me/email', {
            token: a.token,
            body: { email: intruder, currentPassword: a.password },
          })
        ).status,
      ).toBe(200);
      const pending = confirmTokenOf(mailTo(await mailsSince(before), intruder)[0]);
      if (how === 'reset') {
        const mark = (await t.outbox()).length;
        await t.call('POST', '/api/users/sendReset', { body: { email: a.email } });
        const token = decodeURIComponent(
          /resetPassword\?token=([A-Za-z0-9_%-]+)/.exec(mailTo(await mailsSince(mark), a.email)[0].text)![1],
        );
        expect(
          (await t.call('POST', '/api/users/reset', { body: { token, password: 'owner-takes-it-back-1' } })).status,
        ).toBe(200);
      } else {
        expect(
          (
            await t.call('POST', '/api/users/me/password', {
              token: a.token,
              body: { currentPassword: a.password, password: 'owner-takes-it-back-1' },
            })
          ).status,
        ).toBe(200);
      }
      expectError(
        await t.call('POST', '/api/users/email/confirm', { body: { token: pending } }),
        400,
        'EMAIL_CHANGE_TOKEN_INVALID',
      );
      expect((await userRow(a.user.id)).email).toBe(a.email);
    }
  });

  // the account is told of the change
  test('a password change needs the current one, revokes the other sessions and keeps this one', async () => {
    const a = await t.signupAndLogin({ language: 'en' });
    const other = await t.login(a.email, a.password);
    const change = (body: unknown) => t.call('POST', '/api/users/me/password', { token: a.token, body });
    expectError(
      await change({ currentPassword: 'wrong-one-here', password: 'a-brand-new-secret-42' }),
      403,
      'CURRENT_PASSWORD_WRONG',
    );
    expectError(await change({ currentPassword: a.password, password: 'password1234' }), 400, 'PASSWORD_WEAK');
    expect(await t.login(a.email, a.password)).toEqual(expect.any(String));

    const before = (await t.outbox()).length;
    const r = await change({ currentPassword: a.password, password: 'a-brand-new-secret-42' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ message: 'PASSWORD_CHANGED' });
    expectError(await authenticate(a.email, a.password), 401, 'INVALID_CREDENTIALS');
    expect(await t.login(a.email, 'a-brand-new-secret-42')).toEqual(expect.any(String));
    expect((await me(a.token)).status).toBe(200);
    expectError(await me(other), 401, 'UNAUTHORIZED');
    expect(mailTo(await mailsSince(before), a.email)[0].subject).toBe('Your password was changed');
  });

  // the user is told at the old address
  test("an admin changing another user's e-mail applies it and is audited", async () => {
    const admin = await t.signupAndLogin();
    await t.makeAdmin(admin.user.id);
    const player = await t.signupAndLogin({ language: 'en' });
    const newEmail = `fixed_${unique()}@example.com`;
    const before = (await t.outbox()).length;
    const r = await put(player.user.id, { email: newEmail }, admin.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.data.email).toBe(newEmail);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', player.user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.email', actor_id: admin.user.id, entity_type: 'user' });
    expect(JSON.parse(audit[0].before!)).toEqual({ email: player.email });
    expect(JSON.parse(audit[0].after!)).toEqual({ email: newEmail });

    const [notice] = mailTo(await mailsSince(before), player.email);
    expect(notice.subject).toBe("An administrator changed your account's e-mail");
    expect(notice.text).toContain(newEmail);
  });

  // the agency admin role still manages players
  test('the agency admin role can never change a SiteAdmin: 403 SITE_ADMIN_PROTECTED', async () => {
    const agency = await t.signupAndLogin();
    await t.makeAdmin(agency.user.id, `${t.config.agencyName}Admin`);
    const site = await t.signupAndLogin();
    await t.makeAdmin(site.user.id);
    const player = await t.signupAndLogin();

    const rowBefore = await userRow(site.user.id);
    expectError(
      await put(site.user.id, { email: `hijack_${unique()}@example.com` }, agency.token),
      403,
      'SITE_ADMIN_PROTECTED',
    );
    expectError(await put(site.user.id, { nickname: 'Owned' }, agency.token), 403, 'SITE_ADMIN_PROTECTED');
    expect(await userRow(site.user.id)).toEqual(rowBefore);

    expect((await put(player.user.id, { nickname: 'Helped' }, agency.token)).status).toBe(200);
    // a SiteAdmin may change another SiteAdmin
    const otherSite = await t.signupAndLogin();
    await t.makeAdmin(otherSite.user.id);
    expect((await put(site.user.id, { nickname: 'Colleague' }, otherSite.token)).status).toBe(200);
  });
});

describe('password strength at signup, reset and change', () => {
  test.each([
    '12345678',
    'password',
    'aaaaaaaa',
    '1234567890',
    'password1234',
    'aaaaaaaaaaaa',
    'qwertyuiop',
    'Xk9#pLm2q',
  ])('signup refuses %j with 400 PASSWORD_WEAK and writes nothing', async (password) => {
    const email = `weak_${unique()}@example.com`;
    const r = await t.call('POST', '/api/users/pp', {
      body: { username: `weak_${unique()}`, email, password, nickname: 'Weak', gender: 'male' },
    });
    expectError(r, 400, 'PASSWORD_WEAK');
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  test('signup accepts a long, unguessable password', async () => {
    const a = await t.signup({ password: STRONG });
    expect(await t.login(a.email, STRONG)).toEqual(expect.any(String));
  });

  test('reset refuses a weak password and leaves the link usable for a strong one', async () => {
    const a = await t.signup();
    const before = (await t.outbox()).length;
    expect((await t.call('POST', '/api/users/sendReset', { body: { email: a.email } })).status).toBe(200);
    const mail = mailTo(await mailsSince(before), a.email)[0];
    const token = decodeURIComponent(/resetPassword\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]);
    expectError(
      await t.call('POST', '/api/users/reset', { body: { token, password: 'aaaaaaaa' } }),
      400,
      'PASSWORD_WEAK',
    );
    expectError(
      await t.call('POST', '/api/users/reset', { body: { token, password: 'password1234' } }),
      400,
      'PASSWORD_WEAK',
    );
    expect(
      (await t.call('POST', '/api/users/reset', { body: { token, password: 'reset-to-something-long' } })).status,
    ).toBe(200);
    expect(await t.login(a.email, 'reset-to-something-long')).toEqual(expect.any(String));
  });
});

describe('sessions', () => {
  const setLastUse = (token: string, iso: string) =>
    t.db.kysely.updateTable('sessions').set({ last_used_at: iso }).where('token_hash', '=', hashToken(token)).execute();
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  // SESSION_IDLE_DAYS is 7 by default
  test(`a session unused for SESSION_IDLE_DAYS is 401 TOKEN_EXPIRED, within its absolute lifetime`, async () => {
    expect(t.config.sessionIdleDays).toBe(7);
    const a = await t.signupAndLogin();
    await setLastUse(a.token, daysAgo(7.01));
    expect((await sessionRow(a.token)).expires_at > new Date().toISOString()).toBe(true);
    expectError(await me(a.token), 401, 'TOKEN_EXPIRED');
    expectError(await t.call('POST', '/api/users/logout', { token: a.token }), 401, 'TOKEN_EXPIRED');
  });

  test('use keeps a session alive: a request records it, at most once a minute', async () => {
    const a = await t.signupAndLogin();
    await setLastUse(a.token, daysAgo(6.9));
    expect((await me(a.token)).status).toBe(200);
    const touched = (await sessionRow(a.token)).last_used_at!;
    expect(Date.now() - Date.parse(touched)).toBeLessThan(60_000);
    // the next reads within the minute write nothing
    for (let i = 0; i < 3; i++) expect((await me(a.token)).status).toBe(200);
    expect((await sessionRow(a.token)).last_used_at).toBe(touched);
    // a login records its first use
    const fresh = await t.login(a.email, a.password);
    expect((await sessionRow(fresh)).last_used_at).toEqual(expect.any(String));
  });

  test("log out everywhere revokes every session of the account, this one included, and no one else's", async () => {
    const a = await t.signupAndLogin();
    const phone = await t.login(a.email, a.password);
    const bystander = await t.signupAndLogin();
    const r = await t.call('POST', '/api/users/logoutAll', { token: a.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ message: 'LOGGED_OUT_EVERYWHERE', revokedSessions: 2 });
    expectError(await me(a.token), 401, 'UNAUTHORIZED');
    expectError(await me(phone), 401, 'UNAUTHORIZED');
    expect((await me(bystander.token)).status).toBe(200);
    expectError(await t.call('POST', '/api/users/logoutAll'), 401, 'UNAUTHORIZED');
  });
});

describe('look-alike usernames', () => {
  const signupAs = (username: string) =>
    t.call('POST', '/api/users/pp', {
      body: { username, email: `u_${unique()}@example.com`, password: STRONG, nickname: 'Look', gender: 'female' },
    });

  test('full-width letters fold to plain ones (NFKC), so `ａｄｍｉｎ` collides with `admin` as taken', async () => {
    const base = `admin${unique().slice(0, 4)}`;
    expect((await signupAs(base)).status).toBe(201);
    const fullWidth = [...base].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    expectError(await signupAs(fullWidth), 409, 'USERNAME_TAKEN');
    expectError(await signupAs(fullWidth.toUpperCase()), 409, 'USERNAME_TAKEN');
    const alone = await signupAs('ｍａｒｉｏ' + unique().slice(0, 4));
    expect(alone.status).toBe(201);
    expect(alone.json.data.user.username).toMatch(/^mario/);
  });

  // the mixed name is `аdmin`, with a Cyrillic а
  test('a name mixing scripts is 400 USERNAME_MIXED_SCRIPT; one script, or Japanese, is fine', async () => {
    expectError(await signupAs(`\u0430dmin${digits()}`), 400, 'USERNAME_MIXED_SCRIPT');
    expectError(await signupAs(`p\u0430ypal_${digits()}`), 400, 'USERNAME_MIXED_SCRIPT');
    expect((await signupAs(`иван_${digits()}`)).status).toBe(201);
    expect((await signupAs(`たなか太郎${digits()}`)).status).toBe(201);
    expect((await signupAs(`Giulia_${unique().slice(0, 4)}`)).status).toBe(201);
  });

  test('the same rules apply to a username change', async () => {
    const taken = await t.signup();
    const a = await t.signupAndLogin();
    expectError(
      await put(a.user.id, { username: `\u0430${taken.username.slice(1)}` }, a.token),
      400,
      'USERNAME_MIXED_SCRIPT',
    );
    const fullWidth = [...taken.username]
      .map((c) => (/[a-z0-9_]/i.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    expectError(await put(a.user.id, { username: fullWidth }, a.token), 409, 'USERNAME_TAKEN');
    expect((await userRow(a.user.id)).username).toBe(a.username);
  });
});

describe('the new account routes refuse malformed input with a 4xx and a stable code', () => {
  test.each([
    ['/api/users/me/password', { currentPassword: 42, password: 'long-enough-secret' }],
    ['/api/users/me/password', { currentPassword: 'x', password: 'p'.repeat(129) }],
    ['/api/users/me/password', { password: 'long-enough-secret' }],
    ['/api/users/me/email', { currentPassword: 'x', email: 'not-an-email' }],
    ['/api/users/me/email', { currentPassword: ['x'], email: 'a@b.it' }],
    ['/api/users/email/confirm', { token: 'short' }],
    ['/api/users/email/confirm', { token: 'x'.repeat(201) }],
    ['/api/users/email/confirm', { token: null }],
  ])('%s %j is 400 VALIDATION_ERROR', async (url, body) => {
    const a = await t.signupAndLogin();
    expectError(await t.call('POST', url, { token: a.token, body }), 400, 'VALIDATION_ERROR');
  });

  test('a NUL byte or an oversized current password in PUT /users/pp is 400, never a 5xx', async () => {
    const a = await t.signupAndLogin();
    expectError(
      await put(a.user.id, { email: `x_${unique()}@example.com`, currentPassword: 'p'.repeat(129) }, a.token),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await put(a.user.id, { email: `x_${unique()}@example.com`, currentPassword: 'nul\u0000byte-pass' }, a.token),
      403,
      'CURRENT_PASSWORD_WRONG',
    );
    expectError(await put(a.user.id, { username: 'ab\u0000cd' }, a.token), 400, 'VALIDATION_ERROR');
  });
});

describe('checks of the current password are limited per account', () => {
  // profile saves without a password are not counted, and other accounts are not affected
  test('on each route the 21st attempt in 15 minutes is 429', async () => {
    const limited = await createTestApp();
    try {
      const a = await limited.signupAndLogin();
      const b = await limited.signupAndLogin();
      const save = (body: unknown) => limited.call('PUT', `/api/users/pp/${a.user.id}`, { token: a.token, body });
      for (let i = 0; i < 25; i++) expect((await save({ nickname: `N${i}` })).status).toBe(200);
      const guesses = {
        password: () =>
          limited.call('POST', '/api/users/me/password', {
            token: a.token,
            body: { currentPassword: `guess-${unique()}`, password: 'a-brand-new-secret-42' },
          }),
        email: () =>
          limited.call('POST', '/api/users/me/email', {
            token: a.token,
            body: { currentPassword: `guess-${unique()}`, email: `g_${unique()}@example.com` },
          }),
        profile: () => save({ currentPassword: `guess-${unique()}`, email: `g_${unique()}@example.com` }),
      };
      for (const [route, guess] of Object.entries(guesses)) {
        for (let i = 0; i < 20; i++) expect((await guess()).status, `${route} attempt ${i + 1}`).toBe(403);
        const blocked = await guess();
        expect(blocked.status, route).toBe(429);
        expect(blocked.json.error.code).toBe('RATE_LIMITED');
      }
      // another account from the same address is not affected
      expectError(
        await limited.call('POST', '/api/users/me/password', {
          token: b.token,
          body: { currentPassword: 'nope', password: 'a-brand-new-secret-42' },
        }),
        403,
        'CURRENT_PASSWORD_WRONG',
      );
    } finally {
      await limited.close();
    }
  });
});
