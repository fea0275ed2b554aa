import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  createTournament,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  registration,
  registrationRows,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';
import { address, rewardsApi } from '../helpers/rewards.ts';
import { openPhaseNow, submit } from '../helpers/campaign.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * POST /users/me/delete: a player closes their own account. Refused while it is still needed (a tournament not
 * ended, an order not shipped) or not theirs to close (a wrong password, a staff account); then everything that
 * names the person is gone, and what other records need stays under a name that says nothing of them.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const deleteAccount = (token: string, currentPassword: unknown) =>
  t.call('POST', '/api/users/me/delete', { token, body: { currentPassword } });
/** Every row of every table of the app's database (both engines), by table. */
async function everyTable(): Promise<Record<string, Record<string, unknown>[]>> {
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of await t.db.kysely.introspection.getTables())
    all[name] = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db.kysely)).rows;
  return all;
}
const userRow = (id: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

// the closing is refused while a tournament or an order needs the account
test('a player closes their account: refused while needed, then nothing names them', async () => {
  const api = rewardsApi(t, admin.token);
  const me = await t.signupAndLogin({ language: 'en' });
  const other = await quickPlayer(t);
  const profile = { ...address, nickname: 'Falco', discordId: 'falco#1', epicId: 'falco-epic' };
  expect((await t.call('PUT', `/api/users/pp/${me.user.id}`, { token: me.token, body: profile })).status).toBe(200);
  const player: Person = { id: me.user.id, token: me.token, email: me.email, username: me.username };

  // a championship tournament and its faction, an order, a campaign picture and a reminder choice
  const made = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Deletion Cup', game: 'Fortnite' },
  });
  const competitionId = made.json.data.id as string;
  const cup = await createTournament(t, admin.token, 'registration', { competitionId });
  const inGame = { username: 'FalcoInGame', id: 'epic-falco-123' };
  expect((await join(t, cup, player, registration(player.id, inGame))).status).toBe(200);
  const side = await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
    token: me.token,
    body: { team: 'speed' },
  });
  expect(side.status, JSON.stringify(side.json)).toBe(200);
  expect((await join(t, cup, other)).status).toBe(200);
  await api.credit(player.id, 500, 'deletion test');
  const hoodie = await api.product({ name: 'Felpa deletion', price: 120 });
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: me.token,
    body: { shippingAddress: address, productId: hoodie._id },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  await openPhaseNow(t, admin.token, 1);
  expect((await submit(t, me.token)).status).toBe(201);
  // a new address waiting for its link, and a reset link mailed to the old one: neither may stay behind
  const moving = await t.call('POST', '/api/users/me/email', {
    token: me.token,
    body: { currentPassword: me.password, email: 'falco.new@example.com' },
  });
  expect(moving.status, JSON.stringify(moving.json)).toBe(200);
  expect((await t.call('POST', '/api/users/sendReset', { body: { email: me.email } })).status).toBe(200);
  await t.mailDrained();
  const choices = { checkinOpen: false, checkinClosing: true, resultsFinal: true };
  expect((await t.call('PUT', '/api/users/me/notifications', { token: me.token, body: choices })).status).toBe(200);

  // not the owner's password, or no password: nothing changes
  const untouched = await t.snapshot();
  expectError(await deleteAccount(me.token, 'not-my-password'), 403, 'CURRENT_PASSWORD_WRONG');
  expectError(await deleteAccount(me.token, 42), 400, 'VALIDATION_ERROR');
  expectError(
    await t.call('POST', '/api/users/me/delete', { body: { currentPassword: me.password } }),
    401,
    'UNAUTHORIZED',
  );
  // still in a tournament that has not ended, then an order that waits to be shipped
  expectError(await deleteAccount(me.token, me.password), 409, 'STILL_IN_TOURNAMENT');
  expect(await t.snapshot()).toEqual(untouched);
  await setPhase(t, admin.token, cup, 'complete');
  const ended = await t.snapshot();
  expectError(await deleteAccount(me.token, me.password), 409, 'ORDER_NOT_SHIPPED');
  expect(await t.snapshot()).toEqual(ended);
  const purchaseId = bought.json.data.purchase.id as string;
  const shipped = await t.call('PATCH', `/api/marketplace/purchases/${purchaseId}/fulfill`, { token: admin.token });
  expect(shipped.status).toBe(200);
  const balance = (await t.call('GET', '/api/marketplace/wallets/me', { token: me.token })).json.data.balance;

  const before = (await t.outbox()).length;
  const done = await deleteAccount(me.token, me.password);
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  expect(done.json.data).toEqual({ deleted: true });

  // the session is over and the credentials open nothing
  expectError(await t.call('GET', '/api/users/me/export', { token: me.token }), 401, 'UNAUTHORIZED');
  const login = await t.call('POST', '/api/users/authenticate', { body: { email: me.email, password: me.password } });
  expectError(login, 401, 'INVALID_CREDENTIALS');

  // the account keeps its id under a name that is nobody's; every profile field is blank
  const row = await userRow(player.id);
  expect(row.username).toMatch(/^~deleted-[0-9a-f]{12}$/);
  expect(row.email).toBe(`${player.id}@deleted.invalid`);
  expect(row).toMatchObject({ nickname: '', discord_id: '', epic_id: '', street_name: '', city: '', phone_number: '' });
  expect(row.birth_date).toBeNull();
  expect(Number(row.public_profile)).toBe(0);
  // no row of any table names the person, but the one message that tells the old address the account is closed
  const tables = await everyTable();
  const notice = tables.mail_outbox.filter((m) => m.recipient === me.email);
  expect(notice.map((m) => m.subject)).toEqual(['Your account was deleted']);
  const whole = JSON.stringify({ ...tables, mail_outbox: tables.mail_outbox.filter((m) => !notice.includes(m)) });
  const traces = [
    me.username,
    me.email,
    'falco.new@example.com',
    'FalcoInGame',
    'epic-falco-123',
    'Via Roma 1',
    'Falco',
  ];
  for (const trace of traces) expect(whole, trace).not.toContain(trace);

  // what other records need stays: the entry in the past tournament, the ledger, the order
  const entries = await registrationRows(t, cup);
  expect(entries.map((r) => r.user_id).sort()).toEqual([player.id, other.id].sort());
  const mine = entries.find((r) => r.user_id === player.id)!;
  expect(JSON.parse(mine.game_account)).toEqual({ username: row.username, game: 'Fortnite', console: 'PC', id: '' });
  const wallet = await t.db.kysely
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', player.id)
    .executeTakeFirstOrThrow();
  expect(Number(wallet.balance)).toBe(balance);
  const order = await t.db.kysely
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  expect(order).toMatchObject({ ship_first_name: '', ship_city: '', ship_phone_number: '', price: 120 });
  const submission = await t.db.kysely
    .selectFrom('screenshot_submissions')
    .select(['username', 'email'])
    .where('user_id', '=', player.id)
    .executeTakeFirstOrThrow();
  expect(submission).toEqual({ username: row.username, email: row.email });
  const kept = await t.db.kysely
    .selectFrom('notification_preferences')
    .select('user_id')
    .where('user_id', '=', player.id)
    .execute();
  expect(kept).toEqual([]);

  const faction = await t.db.kysely
    .selectFrom('competition_players')
    .select(['team', 'player_name'])
    .where('user_id', '=', player.id)
    .executeTakeFirstOrThrow();
  expect(faction).toEqual({ team: 'speed', player_name: row.username });

  // the other player's entry is theirs as before
  expect(JSON.parse(entries.find((r) => r.user_id === other.id)!.game_account).username).toBe('ninja');

  // the old address is told, in the player's language
  const mails = (await t.outbox()).slice(before);
  expect(mails.map((m) => [m.to, m.subject])).toEqual([[me.email, 'Your account was deleted']]);
});

