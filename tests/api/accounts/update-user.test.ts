import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/expect-error.ts';
import { createTournament, join, quickPlayer } from '../helpers/tournaments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const put = (id: string, body: unknown, token?: string) => t.call('PUT', `/api/users/pp/${id}`, { body, token });
const row = (id: string) => t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const accounts = (userId: string) =>
  t.db.kysely
    .selectFrom('game_accounts')
    .select(['position', 'username', 'account_id', 'game', 'console'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();

describe("PUT /api/users/pp/:id on one's own account", () => {
  test('updates profile and shipping address fields and returns the account', async () => {
    const a = await t.signupAndLogin();
    const changes = {
      displayName: 'Mario R.',
      nickname: 'SuperMario',
      gender: 'male',
      birth_date: '1990-07-21',
      discordId: 'mario#1234',
      epicId: 'MarioEpic',
      language: 'en',
      first_name: 'Mario',
      last_name: 'Rossi',
      street_name: 'Via Roma 1',
      additional_address_info: 'scala B',
      zip_code: '20121',
      city: 'Milano',
      country: 'Italia',
      phone_number: '+39 333 1234567',
    };
    const { status, json } = await put(a.user.id, changes, a.token);
    expect(status).toBe(200);
    expect(json.status).toBe('SUCCESS');
    expect(json.data.data).toMatchObject({ id: a.user.id, email: a.email, ...changes });

    const r = await row(a.user.id);
    expect(r).toMatchObject({
      display_name: 'Mario R.',
      nickname: 'SuperMario',
      gender: 'male',
      birth_date: '1990-07-21',
      discord_id: 'mario#1234',
      epic_id: 'MarioEpic',
      language: 'en',
      first_name: 'Mario',
      last_name: 'Rossi',
      street_name: 'Via Roma 1',
      additional_address_info: 'scala B',
      zip_code: '20121',
      city: 'Milano',
      country: 'Italia',
      phone_number: '+39 333 1234567',
    });
    expect(r.updated_at > r.created_at).toBe(true);
  });

  test('leaves fields that are not sent as they were, and trims what is sent', async () => {
    const a = await t.signupAndLogin();
    await put(a.user.id, { city: 'Roma', zip_code: '00100' }, a.token);
    const { status } = await put(a.user.id, { city: '  Torino  ' }, a.token);
    expect(status).toBe(200);
    expect(await row(a.user.id)).toMatchObject({ city: 'Torino', zip_code: '00100', nickname: a.user.nickname });
  });

  test('replaces the game accounts with the list sent, in order; omitting it keeps them; [] clears them', async () => {
    const a = await t.signupAndLogin();
    const first = [
      { username: 'ninja', id: 'epic-1', game: 'Fortnite', console: 'PC' },
      { username: 'striker', game: 'EAFC25', console: 'PS5' },
    ];
    let r = await put(a.user.id, { gameAccounts: first }, a.token);
    expect(r.status).toBe(200);
    expect(r.json.data.data.gameAccounts).toEqual([first[0], { ...first[1], id: '' }]);
    expect(await accounts(a.user.id)).toEqual([
      { position: 0, username: 'ninja', account_id: 'epic-1', game: 'Fortnite', console: 'PC' },
      { position: 1, username: 'striker', account_id: '', game: 'EAFC25', console: 'PS5' },
    ]);

    r = await put(
      a.user.id,
      { gameAccounts: [{ username: 'sniper', id: 'x9', game: 'Valorant', console: 'PC' }] },
      a.token,
    );
    expect(r.status).toBe(200);
    expect(await accounts(a.user.id)).toEqual([
      { position: 0, username: 'sniper', account_id: 'x9', game: 'Valorant', console: 'PC' },
    ]);

    r = await put(a.user.id, { city: 'Bari' }, a.token);
    expect(r.json.data.data.gameAccounts).toHaveLength(1);
    expect(await accounts(a.user.id)).toHaveLength(1);

    r = await put(a.user.id, { gameAccounts: [] }, a.token);
    expect(r.json.data.data.gameAccounts).toEqual([]);
    expect(await accounts(a.user.id)).toEqual([]);
  });

  test('roles in the body are ignored: the player stays without roles and without admin rights', async () => {
    const a = await t.signupAndLogin();
    const victim = await t.signup();
    const { status, json } = await put(a.user.id, { roles: ['SiteAdmin'], nickname: 'Wannabe' }, a.token);
    expect(status).toBe(200);
    expect(json.data.data.roles).toEqual([]);
    const r = await row(a.user.id);
    expect(JSON.parse(r.roles)).toEqual([]);
    expect(r.nickname).toBe('Wannabe');
    expect((await put(victim.user.id, { nickname: 'pwned' }, a.token)).status).toBe(403);
  });

  test('an id in the body does not move the update to another account', async () => {
    const a = await t.signupAndLogin();
    const b = await t.signup();
    expect((await put(a.user.id, { id: b.user.id, city: 'Napoli' }, a.token)).status).toBe(200);
    expect((await row(a.user.id)).city).toBe('Napoli');
    expect((await row(b.user.id)).city).toBe('');
  });

  test('a new e-mail is stored in lower case and becomes the login once its mailed link is followed', async () => {
    const a = await t.signupAndLogin();
    const { status, json } = await put(
      a.user.id,
      { email: 'New.Address@Example.com', currentPassword: a.password },
      a.token,
    );
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ data: { email: a.email }, pendingEmail: 'new.address@example.com' });
    // the confirmation flow itself is covered in account-security.test.ts
    const mail = (await t.outbox()).find((m) => m.to.includes('new.address@example.com'))!;
    const token = decodeURIComponent(/confirmEmail\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]);
    expect((await t.call('POST', '/api/users/email/confirm', { body: { token } })).status).toBe(200);
    expect(await t.login('new.address@example.com', a.password)).toEqual(expect.any(String));
    expect(
      (await t.call('POST', '/api/users/authenticate', { body: { email: a.email, password: a.password } })).status,
    ).toBe(401);
  });

  test('an e-mail another account holds is 409 EMAIL_TAKEN and changes nothing', async () => {
    const a = await t.signupAndLogin();
    const b = await t.signup();
    const before = await row(a.user.id);
    const { status, json } = await put(
      a.user.id,
      { email: b.email.toUpperCase(), city: 'Genova', currentPassword: a.password },
      a.token,
    );
    expect(status).toBe(409);
    expect(json).toMatchObject({ status: 'ERROR', error: { code: 'EMAIL_TAKEN' } });
    expect(await row(a.user.id)).toEqual(before);
  });

  test('a username another account holds is 409 USERNAME_TAKEN and changes nothing', async () => {
    const a = await t.signupAndLogin();
    const b = await t.signup();
    const before = await row(a.user.id);
    const { status, json } = await put(
      a.user.id,
      { username: b.username, gameAccounts: [{ username: 'z', game: 'BRAWL', console: 'MOBILE' }] },
      a.token,
    );
    expect(status).toBe(409);
    expect(json.error.code).toBe('USERNAME_TAKEN');
    expect(await row(a.user.id)).toEqual(before);
    expect(await accounts(a.user.id)).toEqual([]);
  });

  test("keeping one's own e-mail and username is not a conflict", async () => {
    const a = await t.signupAndLogin();
    expect((await put(a.user.id, { email: a.email, username: a.username }, a.token)).status).toBe(200);
  });
});

