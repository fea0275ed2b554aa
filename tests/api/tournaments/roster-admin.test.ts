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
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import { auditChanges } from '../../../src/features/audit/diff.ts';

/**
 * The match-day roster: an admin removes, disqualifies, checks in,
 * promotes and reorders players under the players' own rules, each audited and mailed; the roster
 * exports as CSV; deleting a tournament mails its players.
 */
let t: TestApp;
let admin: Person;
let player: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
});
afterAll(() => t?.close());

const base = (id: string, p: Person) => `/api/tournaments/${id}/registrations/${p.id}`;
const removeP = (id: string, p: Person, reason: unknown = 'No-show at the briefing') =>
  t.call('POST', `${base(id, p)}/remove`, { token: admin.token, body: { reason } });
const disqualifyP = (id: string, p: Person, reason: unknown = 'Cheating') =>
  t.call('POST', `${base(id, p)}/disqualify`, { token: admin.token, body: { reason } });
const checkInFor = (id: string, p: Person, confirmed: boolean) =>
  t.call('PUT', `${base(id, p)}/checkin`, { token: admin.token, body: { confirmed } });
const promote = (id: string, p: Person) => t.call('POST', `${base(id, p)}/promote`, { token: admin.token });
const move = (id: string, p: Person, position: number) =>
  t.call('PUT', `${base(id, p)}/position`, { token: admin.token, body: { position } });
const ids = (rows: { userId: string }[]) => rows.map((r) => r.userId);
const auditOf = async (id: string, action: string) => {
  const rows = await t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', id)
    .where('action', '=', action)
    // a table has no order of its own (PostgreSQL may return rows in any order): the order they were written in
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    actor: r.actor_id,
    before: r.before ? JSON.parse(r.before) : null,
    after: r.after ? JSON.parse(r.after) : null,
  }));
};
const newMails = async (from: number) => (await t.outbox()).slice(from);

/** A tournament with `members` seats, filled by `players` in order (the rest wait). */
async function rosterOf(n: number, seats: number, opts: { language?: 'it' | 'en' } = {}) {
  const id = await createTournament(t, admin.token, 'registration', {
    maxPartecipants: seats,
    name: `Roster ${Math.random().toString(36).slice(2, 7)}`,
  });
  const people = await quickPlayers(t, n, opts);
  for (const p of people) expect((await join(t, id, p)).status).toBe(200);
  return { id, people };
}

