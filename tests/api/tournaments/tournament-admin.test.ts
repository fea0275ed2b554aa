import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  registration,
  registrationRows,
  setPhase,
  tournamentBody,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';

/** The admin calls: who may make them, and what they do. Also the faction choice of a player. */
let t: TestApp;
let admin: Person;
let agencyAdmin: Person;
let player: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  agencyAdmin = await quickPlayer(t);
  await t.makeAdmin(agencyAdmin.id, `${t.config.agencyName}Admin`);
  player = await quickPlayer(t);
});
afterAll(() => t?.close());

const newCompetition = async (body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Champ', game: 'Fortnite', ...body },
  });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
};

interface AdminCall {
  name: string;
  /** prepares what the call needs and returns method, url and body */
  make: () => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }>;
  ok: number;
}

const adminCalls: AdminCall[] = [
  {
    name: 'POST /tournaments',
    ok: 201,
    make: async () => ({ method: 'POST', url: '/api/tournaments', body: tournamentBody() }),
  },
  {
    name: 'PUT /tournaments/:id',
    ok: 200,
    make: async () => ({
      method: 'PUT',
      url: `/api/tournaments/${await createTournament(t, admin.token)}`,
      body: { name: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /tournaments/:id',
    ok: 200,
    make: async () => ({ method: 'DELETE', url: `/api/tournaments/${await createTournament(t, admin.token)}` }),
  },
  {
    name: 'GET /tournaments/:id/registrations',
    ok: 200,
    make: async () => ({
      method: 'GET',
      url: `/api/tournaments/${await createTournament(t, admin.token)}/registrations`,
    }),
  },
  {
    name: 'POST /tournaments/:id/broadcast',
    ok: 200,
    make: async () => ({
      method: 'POST',
      url: `/api/tournaments/${await createTournament(t, admin.token)}/broadcast`,
      body: { subject: { it: 'Avviso', en: 'Notice' }, body: { it: 'Testo', en: 'Text' } },
    }),
  },
  {
    name: 'POST /tournaments/competitions',
    ok: 201,
    make: async () => ({
      method: 'POST',
      url: '/api/tournaments/competitions',
      body: { name: 'New', game: 'Fortnite' },
    }),
  },
  {
    name: 'PUT /tournaments/competitions/:id',
    ok: 200,
    make: async () => ({
      method: 'PUT',
      url: `/api/tournaments/competitions/${await newCompetition()}`,
      body: { name: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /tournaments/competitions/:id',
    ok: 200,
    make: async () => ({ method: 'DELETE', url: `/api/tournaments/competitions/${await newCompetition()}` }),
  },
  {
    name: 'PUT /tournaments/competition/:id',
    ok: 200,
    make: async () => ({
      method: 'PUT',
      url: `/api/tournaments/competition/${await newCompetition()}`,
      body: { teams: [] },
    }),
  },
];

describe.each(adminCalls)('$name', (c) => {
  test('anonymous is 401 and nothing changes', async () => {
    const req = await c.make();
    const before = await t.snapshot();
    const res = await t.call(req.method, req.url, { body: req.body });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('UNAUTHORIZED');
    expect(await t.snapshot()).toEqual(before);
  });
  test('an invalid token is 401', async () => {
    const req = await c.make();
    expect((await t.call(req.method, req.url, { body: req.body, token: 'not-a-valid-token-xyz' })).status).toBe(401);
  });
  test('a player is 403 and nothing changes', async () => {
    const req = await c.make();
    const before = await t.snapshot();
    const res = await t.call(req.method, req.url, { body: req.body, token: player.token });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect(await t.snapshot()).toEqual(before);
  });
  test('SiteAdmin succeeds', async () => {
    const req = await c.make();
    const res = await t.call(req.method, req.url, { body: req.body, token: admin.token });
    expect(res.status, JSON.stringify(res.json)).toBe(c.ok);
    expect(res.json.status).toBe('SUCCESS');
  });
  test('the agency admin role succeeds', async () => {
    const req = await c.make();
    expect((await t.call(req.method, req.url, { body: req.body, token: agencyAdmin.token })).status).toBe(c.ok);
  });
});

describe('creating and editing tournaments', () => {
  test('create stores every field and answers the tournament', async () => {
    const competitionId = await newCompetition();
    const body = tournamentBody('registration', {
      name: 'Full Cup',
      banner: '/media/banner.png',
      thumbnail: 'https://cdn.example/t.png',
      game: 'Valorant',
      console: ['PC', 'PC', 'PS5'],
      maxPartecipants: 64,
      end_registration: null,
      check_in: 30,
      check_in_end: 10,
      teamSize: 5,
      competitionId,
      dateText: { it: 'Sabato sera', en: 'Saturday night' },
    });
    const res = await t.call('POST', '/api/tournaments', { token: admin.token, body });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Full Cup',
      banner: '/media/banner.png',
      thumbnail: 'https://cdn.example/t.png',
      game: 'Valorant',
      console: ['PC', 'PS5'],
      status: 0,
      statusOverride: null,
      open: true,
      maxPartecipants: 64,
      start_tournament: body.start_tournament,
      check_in: 30,
      check_in_end: 10,
      teamSize: 5,
      format: 'single_elimination',
      formatOverride: null,
      finalized: false,
      competitionId,
      dateText: { it: 'Sabato sera', en: 'Saturday night' },
      members: [],
      me: null,
    });
  });

  test('times sent with an offset are stored as UTC', async () => {
    const id = await createTournament(t, admin.token, 'registration', {
      start_registration: '2020-01-01T10:00:00+02:00',
    });
    expect((await tournamentRow(t, id)).start_registration).toBe('2020-01-01T08:00:00.000Z');
  });

  test('a private tournament without a password is 400 PASSWORD_REQUIRED and not created', async () => {
    const before = (await t.snapshot()).tournaments.length;
    const res = await t.call('POST', '/api/tournaments', {
      token: admin.token,
      body: tournamentBody('registration', { open: false }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('PASSWORD_REQUIRED');
    expect((await t.snapshot()).tournaments.length).toBe(before);
  });

  test('phases out of order are 400 INVALID_SCHEDULE', async () => {
    const body = tournamentBody('registration');
    const res = await t.call('POST', '/api/tournaments', {
      token: admin.token,
      body: { ...body, start_checkin: body.end_checkin, end_checkin: body.start_checkin },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('INVALID_SCHEDULE');
    const id = await createTournament(t, admin.token);
    const put = await t.call('PUT', `/api/tournaments/${id}`, {
      token: admin.token,
      body: { end_tournament: '2000-01-01T00:00:00Z' },
    });
    expect(put.json.error.code).toBe('INVALID_SCHEDULE');
  });

  test('an unknown competition is refused', async () => {
    const res = await t.call('POST', '/api/tournaments', {
      token: admin.token,
      body: tournamentBody('registration', { competitionId: 'nope' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('COMPETITION_NOT_FOUND');
  });

  test('description and rules are sanitised on save: no script, no event handler', async () => {
    const dirty =
      '<h2>Regole</h2><p onclick="steal()">Gioca <strong>pulito</strong></p><script>alert(1)</script><img ' +
      'src="https://cdn.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe ' +
      'src="https://evil.example"></iframe>';
    const id = await createTournament(t, admin.token, 'registration', { description: dirty, rules: dirty });
    const row = await tournamentRow(t, id);
    for (const html of [row.description, row.rules]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|alert/i);
      expect(html).toContain('<h2>Regole</h2>');
      expect(html).toContain('<strong>pulito</strong>');
      expect(html).toContain('<img src="https://cdn.example/x.png" />');
    }
    await t.call('PUT', `/api/tournaments/${id}`, {
      token: admin.token,
      body: { rules: '<p>ok</p><script>document.cookie</script><img src=x onerror=alert(1)>' },
    });
    expect((await t.call('GET', `/api/tournaments/${id}`)).json.data.rules).toBe('<p>ok</p>');
  });

  test('an update changes only the fields sent', async () => {
    const id = await createTournament(t, admin.token, 'registration', {
      description: '<p>keep me</p>',
      teamSize: 2,
      console: ['XBOX'],
    });
    const before = (await t.call('GET', `/api/tournaments/${id}`)).json.data;
    const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'New name' } });
    expect(res.status).toBe(200);
    // the flat name is the Italian one: its per-language copy changes with it, nothing else
    expect(res.json.data).toEqual({
      ...before,
      name: 'New name',
      translations: { ...before.translations, it: { ...before.translations.it, name: 'New name' } },
    });
  });

  test('status: a value overrides the schedule, null hands it back', async () => {
    const id = await createTournament(t, admin.token, 'registration');
    const forced = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { status: 1 } });
    expect(forced.json.data).toMatchObject({ status: 1, statusOverride: 1 });
    expect((await join(t, id, await quickPlayer(t))).json.error.code).toBe('REGISTRATION_CLOSED');
    const back = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { status: null } });
    expect(back.json.data).toMatchObject({ status: 0, statusOverride: null });
    expect((await join(t, id, await quickPlayer(t))).status).toBe(200);
  });

  test('format: the game decides until the admin picks one, null hands it back', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Fortnite' });
    expect((await t.call('GET', `/api/tournaments/${id}`)).json.data).toMatchObject({
      format: 'battle_royale',
      formatOverride: null,
      finalized: false,
    });
    const picked = await t.call('PUT', `/api/tournaments/${id}`, {
      token: admin.token,
      body: { format: 'round_robin' },
    });
    expect(picked.json.data).toMatchObject({ format: 'round_robin', formatOverride: 'round_robin' });
    expect((await tournamentRow(t, id)).format).toBe('round_robin');
    const back = await t.call('PUT', `/api/tournaments/${id}`, {
      token: admin.token,
      body: { format: null, game: 'Valorant' },
    });
    expect(back.json.data).toMatchObject({ format: 'single_elimination', formatOverride: null });
    const created = await t.call('POST', '/api/tournaments', {
      token: admin.token,
      body: tournamentBody('registration', { game: 'Valorant', format: 'battle_royale', teamSize: 4 }),
    });
    expect(created.json.data).toMatchObject({ format: 'battle_royale', formatOverride: 'battle_royale', teamSize: 4 });
  });

  test('finalized follows finalized_at', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Fortnite' });
    // finalising is the finalise call's (another domain's); this checks only how the answer reads the column
    await t.db.kysely
      .updateTable('tournaments')
      .set({ finalized_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await t.call('GET', `/api/tournaments/${id}`)).json.data.finalized).toBe(true);
  });

  test('an unknown format is a 400 on its field', async () => {
    const id = await createTournament(t, admin.token);
    const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { format: 'ladder' } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toContain('body.format');
  });

  test('making a tournament private needs a password; making it public drops the password', async () => {
    const id = await createTournament(t, admin.token);
    expect(
      (await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { open: false } })).json.error.code,
    ).toBe('PASSWORD_REQUIRED');
    expect(
      (
        await t.call('PUT', `/api/tournaments/${id}`, {
          token: admin.token,
          body: { open: false, password: 'letmein' },
        })
      ).status,
    ).toBe(200);
    const p = await quickPlayer(t);
    expect((await join(t, id, p)).json.error.code).toBe('PASSWORD_REQUIRED');
    // other edits keep the password
    await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'Still private' } });
    expect((await join(t, id, p, registration(p.id, {}, 'letmein'))).status).toBe(200);
    await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { open: true } });
    expect((await tournamentRow(t, id)).password_hash).toBeNull();
    expect((await join(t, id, await quickPlayer(t))).status).toBe(200);
  });

  test('slots cannot go below the members: 409 MAX_BELOW_MEMBERS, nothing changes', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 5 });
    for (const p of await quickPlayers(t, 3)) await join(t, id, p);
    const res = await t.call('PUT', `/api/tournaments/${id}`, {
      token: admin.token,
      body: { maxPartecipants: 2, name: 'should not stick' },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('MAX_BELOW_MEMBERS');
    expect(await tournamentRow(t, id)).toMatchObject({ max_participants: 5, member_count: 3 });
    expect((await tournamentRow(t, id)).name).not.toBe('should not stick');
    expect(
      (await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { maxPartecipants: 3 } })).status,
    ).toBe(200);
  });

  test('more slots move the waitlist up in order, and those players are mailed', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const [a, b, c, d] = await quickPlayers(t, 4);
    for (const p of [a, b, c, d]) await join(t, id, p);
    const mailsBefore = (await t.outbox()).length;
    const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { maxPartecipants: 3 } });
    expect(res.json.data).toMatchObject({ members: [a.id, b.id, c.id], waitlistCount: 1 });
    expect((await tournamentRow(t, id)).member_count).toBe(3);
    expect(
      (await t.outbox())
        .slice(mailsBefore)
        .map((m) => m.to)
        .sort(),
    ).toEqual([b.email, c.email].sort());
  });

  test('delete removes the tournament and its registrations', async () => {
    const id = await createTournament(t, admin.token);
    await join(t, id, await quickPlayer(t));
    const res = await t.call('DELETE', `/api/tournaments/${id}`, { token: admin.token });
    expect(res.json).toEqual({ status: 'SUCCESS', data: { id, deleted: true } });
    expect((await t.call('GET', `/api/tournaments/${id}`)).status).toBe(404);
    expect(await registrationRows(t, id)).toEqual([]);
    expect((await t.call('DELETE', `/api/tournaments/${id}`, { token: admin.token })).json.error.code).toBe(
      'TOURNAMENT_NOT_FOUND',
    );
    expect(
      (await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'x' } })).json.error.code,
    ).toBe('TOURNAMENT_NOT_FOUND');
  });
});

