import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Phase } from '../../../src/features/tournaments/rules.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  checkOut,
  createTournament,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  registration,
  registrationRows,
  setPhase,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * Join, leave, waitlist, check-in and check-out: join and leave only while registration is open,
 * check-in and check-out only for members while check-in is open, private tournaments need the
 * password, slots never exceed `maxPartecipants`, one registration per user.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const allPhases: Phase[] = [
  'waiting',
  'registration',
  'registrationClosed',
  'checkinOpen',
  'checkinClosed',
  'ongoing',
  'complete',
];

describe('joining', () => {
  test('a player joins while registration is open and becomes a member', async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    const res = await join(t, id, p);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'member', waitlistPosition: null });
    expect(res.json.data.tournament.members).toEqual([p.id]);
    expect(res.json.data.tournament.me).toEqual({ member: true, confirmed: false, waitlistPosition: null });
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    const [row] = await registrationRows(t, id);
    expect(JSON.parse(row.game_account)).toEqual({
      username: 'ninja',
      id: 'epic-ninja',
      game: 'Fortnite',
      console: 'PC',
    });
  });

  test.each(allPhases.filter((p) => p !== 'registration'))(
    'joining in phase %s is 409 REGISTRATION_CLOSED and writes nothing',
    async (phase) => {
      const id = await createTournament(t, admin.token, phase);
      const p = await quickPlayer(t);
      expectError(await join(t, id, p), 409, 'REGISTRATION_CLOSED');
      expect(await registrationRows(t, id)).toEqual([]);
    },
  );

  test('an admin status "ended" closes registration even inside the window', async () => {
    const id = await createTournament(t, admin.token, 'registration', { status: 2 });
    expectError(await join(t, id, await quickPlayer(t)), 409, 'REGISTRATION_CLOSED');
  });

  test('without a token it is 401; for another player it is 403', async () => {
    const id = await createTournament(t, admin.token);
    const [a, b] = await quickPlayers(t, 2);
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register?userID=${a.id}`, { body: registration(a.id) }),
      401,
      'UNAUTHORIZED',
    );
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register?userID=${b.id}`, {
        token: a.token,
        body: registration(b.id),
      }),
      403,
      'FORBIDDEN',
    );
    // the body's game account may not name someone else either
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register?userID=${a.id}`, {
        token: a.token,
        body: registration(b.id),
      }),
      403,
      'FORBIDDEN',
    );
    expect(await registrationRows(t, id)).toEqual([]);
  });

  test("an admin may register another player; the account must be that player's", async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, {
        token: admin.token,
        body: registration(admin.id),
      }),
      400,
      'USER_MISMATCH',
    );
    const res = await t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, {
      token: admin.token,
      body: registration(p.id),
    });
    expect(res.status).toBe(200);
    expect(res.json.data.tournament.members).toEqual([p.id]);
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register?userID=nobody-at-all`, {
        token: admin.token,
        body: registration('nobody-at-all'),
      }),
      404,
      'USER_NOT_FOUND',
    );
  });

  test('userID left out means the caller', async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    const res = await t.call('POST', `/api/tournaments/${id}/register`, { token: p.token, body: registration(p.id) });
    expect(res.json.data.tournament.members).toEqual([p.id]);
  });

  test("the game account must be for the tournament's game (400 GAME_MISMATCH)", async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    expectError(await join(t, id, p, registration(p.id, { game: 'Valorant' })), 400, 'GAME_MISMATCH');
    expect(await registrationRows(t, id)).toEqual([]);
  });

  test("the console must be one of the tournament's (400 CONSOLE_NOT_ALLOWED)", async () => {
    const id = await createTournament(t, admin.token, 'registration', { console: ['PS5', 'XBOX'] });
    const p = await quickPlayer(t);
    expectError(await join(t, id, p, registration(p.id, { console: 'PC' })), 400, 'CONSOLE_NOT_ALLOWED');
    expect((await join(t, id, p, registration(p.id, { console: 'XBOX' }))).status).toBe(200);
  });

  test('joining twice is 409 ALREADY_REGISTERED, as member and as waitlisted', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const [a, b] = await quickPlayers(t, 2);
    expect((await join(t, id, a)).json.data.state).toBe('member');
    expect((await join(t, id, b)).json.data.state).toBe('waitlist');
    expectError(await join(t, id, a), 409, 'ALREADY_REGISTERED');
    expectError(await join(t, id, b), 409, 'ALREADY_REGISTERED');
    expect(await registrationRows(t, id)).toHaveLength(2);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });

  test('a well-formed id of no tournament is 404 TOURNAMENT_NOT_FOUND', async () => {
    const p = await quickPlayer(t);
    expectError(await join(t, '00000000-0000-4000-8000-000000000000', p), 404, 'TOURNAMENT_NOT_FOUND');
  });
});