describe('who may use the roster calls', () => {
  const calls = (id: string, p: Person) => [
    { method: 'POST' as const, url: `${base(id, p)}/remove`, body: { reason: 'x' } },
    { method: 'POST' as const, url: `${base(id, p)}/disqualify`, body: { reason: 'x' } },
    { method: 'PUT' as const, url: `${base(id, p)}/checkin`, body: { confirmed: true } },
    { method: 'POST' as const, url: `${base(id, p)}/promote` },
    { method: 'PUT' as const, url: `${base(id, p)}/position`, body: { position: 1 } },
    { method: 'GET' as const, url: `/api/tournaments/${id}/registrations.csv` },
    { method: 'GET' as const, url: `/api/tournaments/${id}/registrations/candidates?search=p_` },
    { method: 'POST' as const, url: `/api/tournaments/${id}/registrations`, body: { userId: p.id } },
  ];
  test('anonymous is 401, a player (even the one named) is 403, and nothing changes', async () => {
    const { id, people } = await rosterOf(2, 1);
    for (const c of calls(id, people[1])) {
      const before = await t.snapshot();
      expectError(await t.call(c.method, c.url, { body: c.body }), 401, 'UNAUTHORIZED');
      expectError(await t.call(c.method, c.url, { body: c.body, token: player.token }), 403, 'FORBIDDEN');
      expectError(await t.call(c.method, c.url, { body: c.body, token: people[1].token }), 403, 'FORBIDDEN');
      expect(await t.snapshot()).toEqual(before);
    }
  });

  test('bad input is a 4xx with a stable code, never a 5xx', async () => {
    const { id, people } = await rosterOf(1, 1);
    expectError(await removeP(id, people[0], ''), 400, 'VALIDATION_ERROR');
    expectError(await removeP(id, people[0], '   '), 400, 'VALIDATION_ERROR');
    expectError(await disqualifyP(id, people[0], 'x'.repeat(501)), 400, 'VALIDATION_ERROR');
    expectError(
      await t.call('POST', `${base(id, people[0])}/remove`, { token: admin.token, body: {} }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await move(id, people[0], 0), 400, 'VALIDATION_ERROR');
    expectError(
      await t.call('PUT', `${base(id, people[0])}/checkin`, { token: admin.token, body: { confirmed: 'yes' } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await t.call('POST', `/api/tournaments/not-an-id/registrations/${people[0].id}/promote`, { token: admin.token }),
      400,
      'INVALID_TOURNAMENT_ID',
    );
    expectError(
      await t.call(
        'POST',
        `/api/tournaments/00000000-0000-4000-8000-000000000000/registrations/${people[0].id}/promote`,
        { token: admin.token },
      ),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    expectError(await removeP(id, player), 409, 'NOT_REGISTERED');
    expect((await registrationRows(t, id)).length).toBe(1);
  });
});

describe('removing a player with a reason', () => {
  // the player is mailed in their language; audited
  test('while registration is open the seat goes to the first in line', async () => {
    const { id, people } = await rosterOf(3, 2, { language: 'en' });
    const [a, b, c] = people;
    const mails = (await t.outbox()).length;
    const res = await removeP(id, a, 'Wrong region');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ids(res.json.data.members)).toEqual([b.id, c.id]);
    expect(res.json.data.waitlist).toEqual([]);
    expect((await tournamentRow(t, id)).member_count).toBe(2);
    const sent = await newMails(mails);
    const toA = sent.find((m) => m.to === a.email)!;
    expect(toA.subject).toMatch(/^You were removed from Roster /);
    expect(toA.text).toContain('Reason: Wrong region');
    expect(toA.text).toContain(`http://arena.test/en/tournament/${id}`);
    expect(sent.find((m) => m.to === c.email)?.subject).toMatch(/you are in/);
    expect(await auditOf(id, 'tournament.player_remove')).toEqual([
      {
        actor: admin.id,
        before: expect.objectContaining({ userId: a.id, username: a.username, state: 'member' }),
        after: { userId: a.id, reason: 'Wrong region', promoted: [c.id] },
      },
    ]);
    // removed, not barred: they may join again
    expect((await join(t, id, a)).json.data.state).toBe('waitlist');
  });

  test('an Italian player gets the Italian mail', async () => {
    const { id, people } = await rosterOf(1, 1, { language: 'it' });
    const mails = (await t.outbox()).length;
    expect((await removeP(id, people[0], 'Account non valido')).status).toBe(200);
    const [mail] = await newMails(mails);
    expect(mail.to).toBe(people[0].email);
    expect(mail.subject).toMatch(/^Sei stato rimosso da Roster /);
    expect(mail.text).toContain('Motivo: Account non valido');
    expect(mail.text).toContain(`http://arena.test/tournament/${id}`);
  });

  test('after registration closes the seat stays free for the admin to give; an ended tournament refuses', async () => {
    const { id, people } = await rosterOf(3, 2);
    const [a, , c] = people;
    await setPhase(t, admin.token, id, 'checkinOpen');
    const res = await removeP(id, a);
    expect(res.json.data.members).toHaveLength(1);
    expect(ids(res.json.data.waitlist)).toEqual([c.id]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    await setPhase(t, admin.token, id, 'complete');
    expectError(await removeP(id, c), 409, 'TOURNAMENT_ENDED');
    expectError(await promote(id, c), 409, 'TOURNAMENT_ENDED');
  });
});

describe('checking in on behalf of a player', () => {
  test('at any time until the end, members only; the registered game account stays; audited', async () => {
    const { id, people } = await rosterOf(2, 1);
    const [a, b] = people;
    // before check-in opens (a player arriving early at the venue) the admin may already check them in
    const early = await checkInFor(id, a, true);
    expect(early.status).toBe(200);
    expect(early.json.data.members[0]).toMatchObject({ userId: a.id, confirmed: true });
    expect((await checkInFor(id, a, false)).json.data.members[0].confirmed).toBe(false);
    await setPhase(t, admin.token, id, 'checkinOpen');
    const res = await checkInFor(id, a, true);
    expect(res.status).toBe(200);
    expect(res.json.data.members).toEqual([
      expect.objectContaining({
        userId: a.id,
        confirmed: true,
        gameAccount: expect.objectContaining({ username: 'ninja', console: 'PC' }),
      }),
    ]);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: a.token })).json.data.me).toEqual({
      member: true,
      confirmed: true,
      waitlistPosition: null,
    });
    expectError(await checkInFor(id, b, true), 409, 'NOT_A_MEMBER');
    expectError(await checkInFor(id, player, true), 409, 'NOT_REGISTERED');
    expect((await checkInFor(id, a, false)).json.data.members[0].confirmed).toBe(false);
    const entries = await auditOf(id, 'tournament.player_checkin');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual({
      actor: admin.id,
      before: { userId: a.id, username: a.username, state: 'member', confirmed: false },
      after: { userId: a.id, username: a.username, state: 'member', confirmed: true },
    });
    expect(await auditOf(id, 'tournament.player_checkout')).toHaveLength(2);
    // as the log shows it: only the check-in changed, and the player is named once
    const log = await t.call('GET', `/api/admin/audit?action=tournament.player_checkin&search=${id}`, {
      token: admin.token,
    });
    const [shown] = log.json.data;
    expect(auditChanges(shown.before, shown.after)).toEqual([{ path: 'confirmed', before: false, after: true }]);
    expect(shown.entityLabel).toBe(`${(await tournamentRow(t, id)).name} · ${a.username}`);
  });

  test('a late arrival after check-in closed, or during play, is checked in; not once it ended', async () => {
    const { id, people } = await rosterOf(1, 1);
    const [a] = people;
    await setPhase(t, admin.token, id, 'checkinClosed');
    expect((await checkIn(t, id, a)).status).toBe(409);
    expect((await checkInFor(id, a, true)).json.data.members[0].confirmed).toBe(true);
    await setPhase(t, admin.token, id, 'ongoing');
    expect((await checkInFor(id, a, false)).json.data.members[0].confirmed).toBe(false);
    await setPhase(t, admin.token, id, 'complete');
    const before = await t.snapshot();
    expectError(await checkInFor(id, a, true), 409, 'TOURNAMENT_ENDED');
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('adding a registered site user', () => {
  const fortnite = { username: 'late_ninja', id: 'epic-late', game: 'Fortnite', console: 'PS5' } as const;
  const addP = (id: string, userId: string) =>
    t.call('POST', `/api/tournaments/${id}/registrations`, { token: admin.token, body: { userId } });
  const search = (id: string, q: string) =>
    t.call('GET', `/api/tournaments/${id}/registrations/candidates?search=${encodeURIComponent(q)}`, {
      token: admin.token,
    });
  async function withAccount(p: Person, account: typeof fortnite | { game: string; console: string } = fortnite) {
    await UserRepository.keepGameAccount(t.db.kysely, p.id, { username: 'late_ninja', id: '', ...account } as never);
    return p;
  }

  test('the search finds users by part of their username, any case, leaving out who is registered', async () => {
    const { id, people } = await rosterOf(1, 2);
    const [fresh] = await quickPlayers(t, 1);
    const part = fresh.username.slice(2).toUpperCase();
    const found = await search(id, part);
    expect(found.status).toBe(200);
    expect(found.json.data).toEqual([{ userId: fresh.id, username: fresh.username }]);
    expect((await search(id, people[0].username)).json.data).toEqual([]);
    expect((await search(id, '%')).json.data.length).toBeLessThanOrEqual(10);
    expectError(await search(id, ''), 400, 'VALIDATION_ERROR');
  });

  // audited; no tournament password is asked
  test('in any phase until the end: a member while a seat is free, then the waitlist', async () => {
    const id = await createTournament(t, admin.token, 'checkinClosed', {
      maxPartecipants: 1,
      open: false,
      password: 'secret',
    });
    const [a, b] = await Promise.all((await quickPlayers(t, 2)).map((p) => withAccount(p)));
    const first = await addP(id, a.id);
    expect(first.status).toBe(200);
    expect(first.json.data.members).toEqual([
      expect.objectContaining({ userId: a.id, confirmed: false, gameAccount: expect.objectContaining(fortnite) }),
    ]);
    const second = await addP(id, b.id);
    expect(second.json.data.waitlist).toEqual([expect.objectContaining({ userId: b.id, position: 1 })]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: a.token })).json.data.me).toEqual({
      member: true,
      confirmed: false,
      waitlistPosition: null,
    });
    // the admin may check the added member in at once
    expect((await checkInFor(id, a, true)).json.data.members[0].confirmed).toBe(true);
    expect(await auditOf(id, 'tournament.player_add')).toEqual([
      {
        actor: admin.id,
        before: null,
        after: { userId: a.id, username: a.username, state: 'member', gameAccount: expect.objectContaining(fortnite) },
      },
      {
        actor: admin.id,
        before: null,
        after: {
          userId: b.id,
          username: b.username,
          state: 'waitlist',
          gameAccount: expect.objectContaining(fortnite),
        },
      },
    ]);
  });

  test('refusals: registered, disqualified, no game account, unknown user, ended; nothing changes', async () => {
    const { id, people } = await rosterOf(2, 2);
    await withAccount(people[0]);
    expect((await disqualifyP(id, people[1])).status).toBe(200);
    await withAccount(people[1]);
    const [bare, other] = await quickPlayers(t, 2);
    await withAccount(other, { game: 'Valorant', console: 'PC' });
    const before = await t.snapshot();
    expectError(await addP(id, people[0].id), 409, 'ALREADY_REGISTERED');
    expectError(await addP(id, people[1].id), 403, 'DISQUALIFIED');
    expectError(await addP(id, bare.id), 409, 'NO_GAME_ACCOUNT');
    expectError(await addP(id, other.id), 409, 'NO_GAME_ACCOUNT');
    expectError(await addP(id, '00000000-0000-4000-8000-000000000000'), 404, 'USER_NOT_FOUND');
    expectError(
      await t.call('POST', `/api/tournaments/${id}/registrations`, { token: admin.token, body: { userId: 42 } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await t.snapshot()).toEqual(before);
    await setPhase(t, admin.token, id, 'complete');
    await withAccount(bare);
    expectError(await addP(id, bare.id), 409, 'TOURNAMENT_ENDED');
  });

  test('a championship tournament still wants the minimum age', async () => {
    const competition = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: `Champ ${Math.random().toString(36).slice(2, 7)}`, game: 'Fortnite' },
    });
    expect(competition.status, JSON.stringify(competition.json)).toBe(201);
    const id = await createTournament(t, admin.token, 'registration', { competitionId: competition.json.data.id });
    const young = await withAccount(await quickPlayer(t, { birthDate: '2015-01-01' }));
    expectError(await addP(id, young.id), 403, 'CHAMPIONSHIP_AGE');
  });
});