describe('registrations and broadcast', () => {
  test('lists members with account details and check-in, and the waitlist with positions', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 2 });
    const [a, b, c] = await quickPlayers(t, 3);
    await join(t, id, a, registration(a.id, { username: 'AceA', console: 'PS5' }));
    await join(t, id, b);
    await join(t, id, c);
    await setPhase(t, admin.token, id, 'checkinOpen');
    await checkIn(t, id, a, registration(a.id, { username: 'AceA', console: 'PS5' }));
    const res = await t.call('GET', `/api/tournaments/${id}/registrations`, { token: admin.token });
    expect(res.status).toBe(200);
    // in join order; a and b may join within one millisecond, when the user id breaks the tie
    expect(res.json.data.members).toHaveLength(2);
    expect(res.json.data.members).toEqual(
      expect.arrayContaining([
        {
          userId: a.id,
          username: a.username,
          nickname: expect.any(String),
          email: a.email,
          confirmed: true,
          gameAccount: { username: 'AceA', id: 'epic-ninja', game: 'Fortnite', console: 'PS5' },
          joinedAt: expect.any(String),
        },
        expect.objectContaining({ userId: b.id, confirmed: false }),
      ]),
    );
    expect(res.json.data.waitlist).toEqual([
      expect.objectContaining({ userId: c.id, position: 1, username: c.username }),
    ]);
    expect(
      (
        await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-000000000000/registrations', {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });

  test('broadcast mails every member in their own language; the waitlist only when asked', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 2, name: 'Broadcast Cup' });
    const it = await quickPlayer(t, { language: 'it' });
    const en = await quickPlayer(t, { language: 'en' });
    const waiting = await quickPlayer(t, { language: 'en' });
    for (const p of [it, en, waiting]) await join(t, id, p);
    const body = {
      subject: { it: 'Orario cambiato', en: 'Time changed' },
      body: { it: 'Si parte alle 21.', en: 'We start at 9 pm.' },
    };

    let mailsBefore = (await t.outbox()).length;
    const res = await t.call('POST', `/api/tournaments/${id}/broadcast`, { token: admin.token, body });
    expect(res.json).toEqual({ status: 'SUCCESS', data: { sent: 2 } });
    const mails = (await t.outbox()).slice(mailsBefore);
    const toIt = mails.find((m) => m.to === it.email)!;
    const toEn = mails.find((m) => m.to === en.email)!;
    expect(toIt.subject).toBe('Orario cambiato');
    expect(toIt.text).toContain('Si parte alle 21.');
    expect(toIt.text).toContain(`http://arena.test/tournament/${id}`);
    expect(toEn.subject).toBe('Time changed');
    expect(toEn.text).toContain('We start at 9 pm.');
    expect(toEn.text).toContain(`http://arena.test/en/tournament/${id}`);
    expect(mails.map((m) => m.to)).not.toContain(waiting.email);

    mailsBefore = (await t.outbox()).length;
    const all = await t.call('POST', `/api/tournaments/${id}/broadcast`, {
      token: admin.token,
      body: { ...body, includeWaitlist: true },
    });
    expect(all.json.data.sent).toBe(3);
    expect((await t.outbox()).slice(mailsBefore).map((m) => m.to)).toContain(waiting.email);
  });
});