describe('private tournaments', () => {
  let id: string;
  beforeAll(async () => {
    id = await createTournament(t, admin.token, 'registration', { open: false, password: 'sesame-42' });
  });

  test('the password is never returned', async () => {
    const res = await t.call('GET', `/api/tournaments/${id}`);
    expect(res.json.data.open).toBe(false);
    expect(JSON.stringify(res.json)).not.toMatch(/sesame|password|argon/i);
    // and it is stored hashed
    expect((await tournamentRow(t, id)).password_hash).toMatch(/^\$argon2id\$/);
  });

  test('no password is 403 PASSWORD_REQUIRED', async () => {
    const p = await quickPlayer(t);
    expectError(await join(t, id, p), 403, 'PASSWORD_REQUIRED');
  });

  test('a wrong password is 403 WRONG_PASSWORD and writes nothing', async () => {
    const p = await quickPlayer(t);
    expectError(await join(t, id, p, registration(p.id, {}, 'open-sesame')), 403, 'WRONG_PASSWORD');
    expect((await registrationRows(t, id)).map((r) => r.user_id)).not.toContain(p.id);
  });

  test('the right password joins', async () => {
    const p = await quickPlayer(t);
    const res = await join(t, id, p, registration(p.id, {}, 'sesame-42'));
    expect(res.status).toBe(200);
    expect(res.json.data.state).toBe('member');
  });
});

describe('slots and the waitlist', () => {
  test('a full tournament queues players in order; positions count from 1', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 2 });
    const [a, b, c, d] = await quickPlayers(t, 4);
    expect((await join(t, id, a)).json.data.state).toBe('member');
    expect((await join(t, id, b)).json.data.state).toBe('member');
    const third = await join(t, id, c);
    expect(third.json.data).toMatchObject({ state: 'waitlist', waitlistPosition: 1 });
    expect(third.json.data.tournament).toMatchObject({
      members: [a.id, b.id],
      waitlistCount: 1,
      me: { member: false, confirmed: false, waitlistPosition: 1 },
    });
    expect((await join(t, id, d)).json.data.waitlistPosition).toBe(2);
    const seen = await t.call('GET', `/api/tournaments/${id}`, { token: d.token });
    expect(seen.json.data.me).toEqual({ member: false, confirmed: false, waitlistPosition: 2 });
    expect((await tournamentRow(t, id)).member_count).toBe(2);
  });

  test('a member leaving promotes the first waitlisted player and mails them in their language', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1, name: 'Promo Cup' });
    const a = await quickPlayer(t);
    const b = await quickPlayer(t, { language: 'en' });
    const c = await quickPlayer(t);
    await join(t, id, a);
    await join(t, id, b);
    await join(t, id, c);
    const mailsBefore = (await t.outbox()).length;

    const res = await leave(t, id, a);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      members: [b.id],
      waitlistCount: 1,
      me: { member: false, confirmed: false, waitlistPosition: null },
    });
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: c.token })).json.data.me.waitlistPosition).toBe(1);

    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(b.email);
    expect(mails[0].subject).toBe('A seat opened up: you are in Promo Cup');
    expect(mails[0].text).toContain(`http://arena.test/en/tournament/${id}`);

    // the next promotion goes to an Italian player, in Italian
    await leave(t, id, b);
    const [it] = (await t.outbox()).slice(mailsBefore + 1);
    expect(it.to).toBe(c.email);
    expect(it.subject).toBe('Si è liberato un posto: sei iscritto a Promo Cup');
    expect(it.text).toContain(`http://arena.test/tournament/${id}`);
  });

  test('a waitlisted player leaving frees no slot and promotes nobody', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const [a, b, c] = await quickPlayers(t, 3);
    await join(t, id, a);
    await join(t, id, b);
    await join(t, id, c);
    const mailsBefore = (await t.outbox()).length;
    const res = await leave(t, id, b);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ members: [a.id], waitlistCount: 1 });
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: c.token })).json.data.me.waitlistPosition).toBe(1);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  test('leaving as a member with an empty waitlist frees the slot', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const [a, b] = await quickPlayers(t, 2);
    await join(t, id, a);
    await leave(t, id, a);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect((await join(t, id, b)).json.data.state).toBe('member');
  });
});