describe('promoting and reordering the waitlist', () => {
  // the promoted player is mailed; audited
  test('promote takes a free seat only; a full tournament is 409 TOURNAMENT_FULL', async () => {
    const { id, people } = await rosterOf(4, 2);
    const [a, , c, d] = people;
    expectError(await promote(id, d), 409, 'TOURNAMENT_FULL');
    await setPhase(t, admin.token, id, 'checkinOpen');
    await removeP(id, a);
    const mails = (await t.outbox()).length;
    // the admin picks the second in line, not the first
    const res = await promote(id, d);
    expect(res.status).toBe(200);
    expect(ids(res.json.data.members)).toContain(d.id);
    expect(res.json.data.waitlist).toEqual([expect.objectContaining({ userId: c.id, position: 1 })]);
    expect((await tournamentRow(t, id)).member_count).toBe(2);
    expect((await newMails(mails)).map((m) => m.to)).toEqual([d.email]);
    expectError(await promote(id, c), 409, 'TOURNAMENT_FULL');
    expectError(await promote(id, d), 409, 'NOT_ON_WAITLIST');
    expect(await auditOf(id, 'tournament.player_promote')).toEqual([
      { actor: admin.id, before: { userId: d.id, state: 'waitlist' }, after: { userId: d.id, state: 'member' } },
    ]);
  });

  test('moving a player keeps positions 1..n; every reader and the next promotion follow the new order', async () => {
    const { id, people } = await rosterOf(5, 1);
    const [a, b, c, d, e] = people;
    let res = await move(id, e, 1);
    expect(res.status).toBe(200);
    expect(res.json.data.waitlist.map((w: any) => [w.userId, w.position])).toEqual([
      [e.id, 1],
      [b.id, 2],
      [c.id, 3],
      [d.id, 4],
    ]);
    res = await move(id, b, 99);
    expect(ids(res.json.data.waitlist)).toEqual([e.id, c.id, d.id, b.id]);
    res = await move(id, d, 2);
    expect(ids(res.json.data.waitlist)).toEqual([e.id, d.id, c.id, b.id]);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: c.token })).json.data.me.waitlistPosition).toBe(3);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: e.token })).json.data.me.waitlistPosition).toBe(1);
    expectError(await move(id, a, 1), 409, 'NOT_ON_WAITLIST');
    // a leave during registration hands the seat to the new first in line
    await leave(t, id, a);
    const after = (await t.call('GET', `/api/tournaments/${id}/registrations`, { token: admin.token })).json.data;
    expect(ids(after.members)).toEqual([e.id]);
    expect(after.waitlist.map((w: any) => [w.userId, w.position])).toEqual([
      [d.id, 1],
      [c.id, 2],
      [b.id, 3],
    ]);
    expect(await auditOf(id, 'tournament.waitlist_move')).toContainEqual({
      actor: admin.id,
      before: { userId: e.id, position: 4 },
      after: { userId: e.id, position: 1 },
    });
  });
});

