import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { checkIn, createTournament, join, quickPlayer, quickPlayers, type Person } from '../helpers/tournaments.ts';
import * as TournamentRepository from '../../../src/features/tournaments/server/repository.ts';

/**
 * A player's `GET /api/tournaments`, the whole list or "only mine"
 * (`?members=` their own id), is made of the public items kept in the micro-cache with the
 * player's own `me` spliced into each (listWithMe and ownListWithMe in the tournament routes). An
 * admin's list is still built whole, so an admin looking at the player's own list is the
 * reference: the same bytes but for `me`.
 */
let t: TestApp;
let admin: Person;
let p: Person;
let ahead: Person[];
const ids: Record<string, string> = {};
// warnings and errors the server logs (a reply sent twice is one)
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false, responseCacheMs: 60_000 },
    { logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } },
  );
  admin = await quickPlayer(t, { admin: true });
  p = await quickPlayer(t);
  ahead = await quickPlayers(t, 3);
  // p in every state a standing can have: member, checked in, waitlisted third, disqualified
  ids.member = await createTournament(t, admin.token, 'registration', {
    name: 'member',
    translations: { it: {}, en: { name: 'member (en)' } },
  });
  ids.checkedIn = await createTournament(t, admin.token, 'checkinOpen', { name: 'checked in' });
  ids.waitlisted = await createTournament(t, admin.token, 'registration', { name: 'waitlisted', maxPartecipants: 1 });
  ids.disqualified = await createTournament(t, admin.token, 'registration', { name: 'disqualified' });
  for (const [id, who] of [
    [ids.member, p],
    [ids.disqualified, p],
    [ids.waitlisted, ahead[0]],
    [ids.waitlisted, ahead[1]],
    [ids.waitlisted, ahead[2]],
    [ids.waitlisted, p],
  ] as const)
    expect((await join(t, id, who)).status).toBe(200);
  // the check-in tournament's registration window is over: the player is put in as a member directly
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto('tournament_registrations')
    .values({
      tournament_id: ids.checkedIn,
      user_id: p.id,
      state: 'member',
      confirmed: 0,
      game_account: '{"username":"ninja","id":"epic-ninja","game":"Fortnite","console":"PC"}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db.kysely.updateTable('tournaments').set({ member_count: 1 }).where('id', '=', ids.checkedIn).execute();
  expect((await checkIn(t, ids.checkedIn, p)).status).toBe(200);
  expect(
    (
      await t.call('POST', `/api/tournaments/${ids.disqualified}/registrations/${p.id}/disqualify`, {
        token: admin.token,
        body: { reason: 'Smurf account' },
      })
    ).status,
  ).toBe(200);
});
afterAll(() => t?.close());

const list = (query: string, who: Person | null, language = 'it') =>
  t.call('GET', `/api/tournaments${query}`, { token: who?.token, headers: { 'accept-language': language } });