describe('PUT /api/users/pp/:id on another account', () => {
  test('a player is 403 FORBIDDEN and the other account is unchanged', async () => {
    const a = await t.signupAndLogin();
    const b = await t.signup();
    const before = await row(b.user.id);
    const { status, json } = await put(
      b.user.id,
      { nickname: 'hacked', gameAccounts: [{ username: 'x', game: 'Fortnite', console: 'PC' }] },
      a.token,
    );
    expect(status).toBe(403);
    expect(json).toMatchObject({ status: 'ERROR', error: { code: 'FORBIDDEN' } });
    expect(await row(b.user.id)).toEqual(before);
    expect(await accounts(b.user.id)).toEqual([]);
  });

  test('without a token is 401 UNAUTHORIZED', async () => {
    const b = await t.signup();
    const { status, json } = await put(b.user.id, { nickname: 'anon' });
    expect(status).toBe(401);
    expect(json.error.code).toBe('UNAUTHORIZED');
    expect((await row(b.user.id)).nickname).toBe(b.user.nickname);
  });

  test.each(['SiteAdmin', 'agency'])('an admin (%s role) may update it, but still not grant roles', async (kind) => {
    const admin = await t.signupAndLogin();
    await t.makeAdmin(admin.user.id, kind === 'SiteAdmin' ? 'SiteAdmin' : `${t.config.agencyName}Admin`);
    const b = await t.signup();
    const { status, json } = await put(b.user.id, { city: 'Palermo', roles: ['SiteAdmin'] }, admin.token);
    expect(status).toBe(200);
    expect(json.data.data).toMatchObject({ id: b.user.id, city: 'Palermo', roles: [] });
    expect(await row(b.user.id)).toMatchObject({ city: 'Palermo', roles: '[]' });
  });

  test('an admin updating an unknown id is 404 NOT_FOUND', async () => {
    const admin = await t.signupAndLogin();
    await t.makeAdmin(admin.user.id);
    const { status, json } = await put('00000000-0000-0000-0000-000000000000', { city: 'Nowhere' }, admin.token);
    expect(status).toBe(404);
    expect(json.error.code).toBe('NOT_FOUND');
  });
});

describe('a birth date skipped at signup is added on the profile', () => {
  test('the championship refuses the player until the birth date is saved, then takes them', async () => {
    const admin = await quickPlayer(t, { admin: true });
    const competition = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: 'Settings Champ', game: 'Fortnite' },
    });
    expect(competition.status, JSON.stringify(competition.json)).toBe(201);
    const champ = await createTournament(t, admin.token, 'registration', { competitionId: competition.json.data.id });
    const p = await quickPlayer(t, { birthDate: null });
    expectError(await join(t, champ, p), 403, 'CHAMPIONSHIP_AGE');

    const saved = await put(p.id, { birth_date: '2001-03-15' }, p.token);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.data.birth_date).toBe('2001-03-15');
    expect((await row(p.id)).birth_date).toBe('2001-03-15');
    const joined = await join(t, champ, p);
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
  });

  test.each([
    ['15/03/2001', 'VALIDATION_ERROR'],
    ['2001-02-30', 'VALIDATION_ERROR'],
    ['1899-12-31', 'BIRTH_DATE_TOO_EARLY'],
  ])('%s is refused as at signup (%s) and nothing is stored', async (day, code) => {
    const a = await t.signupAndLogin();
    const before = await row(a.user.id);
    const res = await put(a.user.id, { birth_date: day, nickname: 'Changed' }, a.token);
    expectError(res, 400, code);
    expect(res.json.error.issues).toEqual([expect.objectContaining({ path: 'body.birth_date' })]);
    expect(await row(a.user.id)).toEqual(before);
  });
});