describe('disqualifying a player', () => {
  // the player sees it and is mailed; audited
  test('a distinct state: no check-in, no re-join, no leave; the seat frees', async () => {
    const { id, people } = await rosterOf(3, 2, { language: 'en' });
    const [a, b, c] = people;
    await setPhase(t, admin.token, id, 'checkinOpen');
    const mails = (await t.outbox()).length;
    const res = await disqualifyP(id, a, 'Smurf account');
    expect(res.status).toBe(200);
    expect(ids(res.json.data.members)).toEqual([b.id]);
    expect(ids(res.json.data.waitlist)).toEqual([c.id]);
    expect(res.json.data.disqualified).toEqual([
      expect.objectContaining({ userId: a.id, username: a.username, disqualifiedAt: expect.any(String) }),
    ]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    const [mail] = await newMails(mails);
    expect(mail.to).toBe(a.email);
    expect(mail.subject).toMatch(/^You were disqualified from Roster /);
    expect(mail.text).toContain('Reason: Smurf account');

    const seen = await t.call('GET', `/api/tournaments/${id}`, { token: a.token });
    expect(seen.json.data.me).toEqual({ member: false, confirmed: false, waitlistPosition: null, disqualified: true });
    expect(seen.json.data.members).toEqual([b.id]);
    expectError(await checkIn(t, id, a), 403, 'DISQUALIFIED');
    expectError(await checkInFor(id, a, true), 403, 'DISQUALIFIED');
    expectError(await disqualifyP(id, a), 409, 'ALREADY_DISQUALIFIED');
    await setPhase(t, admin.token, id, 'registration');
    expectError(await join(t, id, a), 403, 'DISQUALIFIED');
    expectError(await leave(t, id, a), 403, 'DISQUALIFIED');
    expect((await registrationRows(t, id)).find((r) => r.user_id === a.id)?.state).toBe('disqualified');
    expect(await auditOf(id, 'tournament.player_disqualify')).toEqual([
      {
        actor: admin.id,
        before: { userId: a.id, username: a.username, state: 'member' },
        after: { userId: a.id, username: a.username, state: 'disqualified', reason: 'Smurf account', promoted: [] },
      },
    ]);
    // removing the disqualification's row is how an admin lets them back
    expect((await removeP(id, a, 'Appeal accepted')).json.data.disqualified).toEqual([]);
    expect((await join(t, id, a)).status).toBe(200);
  });
});

describe('races', () => {
  test('two promotions at once into the last seat: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, people } = await rosterOf(4, 2);
      await setPhase(t, admin.token, id, 'checkinOpen');
      await removeP(id, people[0]);
      const answers = await Promise.all([promote(id, people[2]), promote(id, people[3])]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.json.error.code).toBe('TOURNAMENT_FULL');
      const rows = await registrationRows(t, id);
      expect(rows.filter((r) => r.state === 'member')).toHaveLength(2);
      expect((await tournamentRow(t, id)).member_count).toBe(2);
    }
  });

  test('an admin removal against the player checking in: the player ends up out and the counters agree', async () => {
    const { id, people } = await rosterOf(2, 2);
    await setPhase(t, admin.token, id, 'checkinOpen');
    const [removed, checkedIn] = await Promise.all([removeP(id, people[0]), checkIn(t, id, people[0])]);
    expect(removed.status).toBe(200);
    // before the removal the check-in succeeds, after it the player is no member any more
    expect([200, 409]).toContain(checkedIn.status);
    if (checkedIn.status === 409) expect(checkedIn.json.error.code).toBe('NOT_A_MEMBER');
    const rows = await registrationRows(t, id);
    expect(rows.map((r) => r.user_id)).toEqual([people[1].id]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });
});

