import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPassword } from '../../../src/features/accounts/server/password-strength.ts';
import { resetLinkOf, type ParsedMail } from '../helpers/mail.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/expect-error.ts';

// Ways into another account through the account rules: an admin's power over a peer, a password
// made of the account's own names, a reset link that outlives the address it was mailed to.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestApp['signupAndLogin']>>;
const put = (id: string, body: unknown, token: string) => t.call('PUT', `/api/users/pp/${id}`, { body, token });
const post = (url: string, body: unknown, token?: string) => t.call('POST', `/api${url}`, { body, token });
const authenticate = (email: string, password: string) => post('/users/authenticate', { email, password });
const users = () => t.db.kysely.selectFrom('users').selectAll();
const userRow = (id: string) => users().where('id', '=', id).executeTakeFirstOrThrow();
const audits = () => t.db.kysely.selectFrom('audit_log').selectAll();
const auditOf = (id: string) => audits().where('entity_id', '=', id).orderBy('created_at').execute();
const mailsSince = async (before: number) => (await t.outbox()).slice(before);
const unique = () => Math.random().toString(36).slice(2, 10);
const CONFIRM_LINK = /\/confirmEmail\?token=([A-Za-z0-9_%-]+)/;
const confirmTokenOf = (mail: ParsedMail) => decodeURIComponent(CONFIRM_LINK.exec(mail.text)![1]);
const AGENCY = () => `${t.config.agencyName}Admin`;

async function admin(role = 'SiteAdmin'): Promise<Session> {
  const s = await t.signupAndLogin();
  await t.makeAdmin(s.user.id, role);
  return s;
}

/** Mails a reset link to the address and answers its token. */
async function resetLink(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  expect((await post('/users/sendReset', { email })).status).toBe(200);
  const [mail] = (await mailsSince(before)).filter((m) => m.to.includes(email));
  return resetLinkOf(mail).token;
}

describe('an agency admin cannot take over a peer agency admin', () => {
  test('PUT /users/pp/{peer} with a new e-mail is 403 ADMIN_PROTECTED, writes nothing and mails nothing', async () => {
    const attacker = await admin(AGENCY());
    const peer = await admin(AGENCY());
    const rowBefore = await userRow(peer.user.id);
    const mailsBefore = (await t.outbox()).length;
    const hijack = `hijack_${unique()}@evil.example`;

    expectError(await put(peer.user.id, { email: hijack }, attacker.token), 403, 'ADMIN_PROTECTED');
    const rename = { nickname: 'Owned', username: `owned_${unique()}` };
    expectError(await put(peer.user.id, rename, attacker.token), 403, 'ADMIN_PROTECTED');
    expect(await userRow(peer.user.id)).toEqual(rowBefore);
    expect(await auditOf(peer.user.id)).toEqual([]);
    expect(await mailsSince(mailsBefore)).toEqual([]);

    // the rest of the take-over goes nowhere: a reset asked for the attacker's address mails nothing
    expect((await post('/users/sendReset', { email: hijack })).status).toBe(200);
    expect(await mailsSince(mailsBefore)).toEqual([]);
    expect((await authenticate(peer.email, peer.password)).status).toBe(200);
  });

  test('the same peer is refused on every path alike: profile, e-mail, block and roles', async () => {
    const actor = await admin(AGENCY());
    const peer = await admin(AGENCY());
    expectError(await put(peer.user.id, { nickname: 'Renamed' }, actor.token), 403, 'ADMIN_PROTECTED');
    expectError(await put(peer.user.id, { email: `x_${unique()}@example.com` }, actor.token), 403, 'ADMIN_PROTECTED');
    const onPeer = `/api/admin/users/${peer.user.id}`;
    expectError(await t.call('PUT', `${onPeer}/block`, { token: actor.token }), 403, 'ADMIN_PROTECTED');
    const demote = await t.call('DELETE', `${onPeer}/roles/${AGENCY()}`, { token: actor.token });
    expectError(demote, 403, 'ROLE_GRANT_FORBIDDEN');
    // players stay the agency admin's to manage, their e-mail included (applied at once, as before)
    const player = await t.signupAndLogin();
    const moved = `moved_${unique()}@example.com`;
    const r = await put(player.user.id, { nickname: 'Helped', email: moved }, actor.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.data).toMatchObject({ nickname: 'Helped', email: moved });
  });
});