describe('competitions (admin)', () => {
  test('create and partial update; fields left out stay', async () => {
    const created = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: 'Cup', game: 'Fortnite', url: '/arena-cup', thumbnail: '/media/c.png' },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    const res = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
      token: admin.token,
      body: { name: 'Cup 2' },
    });
    expect(res.json.data).toMatchObject({
      name: 'Cup 2',
      url: '/arena-cup',
      thumbnail: '/media/c.png',
      game: 'Fortnite',
    });
    expect(
      (await t.call('PUT', '/api/tournaments/competitions/nope', { token: admin.token, body: { name: 'x' } })).json
        .error.code,
    ).toBe('COMPETITION_NOT_FOUND');
  });

  test('PUT teams replaces both factions and every score', async () => {
    const id = await newCompetition();
    const [a, b, c] = await quickPlayers(t, 3);
    const put = (teams: unknown) =>
      t.call('PUT', `/api/tournaments/competition/${id}`, { token: admin.token, body: { teams } });
    await put([
      {
        name: 'precision',
        players: [
          { playerId: a.id, playerName: 'A', score: 5 },
          { playerId: b.id, playerName: 'B', score: 7 },
        ],
      },
    ]);
    const res = await put([
      {
        name: 'speed',
        players: [
          { playerId: a.id, playerName: 'A', score: 50 },
          { playerId: c.id, playerName: 'C', score: 1 },
        ],
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.data.teams).toEqual([
      { name: 'precision', players: [] },
      {
        name: 'speed',
        players: [
          { playerId: a.id, playerName: 'A', score: 50 },
          { playerId: c.id, playerName: 'C', score: 1 },
        ],
      },
    ]);
  });

  // and nothing changes on a refusal
  test('PUT teams: unknown players are 400 UNKNOWN_PLAYER, a player twice is 400 DUPLICATE_PLAYER', async () => {
    const id = await newCompetition();
    const a = await quickPlayer(t);
    const put = (teams: unknown) =>
      t.call('PUT', `/api/tournaments/competition/${id}`, { token: admin.token, body: { teams } });
    await put([{ name: 'precision', players: [{ playerId: a.id, playerName: 'A', score: 5 }] }]);
    const before = await t.snapshot();
    expect(
      (await put([{ name: 'speed', players: [{ playerId: 'ghost', playerName: 'G', score: 1 }] }])).json.error.code,
    ).toBe('UNKNOWN_PLAYER');
    const dup = await put([
      { name: 'precision', players: [{ playerId: a.id, playerName: 'A', score: 1 }] },
      { name: 'speed', players: [{ playerId: a.id, playerName: 'A', score: 2 }] },
    ]);
    expect(dup.status).toBe(400);
    expect(dup.json.error.code).toBe('DUPLICATE_PLAYER');
    expect(await t.snapshot()).toEqual(before);
    expect(
      (await t.call('PUT', '/api/tournaments/competition/nope', { token: admin.token, body: { teams: [] } })).status,
    ).toBe(404);
  });
});