describe("a player's GET /api/tournaments", () => {
  test('answers the same bytes as the answer built whole, but for `me`, in both languages', async () => {
    // every `me` of an answer as the admin's (registered nowhere)
    const asAdminSees = (body: string) =>
      body.replace(/,"me":\{[^{}]*\}\}/g, ',"me":{"member":false,"confirmed":false,"waitlistPosition":null}}');
    for (const language of ['it', 'en']) {
      // the anonymous read first, so the player's answer is made from the kept copy
      await list('', null, language);
      const all = await list('', p, language);
      const own = await list(`?members=${p.id}&showAllTournament=true`, p, language);
      const whole = await list(`?members=${p.id}&showAllTournament=true`, admin, language);
      expect(all.status).toBe(200);
      expect(all.json.total).toBe(4);
      // p is in every tournament: the whole list is theirs
      expect(own.res.body).toBe(all.res.body);
      expect(asAdminSees(own.res.body)).toBe(whole.res.body);
      expect(own.res.body).not.toBe(whole.res.body);
      for (const r of [all, own]) {
        expect(r.res.headers['content-type']).toBe(whole.res.headers['content-type']);
        expect(r.res.headers['cache-control']).toMatch(/private/);
      }
    }
    // a full page of it, its last page (one item, which tells the total), a page past its end,
    // and the empty list of a player in none
    for (const [page, items] of [
      [`?members=${p.id}&limit=2&offset=1&sort=name`, 2],
      [`?members=${p.id}&limit=2&offset=3&sort=-name`, 1],
    ] as const) {
      const own = await list(page, p);
      expect(own.json.data).toHaveLength(items);
      expect(own.json.total).toBe(4);
      expect(asAdminSees(own.res.body)).toBe((await list(page, admin)).res.body);
    }
    const past = await list(`?members=${p.id}&offset=10`, p);
    expect(past.json).toEqual({ status: 'SUCCESS', data: [], total: 4 });
    expect(past.res.body).toBe((await list(`?members=${p.id}&offset=10`, admin)).res.body);
    const stranger = await quickPlayer(t);
    const none = await list(`?members=${stranger.id}`, stranger);
    expect(none.res.body).toBe((await list(`?members=${stranger.id}`, admin)).res.body);
    expect(none.json).toEqual({ status: 'SUCCESS', data: [], total: 0 });
    const byName = Object.fromEntries((await list('', p)).json.data.map((x: any) => [x.name, x.me]));
    expect(byName).toEqual({
      member: { member: true, confirmed: false, waitlistPosition: null },
      'checked in': { member: true, confirmed: true, waitlistPosition: null },
      waitlisted: { member: false, confirmed: false, waitlistPosition: 3 },
      disqualified: { member: false, confirmed: false, waitlistPosition: null, disqualified: true },
    });
    expect((await list('', p, 'en')).json.data.map((x: any) => x.name)).toContain('member (en)');
    // the answer is sent once, and nothing is built for the player after it
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines).toEqual([]);
  });

  test('a player in none of them gets the anonymous bytes with a not-registered `me` in each', async () => {
    const stranger = await quickPlayer(t);
    const anonymous = await list('?limit=3&sort=name', null);
    const mine = await list('?limit=3&sort=name', stranger);
    expect(mine.json.data).toHaveLength(3);
    expect(mine.res.body).toBe(
      anonymous.res.body.replaceAll(',"me":null}', ',"me":{"member":false,"confirmed":false,"waitlistPosition":null}}'),
    );
  });

  // the asks at once share one statement
  test('players asking for their own pages or the list at once each get their own, as asked alone', async () => {
    const stranger = await quickPlayer(t);
    const players = [p, ...ahead, stranger];
    const queries = [
      '',
      '&limit=2&offset=1&sort=name',
      '&limit=2&offset=3&sort=-name',
      '&offset=10',
      '&showAllTournament=false',
    ];
    // their own pages, and the whole list (each with their own `me`)
    const asked = players.flatMap((who) => [
      ...queries.map((q) => ({ who, q: `?members=${who.id}${q}` })),
      { who, q: '' },
      { who, q: '?limit=2&sort=name' },
    ]);
    const together = await Promise.all(asked.map(({ who, q }) => list(q, who)));
    for (const [i, { who, q }] of asked.entries()) {
      const alone = await list(q, who);
      expect(together[i]!.status).toBe(200);
      expect(together[i]!.res.body).toBe(alone.res.body);
    }
    expect(together[asked.findIndex(({ who, q }) => who === p && q.endsWith('offset=10'))]!.json).toEqual({
      status: 'SUCCESS',
      data: [],
      total: 4,
    });
    // the statement behind it, for several players at once, against each player's own
    const f = { owner: t.config.ownerId, now: new Date().toISOString() };
    for (const page of [
      { limit: 24, offset: 0 },
      { limit: 2, offset: 1, sort: 'name' },
      { limit: 2, offset: 3, sort: '-name' },
      { limit: 5, offset: 10 },
    ]) {
      const all = await TournamentRepository.ownPages(
        t.db.kysely,
        { ...f, ...page },
        players.map((x) => x.id),
      );
      for (const who of players)
        expect(all.get(who.id)).toEqual(
          await TournamentRepository.ownPage(t.db.kysely, { ...f, ...page, memberId: who.id }),
        );
    }
  });

  test('`me` is read fresh while the list itself comes from the kept copy', async () => {
    await list('', p);
    // a change no write through this process made (another process, say): the kept copy stays
    await t.db.kysely
      .updateTable('tournament_registrations')
      .set({ confirmed: 1 })
      .where('tournament_id', '=', ids.member)
      .where('user_id', '=', p.id)
      .execute();
    await t.db.kysely
      .updateTable('tournaments')
      .set({ name: 'renamed elsewhere' })
      .where('id', '=', ids.member)
      .execute();
    const after = (await list('', p)).json.data.find((x: any) => x.id === ids.member);
    expect(after.me).toEqual({ member: true, confirmed: true, waitlistPosition: null });
    expect(after.name).toBe('member');
    await t.db.kysely
      .updateTable('tournament_registrations')
      .set({ confirmed: 0 })
      .where('tournament_id', '=', ids.member)
      .where('user_id', '=', p.id)
      .execute();
    await t.db.kysely.updateTable('tournaments').set({ name: 'member' }).where('id', '=', ids.member).execute();
  });

  // their own items come from the kept copy
  test("an admin's list is built whole, fresh; a player's list takes only its tournaments fresh", async () => {
    const extra = await createTournament(t, admin.token, 'registration', { name: 'extra' });
    // the items kept, the extra tournament's too (in the public list)
    await list('', null);
    await list(`?members=${p.id}`, p);
    await t.db.kysely.updateTable('tournaments').set({ name: 'renamed again' }).where('id', '=', ids.member).execute();
    // registered by another process: no write through this one empties its cache
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('tournament_registrations')
      .values({
        tournament_id: extra,
        user_id: p.id,
        state: 'member',
        confirmed: 0,
        game_account: '{"username":"ninja","id":"epic-ninja","game":"Fortnite","console":"PC"}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await list('', admin)).json.data.map((x: any) => x.name)).toContain('renamed again');
    const own = (await list(`?members=${p.id}`, p)).json;
    expect(own.total).toBe(5);
    expect(own.data.map((x: any) => x.name)).toEqual(expect.arrayContaining(['member', 'extra']));
    expect(own.data.find((x: any) => x.id === extra).me).toEqual({
      member: true,
      confirmed: false,
      waitlistPosition: null,
    });
    await t.db.kysely.deleteFrom('tournament_registrations').where('tournament_id', '=', extra).execute();
    await t.db.kysely.deleteFrom('tournaments').where('id', '=', extra).execute();
    await t.db.kysely.updateTable('tournaments').set({ name: 'member' }).where('id', '=', ids.member).execute();
  });
});