describe('the roster as CSV', () => {
  test('header, one line per player in roster order, text/csv, formulas kept as text', async () => {
    const { id, people } = await rosterOf(3, 2);
    const [a, b, c] = people;
    await t.db.kysely
      .updateTable('users')
      .set({ epic_id: '=HYPERLINK("http://evil.example")', discord_id: 'ace#0001' })
      .where('id', '=', a.id)
      .execute();
    await setPhase(t, admin.token, id, 'checkinOpen');
    await checkInFor(id, a, true);
    await disqualifyP(id, b);
    await t.db.kysely.updateTable('tournaments').set({ name: 'Coppa Città #1' }).where('id', '=', id).execute();
    const res = await t.inject({
      method: 'GET',
      url: `/api/tournaments/${id}/registrations.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // named by the tournament (its name as a file name), with the day
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="roster-coppa-citta-1-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe('username,email,gameAccount,platform,gameAccountId,epicId,discordId,state,checkedIn,team');
    // each column one value; the profile's Epic ID first, else the Fortnite account's own
    expect(lines[1]).toBe(
      `${a.username},${a.email},ninja,PC,epic-ninja,"'=HYPERLINK(""http://evil.example"")",ace#0001,member,true,`,
    );
    expect(lines[2]).toBe(`${c.username},${c.email},ninja,PC,epic-ninja,epic-ninja,,waitlist,false,`);
    expect(lines[3]).toBe(`${b.username},${b.email},ninja,PC,epic-ninja,epic-ninja,,disqualified,false,`);
    expect(lines).toHaveLength(4);
  });
});

describe('the roster CSV of another game', () => {
  test('the game account in its columns; the Epic ID only from the profile', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant', console: ['PC'] });
    const [p, q] = await quickPlayers(t, 2);
    await t.db.kysely.updateTable('users').set({ epic_id: 'EpicOfP' }).where('id', '=', p.id).execute();
    for (const [who, name] of [
      [p, 'Sage'],
      [q, 'Jett'],
    ] as const) {
      const res = await t.call('POST', `/api/tournaments/${id}/register?userID=${who.id}`, {
        token: who.token,
        body: registration(who.id, { username: name, id: `${name}#EUW`, game: 'Valorant', console: 'PC' }),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const res = await t.inject({
      method: 'GET',
      url: `/api/tournaments/${id}/registrations.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines.slice(1)).toEqual([
      `${p.username},${p.email},Sage,PC,Sage#EUW,EpicOfP,,member,false,`,
      `${q.username},${q.email},Jett,PC,Jett#EUW,,,member,false,`,
    ]);
  });
});

describe('deleting a tournament', () => {
  // each in their language
  test('every registered player, waitlist included, is mailed that it is cancelled; not the disqualified', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 2, name: 'Doomed Cup' });
    const it = await quickPlayer(t, { language: 'it' });
    const en = await quickPlayer(t, { language: 'en' });
    const waiting = await quickPlayer(t, { language: 'en' });
    const out = await quickPlayer(t, { language: 'en' });
    for (const p of [it, en, waiting, out]) await join(t, id, p);
    await disqualifyP(id, out);
    const list = (await t.call('GET', '/api/tournaments?limit=100', { token: admin.token })).json.data.find(
      (x: any) => x.id === id,
    );
    // what the delete dialog counts
    expect(list.members.length + list.waitlistCount).toBe(3);
    const mails = (await t.outbox()).length;
    expect((await t.call('DELETE', `/api/tournaments/${id}`, { token: admin.token })).status).toBe(200);
    const sent = await newMails(mails);
    expect(sent.map((m) => m.to).sort()).toEqual([it.email, en.email, waiting.email].sort());
    expect(sent.find((m) => m.to === it.email)!.subject).toBe('Doomed Cup è annullato');
    expect(sent.find((m) => m.to === it.email)!.text).toContain('http://arena.test/tournaments');
    expect(sent.find((m) => m.to === en.email)!.subject).toBe('Doomed Cup is cancelled');
    expect(sent.find((m) => m.to === en.email)!.text).toContain('http://arena.test/en/tournaments');
  });

  test('a refused delete mails nobody', async () => {
    const mails = (await t.outbox()).length;
    expectError(
      await t.call('DELETE', '/api/tournaments/00000000-0000-4000-8000-000000000000', { token: admin.token }),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    expect(await newMails(mails)).toEqual([]);
  });
});

describe("the roster mails name the tournament in the reader's language", () => {
  // in the removed, promoted, broadcast and cancelled mails
  test('an English reader gets the English name; an Italian the Italian', async () => {
    const id = await createTournament(t, admin.token, 'registration', {
      maxPartecipants: 2,
      name: 'Coppa Bomber Qualificazione',
      translations: { en: { name: 'Bomber Cup Qualifier' } },
    });
    const [it, en, enWaiting] = [
      await quickPlayer(t, { language: 'it' }),
      await quickPlayer(t, { language: 'en' }),
      await quickPlayer(t, { language: 'en' }),
    ];
    for (const p of [it, en, enWaiting]) expect((await join(t, id, p)).status).toBe(200);
    let from = (await t.outbox()).length;
    expect((await removeP(id, it, 'Wrong region')).status).toBe(200);
    let sent = await newMails(from);
    expect(sent.find((m) => m.to === it.email)!.subject).toBe('Sei stato rimosso da Coppa Bomber Qualificazione');
    const promoted = sent.find((m) => m.to === enWaiting.email)!;
    expect(promoted.subject).toBe('A seat opened up: you are in Bomber Cup Qualifier');
    expect(promoted.text).not.toContain('Coppa');

    expect((await join(t, id, it)).status).toBe(200);
    from = (await t.outbox()).length;
    const body = {
      subject: { it: 'Orario', en: 'Time' },
      body: { it: 'Alle 21.', en: 'At 9 pm.' },
      includeWaitlist: true,
    };
    expect((await t.call('POST', `/api/tournaments/${id}/broadcast`, { token: admin.token, body })).status).toBe(200);
    sent = await newMails(from);
    expect(sent.find((m) => m.to === en.email)!.text).toContain('about the tournament Bomber Cup Qualifier');
    expect(sent.find((m) => m.to === it.email)!.text).toContain('Coppa Bomber Qualificazione');

    from = (await t.outbox()).length;
    expect((await t.call('DELETE', `/api/tournaments/${id}`, { token: admin.token })).status).toBe(200);
    sent = await newMails(from);
    expect(sent.find((m) => m.to === en.email)!.subject).toBe('Bomber Cup Qualifier is cancelled');
    expect(sent.find((m) => m.to === it.email)!.subject).toBe('Coppa Bomber Qualificazione è annullato');
  });

  test('without an English name the English reader gets the Italian one', async () => {
    const { id, people } = await rosterOf(1, 1, { language: 'en' });
    const { name } = await tournamentRow(t, id);
    const from = (await t.outbox()).length;
    expect((await removeP(id, people[0])).status).toBe(200);
    const [mail] = await newMails(from);
    expect(mail.subject).toBe(`You were removed from ${name}`);
  });
});

test('the roster calls are documented in the OpenAPI document, under the admin tag', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  const calls: [string, string][] = [
    ['/api/tournaments/{id}/registrations.csv', 'get'],
    ['/api/tournaments/{id}/registrations/candidates', 'get'],
    ['/api/tournaments/{id}/registrations', 'post'],
    ['/api/tournaments/{id}/registrations/{userId}/remove', 'post'],
    ['/api/tournaments/{id}/registrations/{userId}/disqualify', 'post'],
    ['/api/tournaments/{id}/registrations/{userId}/checkin', 'put'],
    ['/api/tournaments/{id}/registrations/{userId}/promote', 'post'],
    ['/api/tournaments/{id}/registrations/{userId}/position', 'put'],
  ];
  for (const [path, method] of calls) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op.tags).toEqual(['tournaments (admin)']);
    expect(op.summary.length).toBeGreaterThan(10);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
  }
});