describe('leaving', () => {
  test('not registered is 409 NOT_REGISTERED', async () => {
    const id = await createTournament(t, admin.token);
    expectError(await leave(t, id, await quickPlayer(t)), 409, 'NOT_REGISTERED');
  });

  test.each(allPhases.filter((p) => p !== 'registration'))(
    'leaving in phase %s is 409 REGISTRATION_CLOSED and keeps the registration',
    async (phase) => {
      const id = await createTournament(t, admin.token);
      const p = await quickPlayer(t);
      await join(t, id, p);
      await setPhase(t, admin.token, id, phase);
      expectError(await leave(t, id, p), 409, 'REGISTRATION_CLOSED');
      expect(await registrationRows(t, id)).toHaveLength(1);
    },
  );

  test('another player cannot make me leave (403), an admin can', async () => {
    const id = await createTournament(t, admin.token);
    const [a, b] = await quickPlayers(t, 2);
    await join(t, id, a);
    expectError(
      await t.call('PUT', `/api/tournaments/${id}/register?userID=${a.id}`, { token: b.token }),
      403,
      'FORBIDDEN',
    );
    expect((await t.call('PUT', `/api/tournaments/${id}/register?userID=${a.id}`, { token: admin.token })).status).toBe(
      200,
    );
    expect(await registrationRows(t, id)).toEqual([]);
  });

  test('leaving clears the confirmation: a member who re-joins is not checked in', async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    await join(t, id, p);
    await leave(t, id, p);
    const again = await join(t, id, p);
    expect(again.json.data.tournament.me).toEqual({ member: true, confirmed: false, waitlistPosition: null });
  });
});

describe('check-in and check-out', () => {
  test('a member checks in during check-in with their real game account, and checks out', async () => {
    const id = await createTournament(t, admin.token);
    const p = await quickPlayer(t);
    await join(t, id, p);
    await setPhase(t, admin.token, id, 'checkinOpen');

    const inRes = await checkIn(
      t,
      id,
      p,
      registration(p.id, { username: 'RealNinja', id: 'epic-real', console: 'PS5' }),
    );
    expect(inRes.status, JSON.stringify(inRes.json)).toBe(200);
    expect(inRes.json.data).toMatchObject({
      confirmedMembers: [p.id],
      me: { member: true, confirmed: true, waitlistPosition: null },
    });
    const [row] = await registrationRows(t, id);
    expect(row.confirmed).toBe(1);
    expect(JSON.parse(row.game_account)).toEqual({
      username: 'RealNinja',
      id: 'epic-real',
      game: 'Fortnite',
      console: 'PS5',
    });

    const outRes = await checkOut(t, id, p);
    expect(outRes.status).toBe(200);
    expect(outRes.json.data).toMatchObject({
      members: [p.id],
      confirmedMembers: [],
      me: { member: true, confirmed: false },
    });
  });

  test.each(allPhases.filter((p) => p !== 'checkinOpen'))(
    'check-in and check-out in phase %s are 409 CHECKIN_CLOSED',
    async (phase) => {
      const id = await createTournament(t, admin.token);
      const p = await quickPlayer(t);
      await join(t, id, p);
      await setPhase(t, admin.token, id, phase);
      expectError(await checkIn(t, id, p), 409, 'CHECKIN_CLOSED');
      expectError(await checkOut(t, id, p), 409, 'CHECKIN_CLOSED');
      expect((await registrationRows(t, id))[0].confirmed).toBe(0);
    },
  );

  test('a waitlisted or unregistered player cannot check in (409 NOT_A_MEMBER)', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const [a, b, c] = await quickPlayers(t, 3);
    await join(t, id, a);
    await join(t, id, b);
    await setPhase(t, admin.token, id, 'checkinOpen');
    expectError(await checkIn(t, id, b), 409, 'NOT_A_MEMBER');
    expectError(await checkIn(t, id, c), 409, 'NOT_A_MEMBER');
    expectError(await checkOut(t, id, c), 409, 'NOT_A_MEMBER');
    expect((await registrationRows(t, id)).find((r) => r.user_id === b.id)?.confirmed).toBe(0);
  });

  test('check-in checks the account like a join does, and only for oneself', async () => {
    const id = await createTournament(t, admin.token);
    const [p, other] = await quickPlayers(t, 2);
    await join(t, id, p);
    await setPhase(t, admin.token, id, 'checkinOpen');
    expectError(await checkIn(t, id, p, registration(p.id, { game: 'EAFC25' })), 400, 'GAME_MISMATCH');
    expectError(await checkIn(t, id, p, registration(p.id, { console: 'SWITCH' })), 400, 'CONSOLE_NOT_ALLOWED');
    expectError(
      await t.call('POST', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, {
        token: other.token,
        body: registration(p.id),
      }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.call('PUT', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, {}), 401, 'UNAUTHORIZED');
    expect((await registrationRows(t, id))[0].confirmed).toBe(0);
  });
});