describe('refused', () => {
  // so a stolen session is no password oracle
  test('the 21st password in 15 minutes is 429, even the right one', async () => {
    const limited = await createTestApp();
    try {
      const p = await limited.signupAndLogin();
      const attempt = (currentPassword: string) =>
        limited.call('POST', '/api/users/me/delete', { token: p.token, body: { currentPassword } });
      for (let i = 0; i < 20; i++) expect((await attempt(`guess-${i}`)).status, `attempt ${i + 1}`).toBe(403);
      expectError(await attempt(p.password), 429, 'RATE_LIMITED');
      expect((await limited.call('GET', '/api/users/me/export', { token: p.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('a staff account is closed by another admin removing its roles, not here', async () => {
    const staff = await t.signupAndLogin();
    await t.makeAdmin(staff.user.id);
    expectError(await deleteAccount(staff.token, staff.password), 409, 'STAFF_ACCOUNT');
    expect((await userRow(staff.user.id)).email).toBe(staff.email);
  });

  test('a player invited to a team of a tournament not ended is still in it', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const [captain] = await quickPlayers(t, 1);
    const partner = await t.signupAndLogin();
    const team = {
      teamName: 'Wolves',
      gameAccounts: [captain.id, partner.user.id].map((userId, i) => ({
        userId,
        gameAccount: { username: `m${i}`, id: `epic-m${i}`, game: 'Fortnite', console: 'PC' },
      })),
    };
    const registered = await t.call('POST', `/api/tournaments/${id}/register?userID=${captain.id}`, {
      token: captain.token,
      body: team,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    expectError(await deleteAccount(partner.token, partner.password), 409, 'STILL_IN_TOURNAMENT');
    const declined = await t.call(
      'POST',
      `/api/tournaments/${id}/entry-teams/${registered.json.data.team.id}/decline`,
      { token: partner.token, body: {} },
    );
    expect(declined.status, JSON.stringify(declined.json)).toBe(200);
    expect((await deleteAccount(partner.token, partner.password)).status).toBe(200);
  });
});

test("a bracket the player played in keeps its entrant, seed and score under the stand-in's name", async () => {
  const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant', maxPartecipants: 8 });
  const rivals = await quickPlayers(t, 3);
  const me = await t.signupAndLogin();
  const player: Person = { id: me.user.id, token: me.token, email: me.email, username: me.username };
  const field = [player, ...rivals];
  for (const p of field) expect((await join(t, id, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of field) expect((await checkIn(t, id, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  const made = await t.call('POST', `/api/tournaments/${id}/bracket`, {
    token: admin.token,
    body: { seeding: 'checkin' },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  await setPhase(t, admin.token, id, 'complete');

  expect((await deleteAccount(me.token, me.password)).status).toBe(200);
  const name = (await userRow(player.id)).username;
  const bracket = (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data;
  const text = JSON.stringify(bracket);
  expect(text).not.toContain(me.username);
  expect(text).toContain(name);
  const entrants = await t.db.kysely
    .selectFrom('bracket_entrants')
    .selectAll()
    .where('tournament_id', '=', id)
    .execute();
  expect(entrants).toHaveLength(4);
  const mine = entrants.find((e) => e.entrant_id === player.id)!;
  expect([mine.name, JSON.parse(mine.members)]).toEqual([name, [{ id: player.id, username: name }]]);
  for (const rival of rivals) expect(text).toContain(rival.username);
});

// even where they read like the player's
test("the audit log keeps what admins did: a tournament's own fields stay", async () => {
  const me = await t.signupAndLogin();
  const player: Person = { id: me.user.id, token: me.token, email: me.email, username: me.username };
  const named = await t.call('PUT', `/api/users/pp/${player.id}`, { token: me.token, body: { nickname: 'Zephyr' } });
  expect(named.status).toBe(200);
  const id = await createTournament(t, admin.token, 'registration', { name: 'Zephyr' });
  expect((await join(t, id, player)).status).toBe(200);
  await rewardsApi(t, admin.token).credit(player.id, 50, 'audit test');
  // the admin's edit records the tournament with its members: the player's id among them
  await setPhase(t, admin.token, id, 'complete');

  expect((await deleteAccount(me.token, me.password)).status).toBe(200);
  const stand = (await userRow(player.id)).username;
  const entries = await t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'entity_label', 'after'])
    .where((eb) => eb.or([eb('entity_id', '=', id), eb('entity_id', '=', player.id)]))
    .execute();
  const edit = entries.find((e) => e.action === 'tournament.update')!;
  expect(edit.entity_label).toBe('Zephyr');
  expect(JSON.parse(edit.after!)).toMatchObject({ name: 'Zephyr', members: expect.arrayContaining([player.id]) });
  const credit = entries.find((e) => e.action === 'wallet.adjust')!;
  expect(credit.entity_label).toBe(stand);
  expect(JSON.stringify(entries)).not.toContain(me.username);
});

describe("an admin closes a player's account on their request", () => {
  const deleteFor = (id: string, token = admin.token) => t.call('POST', `/api/admin/users/${id}/delete`, { token });

  test('under the same rules, audited by the stand-in name only; the player is told', async () => {
    const me = await t.signupAndLogin({ language: 'it' });
    const player: Person = { id: me.user.id, token: me.token, email: me.email, username: me.username };
    const cup = await createTournament(t, admin.token, 'registration');
    expect((await join(t, cup, player)).status).toBe(200);

    expectError(await deleteFor(player.id, me.token), 403, 'FORBIDDEN');
    expectError(await deleteFor('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await deleteFor(admin.id), 409, 'STAFF_ACCOUNT');
    expectError(await deleteFor(player.id), 409, 'STILL_IN_TOURNAMENT');
    expect((await leave(t, cup, player)).status).toBe(200);

    const before = (await t.outbox()).length;
    const done = await deleteFor(player.id);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const stand = (await userRow(player.id)).username;
    expect(stand).toMatch(/^~deleted-/);
    expectError(await t.call('GET', '/api/users/me/export', { token: me.token }), 401, 'UNAUTHORIZED');
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.delete')
      .where('entity_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin.id, entity_type: 'user', entity_label: stand });
    expect(JSON.stringify(entry)).not.toContain(me.username);
    const mails = (await t.outbox()).slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[me.email, 'Il tuo account è stato eliminato']]);
  });
});