describe("a SiteAdmin's change of another admin's e-mail waits for that admin", () => {
  test.each([
    ['the agency admin', () => admin(AGENCY())],
    ['another SiteAdmin', () => admin()],
  ])('%s: 200 with pendingEmail; the link goes to the current address and the change waits', async (_, makeTarget) => {
    const site = await admin();
    const target = await makeTarget();
    const next = `next_${unique()}@example.com`;
    const before = (await t.outbox()).length;

    const r = await put(target.user.id, { email: next, nickname: 'Kept' }, site.token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ data: { email: target.email, nickname: 'Kept' }, pendingEmail: next });
    expect((await userRow(target.user.id)).email).toBe(target.email);
    const [audit] = await auditOf(target.user.id);
    expect(audit).toMatchObject({ action: 'user.email_request', actor_id: site.user.id });

    // nothing goes to the new address: only the owner, at the current one, can make it theirs
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to)).toEqual([target.email]);
    expect(mails[0].subject).toContain('amministratore');
    expectError(await authenticate(next, target.password), 401, 'INVALID_CREDENTIALS');

    const confirmed = await post('/users/email/confirm', { token: confirmTokenOf(mails[0]) });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect((await userRow(target.user.id)).email).toBe(next);
    expect((await authenticate(next, target.password)).status).toBe(200);
  });

  test("a SiteAdmin still changes a player's e-mail at once", async () => {
    const site = await admin();
    const player = await t.signupAndLogin();
    const next = `player_next_${unique()}@example.com`;
    const r = await put(player.user.id, { email: next }, site.token);
    expect(r.status).toBe(200);
    expect(r.json.data.pendingEmail).toBeUndefined();
    expect((await userRow(player.user.id)).email).toBe(next);
  });
});

describe("a password built from the account's own names is weak", () => {
  // invented names, so only the account's own inputs can make these passwords guessable
  const owner = { username: 'zorblaxine', email: 'quintavalle.mirtilla@example.com', nickname: 'Vortiglione' };
  const builtFromOwner = 'zorblaxine2000 Zorblaxine2000! quintavallemirtilla quintavalle.mirtilla vortiglione2000';

  test('each of them is strong for anybody else', () => {
    for (const password of builtFromOwner.split(' ')) expect(checkPassword(password), password).toBe('ok');
  });

  test.each(builtFromOwner.split(' '))('signup refuses %j with 400 PASSWORD_WEAK', async (password) => {
    expectError(await post('/users/pp', { ...owner, password, gender: 'female' }), 400, 'PASSWORD_WEAK');
  });

  test('password change and reset refuse them too, judged by the account; the reset link stays usable', async () => {
    const a = await t.signupAndLogin({ ...owner, password: 'correct-horse-battery' });
    const change = (password: string) => post('/users/me/password', { currentPassword: a.password, password }, a.token);
    for (const password of builtFromOwner.split(' ')) expectError(await change(password), 400, 'PASSWORD_WEAK');

    const token = await resetLink(a.email);
    for (const password of builtFromOwner.split(' ')) {
      expectError(await post('/users/reset', { token, password }), 400, 'PASSWORD_WEAK');
    }
    expect((await post('/users/reset', { token, password: 'lantern-quarry-mosaic' })).status).toBe(200);
    expect((await authenticate(a.email, 'lantern-quarry-mosaic')).status).toBe(200);
  });
});

describe('a reset link dies with the address it was mailed to', () => {
  const resetWith = (token: string, password: string) => post('/users/reset', { token, password });

  test('the owner confirms a new e-mail: the earlier link is 400 RESET_TOKEN_INVALID, the password stays', async () => {
    const a = await t.signupAndLogin();
    const token = await resetLink(a.email);
    const next = `own_next_${unique()}@example.com`;
    const before = (await t.outbox()).length;
    expect((await post('/users/me/email', { currentPassword: a.password, email: next }, a.token)).status).toBe(200);
    const [link] = (await mailsSince(before)).filter((m) => m.to.includes(next));
    expect((await post('/users/email/confirm', { token: confirmTokenOf(link) })).status).toBe(200);

    expectError(await resetWith(token, 'someone-elses-secret-77'), 400, 'RESET_TOKEN_INVALID');
    expect((await authenticate(next, a.password)).status).toBe(200);
    expectError(await authenticate(next, 'someone-elses-secret-77'), 401, 'INVALID_CREDENTIALS');
  });

  test("an admin moves a player's e-mail: the earlier link is 400 RESET_TOKEN_INVALID, password kept", async () => {
    const site = await admin();
    const player = await t.signupAndLogin();
    const token = await resetLink(player.email);
    const next = `admin_moved_${unique()}@example.com`;
    expect((await put(player.user.id, { email: next }, site.token)).status).toBe(200);

    expectError(await resetWith(token, 'someone-elses-secret-77'), 400, 'RESET_TOKEN_INVALID');
    expect((await authenticate(next, player.password)).status).toBe(200);
  });

  test('a link asked for after the change works', async () => {
    const site = await admin();
    const player = await t.signupAndLogin();
    const next = `after_${unique()}@example.com`;
    expect((await put(player.user.id, { email: next }, site.token)).status).toBe(200);
    const token = await resetLink(next);
    expect((await resetWith(token, 'fresh-start-password-5')).status).toBe(200);
    expect((await authenticate(next, 'fresh-start-password-5')).status).toBe(200);
  });
});