describe('a player picks a faction', () => {
  let competitionId: string;
  let tournamentId: string;
  beforeAll(async () => {
    competitionId = await newCompetition();
    tournamentId = await createTournament(t, admin.token, 'registration', { competitionId, maxPartecipants: 1 });
  });
  const choose = (p: Person | null, team: string, id = competitionId) =>
    t.call('POST', `/api/tournaments/competitions/${id}/team`, { token: p?.token, body: { team } });

  test('without a registration in one of its tournaments it is 409 NOT_IN_COMPETITION', async () => {
    const p = await quickPlayer(t);
    const res = await choose(p, 'speed');
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('NOT_IN_COMPETITION');
    // a tournament outside the competition does not count
    await join(t, await createTournament(t, admin.token), p);
    expect((await choose(p, 'speed')).json.error.code).toBe('NOT_IN_COMPETITION');
  });

  test('anonymous is 401; an unknown competition 404; an unknown team 400', async () => {
    expect((await choose(null, 'speed')).status).toBe(401);
    expect((await choose(player, 'speed', 'nope')).json.error.code).toBe('COMPETITION_NOT_FOUND');
    expect((await choose(player, 'sneaky')).status).toBe(400);
  });

  // a waitlisted player joins as a member does
  test('a member joins a faction under their nickname, and moving keeps the score and nobody else', async () => {
    const [me, other] = await quickPlayers(t, 2);
    await join(t, tournamentId, other);
    expect((await join(t, tournamentId, me)).json.data.state).toBe('waitlist');
    const first = await choose(me, 'precision');
    expect(first.status).toBe(200);
    const nickname = (await t.call('GET', `/api/users/${me.id}`)).json.data.nickname;
    expect(first.json.data.teams[0].players).toEqual([{ playerId: me.id, playerName: nickname, score: 0 }]);
    await choose(other, 'precision');

    // an admin gives scores
    await t.call('PUT', `/api/tournaments/competition/${competitionId}`, {
      token: admin.token,
      body: {
        teams: [
          {
            name: 'precision',
            players: [
              { playerId: me.id, playerName: nickname, score: 120 },
              { playerId: other.id, playerName: 'Other', score: 80 },
            ],
          },
        ],
      },
    });
    const moved = await choose(me, 'speed');
    expect(moved.json.data.teams).toEqual([
      { name: 'precision', players: [{ playerId: other.id, playerName: 'Other', score: 80 }] },
      { name: 'speed', players: [{ playerId: me.id, playerName: nickname, score: 120 }] },
    ]);
    // choosing the same faction again changes nothing
    expect((await choose(me, 'speed')).json.data.teams).toEqual(moved.json.data.teams);
  });

  test('a member who pressed "later" picks a faction afterwards', async () => {
    const p = await quickPlayer(t);
    const other = await createTournament(t, admin.token, 'registration', { competitionId });
    await join(t, other, p);
    // no faction at join time: the leaderboard does not list them yet
    const before = (await t.call('GET', `/api/tournaments/competitions/${competitionId}`)).json.data.teams;
    expect(before.flatMap((team: any) => team.players).some((pl: any) => pl.playerId === p.id)).toBe(false);
    const later = await choose(p, 'speed');
    expect(later.status).toBe(200);
    expect(
      later.json.data.teams.find((team: any) => team.name === 'speed').players.map((pl: any) => pl.playerId),
    ).toContain(p.id);
  });
});
