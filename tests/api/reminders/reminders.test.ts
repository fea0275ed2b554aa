import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { tick } from '../../../src/features/reminders/server/service.ts';
import { scheduleReminders } from '../../../src/features/reminders/server/scheduler.ts';
import { openDatabase } from '../../../src/platform/db/database.ts';
import type { StandingsRow } from '../../../src/features/results/contract.ts';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { parseMail, type ParsedMail } from '../helpers/mail.ts';
import { within } from '../helpers/freshness.ts';
import { bulkPlayers } from '../helpers/big-field.ts';
import * as ReminderRepository from '../../../src/features/reminders/server/repository.ts';

/**
 * Reminder e-mails before a tournament, against the real outbox: time is driven by placing the
 * tournament's dates relative to now and calling the poll's tick directly, so each test sees exactly what one
 * tick decides. The last part runs real server processes, whose own poll does the ticking.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

/** The mails to these people among those sent since `from`. */
const mailsTo = (mails: ParsedMail[], people: Person[]) =>
  mails.filter((m) => people.some((p) => m.to.includes(p.email)));
const mailTo = (mails: ParsedMail[], p: Person) => {
  const found = mails.filter((m) => m.to.includes(p.email));
  expect(found, `mails to ${p.email}`).toHaveLength(1);
  return found[0];
};

/** A tournament the players joined while registration was open, then moved to `schedule`. */
async function tournamentWith(
  players: Person[],
  schedule: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 50, ...overrides });
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: schedule });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return id;
}

/** Check-in open for another hour (not yet in its last quarter hour). */
const checkInOpen = () => ({
  start_registration: at(-120),
  start_checkin: at(-1),
  end_checkin: at(60),
  start_tournament: at(90),
  end_tournament: at(200),
});
/** Check-in open, closing in ten minutes. */
const checkInClosing = () => ({
  start_registration: at(-120),
  start_checkin: at(-50),
  end_checkin: at(10),
  start_tournament: at(40),
  end_tournament: at(200),
});

describe('check-in open', () => {
  // with the page, the .ics and the settings links
  test('mails every member once, in their language; not the waitlist, not who opted out', async () => {
    const [it1, it2] = await quickPlayers(t, 2, { language: 'it' });
    const en = await quickPlayer(t, { language: 'en' });
    const quiet = await quickPlayer(t, { language: 'en' });
    const waiting = await quickPlayer(t);
    expect(
      (
        await t.call('PUT', '/api/users/me/notifications', {
          token: quiet.token,
          body: { checkinOpen: false, checkinClosing: true, resultsFinal: true },
        })
      ).status,
    ).toBe(200);
    const id = await createTournament(t, admin.token, 'registration', {
      maxPartecipants: 4,
      name: 'Coppa Serale',
      translations: { en: { name: 'Evening Cup' } },
    });
    for (const p of [it1, it2, en, quiet, waiting]) expect((await join(t, id, p)).status).toBe(200);
    expect((await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: checkInOpen() })).status).toBe(
      200,
    );

    const before = (await t.outbox()).length;
    expect((await tick(t.app)).checkin_open).toBe(3);
    const mails = (await t.outbox()).slice(before);
    expect(mailsTo(mails, [it1, it2, en, quiet, waiting])).toHaveLength(3);

    const italian = mailTo(mails, it1);
    expect(italian.subject).toBe('Il check-in di Coppa Serale è aperto');
    expect(italian.text).toContain(`http://arena.test/tournament/${id}`);
    expect(italian.text).toContain(`http://arena.test/api/tournaments/${id}/calendar.ics?lang=it`);
    expect(italian.text).toContain('http://arena.test/settings');
    const english = mailTo(mails, en);
    expect(english.subject).toBe('Check-in is open for Evening Cup');
    expect(english.text).toContain(`http://arena.test/en/tournament/${id}`);
    expect(english.text).toContain(`http://arena.test/api/tournaments/${id}/calendar.ics?lang=en`);
    expect(english.text).toContain('turn these e-mails off in your settings: http://arena.test/en/settings');
    mailTo(mails, it2);

    // the .ics link is the real calendar, in the mail's language whatever the browser that opens it
    const link = /(http:\/\/arena\.test\/api\/\S+\.ics\?lang=en)/.exec(english.text)![1];
    const ics = await t.inject({
      method: 'GET',
      url: link.replace('http://arena.test', ''),
      headers: { 'accept-language': 'it-IT' },
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`http://arena.test/en/tournament/${id}`);

    // a second tick, and a third: nothing more
    expect(await tick(t.app)).toEqual({ checkin_open: 0, checkin_closing: 0, results_final: 0 });
    expect(await tick(t.app)).toEqual({ checkin_open: 0, checkin_closing: 0, results_final: 0 });
    expect((await t.outbox()).length).toBe(before + 3);
    const rows = await t.db.kysely.selectFrom('reminders_sent').selectAll().where('tournament_id', '=', id).execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([it1.id, it2.id, en.id].sort());
  });

  test('a window that is not open now mails nobody: before it, after it, or ended early by an admin', async () => {
    const players = await quickPlayers(t, 2);
    const before = (await t.outbox()).length;
    const past = await tournamentWith(players, {
      start_registration: at(-300),
      start_checkin: at(-200),
      end_checkin: at(-100),
      start_tournament: at(-60),
      end_tournament: at(60),
    });
    const future = await tournamentWith(players, {
      start_registration: at(-300),
      start_checkin: at(30),
      end_checkin: at(90),
      start_tournament: at(120),
      end_tournament: at(300),
    });
    const stopped = await tournamentWith(players, checkInOpen());
    expect(
      (await t.call('PUT', `/api/tournaments/${stopped}`, { token: admin.token, body: { status: 2 } })).status,
    ).toBe(200);

    await tick(t.app);
    expect(mailsTo((await t.outbox()).slice(before), players)).toEqual([]);
    const rows = await t.db.kysely
      .selectFrom('reminders_sent')
      .selectAll()
      .where('tournament_id', 'in', [past, future, stopped])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('check-in closing', () => {
  // opting out of it keeps the other reminders
  test('15 minutes before the end, only members not checked in are told, once', async () => {
    const [done, late, quiet] = await quickPlayers(t, 3);
    const lateEn = await quickPlayer(t, { language: 'en' });
    expect(
      (
        await t.call('PUT', '/api/users/me/notifications', {
          token: quiet.token,
          body: { checkinOpen: true, checkinClosing: false, resultsFinal: true },
        })
      ).status,
    ).toBe(200);
    const id = await tournamentWith([done, late, quiet, lateEn], checkInOpen());
    expect((await checkIn(t, id, done)).status).toBe(200);
    const start = (await t.outbox()).length;
    // an hour before the end: "open" only
    expect(await tick(t.app)).toMatchObject({ checkin_open: 4, checkin_closing: 0 });
    // ten minutes before the end
    const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: checkInClosing() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await tick(t.app)).toMatchObject({ checkin_open: 0, checkin_closing: 2 });
    expect(await tick(t.app)).toMatchObject({ checkin_open: 0, checkin_closing: 0 });

    const closing = (await t.outbox()).slice(start).filter((m) => /15 min/.test(m.subject));
    expect(closing.map((m) => m.to.replace(/.*<|>.*/g, '')).sort()).toEqual([late.email, lateEn.email].sort());
    expect(mailTo(closing, late).subject).toMatch(/^Il check-in di .+ si chiude tra 15 minuti$/);
    expect(mailTo(closing, lateEn).subject).toMatch(/^Check-in for .+ closes in 15 minutes$/);
    expect(mailTo(closing, lateEn).text).toContain(`http://arena.test/en/tournament/${id}`);
  });
});

describe('results final', () => {
  const row = (rank: number, entrantId: string, name: string, members: string[], points: number): StandingsRow => ({
    rank,
    entrantId,
    name,
    members,
    points,
    matchesCounted: 3,
    matchesPlayed: 3,
    eliminations: 4,
    bestPlacement: rank,
    averagePlacement: rank,
  });
  const finalise = (id: string, rows: StandingsRow[], ago = 0) =>
    t.db.kysely
      .updateTable('tournaments')
      .set({
        finalized_at: new Date(Date.now() - ago).toISOString(),
        final_standings: JSON.stringify(rows),
        status_override: 2,
      })
      .where('id', '=', id)
      .execute();

  // a team's players get their team's; the mail links the standings
  test('each player gets their rank and points; who did not play gets nothing', async () => {
    const [a, b, c, absent] = await quickPlayers(t, 4);
    const d = await quickPlayer(t, { language: 'en' });
    const quiet = await quickPlayer(t);
    await t.call('PUT', '/api/users/me/notifications', {
      token: quiet.token,
      body: { checkinOpen: true, checkinClosing: true, resultsFinal: false },
    });
    const id = await tournamentWith(
      [a, b, c, d, quiet, absent],
      {
        start_registration: at(-600),
        start_checkin: at(-500),
        end_checkin: at(-450),
        start_tournament: at(-300),
        end_tournament: at(-60),
      },
      { teamSize: 2 },
    );
    await finalise(id, [
      row(1, randomUUID(), 'Falchi', [c.username, d.username], 42),
      row(2, randomUUID(), 'Lupi', [a.username, b.username], 17),
      row(3, randomUUID(), 'Muti', [quiet.username], 3),
    ]);
    const start = (await t.outbox()).length;

    expect((await tick(t.app)).results_final).toBe(4);
    const mails = (await t.outbox()).slice(start);
    expect(mailsTo(mails, [a, b, c, d, quiet, absent])).toHaveLength(4);
    for (const p of [a, b]) {
      const m = mailTo(mails, p);
      expect(m.subject).toMatch(/^Risultati finali di .+: hai chiuso #2$/);
      expect(m.text).toContain('posizione #2 su 3 con 17 punti');
      expect(m.text).toContain(`http://arena.test/tournament/${id}/standings`);
    }
    expect(mailTo(mails, c).text).toContain('posizione #1 su 3 con 42 punti');
    const english = mailTo(mails, d);
    expect(english.subject).toMatch(/^Final results of .+: you finished #1$/);
    expect(english.text).toContain('#1 of 3 with 42 points');
    expect(english.text).toContain(`http://arena.test/en/tournament/${id}/standings`);
    expect((await tick(t.app)).results_final).toBe(0);
  });

  test('a solo entrant is found by its user id; results finalised over a week ago are not mailed', async () => {
    const [solo, old] = await quickPlayers(t, 2);
    const ended = {
      start_registration: at(-20000),
      start_checkin: at(-19000),
      end_checkin: at(-18900),
      start_tournament: at(-18800),
      end_tournament: at(-18000),
    };
    const fresh = await tournamentWith([solo], ended);
    const stale = await tournamentWith([old], ended);
    await finalise(fresh, [row(1, solo.id, 'Nick', ['Nick'], 9)]);
    await finalise(stale, [row(1, old.id, old.username, [old.username], 9)], 8 * 24 * 60 * MIN);
    const start = (await t.outbox()).length;
    expect((await tick(t.app)).results_final).toBe(1);
    const mails = (await t.outbox()).slice(start);
    expect(mailTo(mails, solo).text).toContain('posizione #1 su 1 con 9 punti');
    expect(mailsTo(mails, [old])).toEqual([]);
  });

  test('a single-elimination player is told how far they went, without points, with the bracket link', async () => {
    const players = await quickPlayers(t, 7);
    const english = await quickPlayer(t, { language: 'en' });
    const field = [english, ...players];
    const ended = {
      start_registration: at(-600),
      start_checkin: at(-500),
      end_checkin: at(-450),
      start_tournament: at(-300),
      end_tournament: at(-60),
    };
    const id = await tournamentWith(field, ended, { format: 'single_elimination' });
    // the places of an eight-entrant bracket: champion, finalist, two semi-finalists, four out in round 1
    const places = [1, 2, 3, 3, 5, 5, 5, 5];
    await finalise(
      id,
      field.map((p, i) => row(places[i]!, p.id, p.username, [p.username], 9 - i)),
    );
    const start = (await t.outbox()).length;
    expect((await tick(t.app)).results_final).toBe(8);
    const mails = (await t.outbox()).slice(start);
    for (const m of mails) {
      expect(m.text).not.toMatch(/punti|points/);
      expect(m.text).not.toContain('/standings');
      expect(m.text).toMatch(new RegExp(`http://arena.test(/en)?/tournament/${id}/bracket`));
    }
    const champion = mailTo(mails, english);
    expect(champion.subject).toMatch(/^Final results of .+: you are the champion$/);
    expect(champion.text).toContain('are final: you are the champion.');
    expect(champion.text).toContain(`http://arena.test/en/tournament/${id}/bracket`);
    expect(mailTo(mails, players[0]!).subject).toMatch(/^Risultati finali di .+: hai raggiunto la finale$/);
    expect(mailTo(mails, players[1]!).text).toContain('sono definitivi: hai raggiunto le semifinali.');
    expect(mailTo(mails, players[3]!).text).toContain('sono definitivi: il tuo torneo si è chiuso al turno 1.');
    expect(mailTo(mails, players[3]!).text).toContain(`http://arena.test/tournament/${id}/bracket`);
  });

  test('a round-robin player is told their rank, no points; a battle royale keeps points and standings', async () => {
    const [a, b] = await quickPlayers(t, 2);
    const ended = {
      start_registration: at(-600),
      start_checkin: at(-500),
      end_checkin: at(-450),
      start_tournament: at(-300),
      end_tournament: at(-60),
    };
    const id = await tournamentWith([a, b], ended, { format: 'round_robin' });
    await finalise(id, [row(1, a.id, a.username, [a.username], 6), row(2, b.id, b.username, [b.username], 0)]);
    const start = (await t.outbox()).length;
    expect((await tick(t.app)).results_final).toBe(2);
    const mails = (await t.outbox()).slice(start);
    expect(mailTo(mails, b).subject).toMatch(/^Risultati finali di .+: hai chiuso #2 su 2$/);
    expect(mailTo(mails, b).text).not.toContain('punti');
    expect(mailTo(mails, b).text).toContain(`http://arena.test/tournament/${id}/bracket`);
  });

  // the credits are told only to who won some
  test('a real finalisation: the mail tells the credits won and the admin who finalised', async () => {
    const [winner, third] = await quickPlayers(t, 2);
    const second = await quickPlayer(t, { language: 'en' });
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 50 });
    const field = [winner, second, third];
    for (const p of field) expect((await join(t, id, p)).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of field) expect((await checkIn(t, id, p)).status).toBe(200);
    const as = { token: admin.token };
    const match = await t.call('POST', `/api/tournaments/${id}/matches`, {
      ...as,
      body: { lines: field.map((p, i) => ({ entrantId: p.id, placement: i + 1, eliminations: 0 })) },
    });
    expect(match.status, JSON.stringify(match.json)).toBe(201);
    const prizes = [
      { from: 1, to: 1, credits: 12000 },
      { from: 2, to: 2, credits: 300 },
    ];
    expect((await t.call('PUT', `/api/tournaments/${id}/prizes`, { ...as, body: { prizes } })).status).toBe(200);
    expect((await t.call('POST', `/api/tournaments/${id}/finalise`, as)).status).toBe(200);
    const signed = await t.db.kysely
      .selectFrom('audit_log')
      .select('actor_name')
      .where('action', '=', 'tournament.finalise')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signed.actor_name).toBeTruthy();
    const start = (await t.outbox()).length;
    expect((await tick(t.app)).results_final).toBe(3);
    const mails = (await t.outbox()).slice(start);
    const won = mailTo(mails, winner).text;
    expect(won).toContain('Hai vinto 12.000 crediti: li trovi già nel tuo portafoglio.');
    expect(won).toContain(`Risultati resi definitivi da ${signed.actor_name}.`);
    const english = mailTo(mails, second).text;
    expect(english).toContain('You won 300 credits: they are already in your wallet.');
    expect(english).toContain(`Results made final by ${signed.actor_name}.`);
    const none = mailTo(mails, third).text;
    expect(none).not.toContain('crediti');
    expect(none).toContain(`Risultati resi definitivi da ${signed.actor_name}.`);
  });
});

describe('the poll', () => {
  // the failed ticks are logged
  test('a database that is down fails the ticks; the poll goes on and mails once it is back', async () => {
    const players = await quickPlayers(t, 2);
    const id = await tournamentWith(players, checkInOpen());
    // a PostgreSQL nobody listens on: every query fails with a refused connection
    const dead = await openDatabase(`postgres://arena@127.0.0.1:${await anyFreePort()}/down`, {
      dbConnectTimeoutMs: 500,
    });
    let down = true;
    const errors: unknown[] = [];
    const log = { info: () => {}, warn: () => {}, error: (o: unknown) => errors.push(o) };
    const app = Object.create(t.app, { db: { get: () => (down ? dead : t.db) }, log: { value: log } }) as typeof t.app;
    const stop = scheduleReminders(app, 50);
    try {
      expect(await within(5000, () => errors.length >= 2)).not.toBeNull();
      expect(
        await t.db.kysely.selectFrom('reminders_sent').selectAll().where('tournament_id', '=', id).execute(),
      ).toEqual([]);
      down = false;
      expect(
        await within(
          5000,
          async () =>
            (await t.db.kysely.selectFrom('reminders_sent').selectAll().where('tournament_id', '=', id).execute())
              .length === 2,
        ),
      ).not.toBeNull();
    } finally {
      await stop();
      await dead.close();
    }
    expect(mailsTo(await t.outbox(), players)).toHaveLength(2);
  });
});

describe('concurrent ticks', () => {
  // PostgreSQL: two apps (two pools, as two processes) on one database; SQLite has one process, so
  // the ticks overlap within it (several processes on one SQLite file is not a supported deployment)
  test('ticks overlapping four at a time, five times over: each member mailed once', async () => {
    const other =
      engine === 'postgres' ? await createTestApp({ rateLimits: false, databaseUrl: t.config.databaseUrl }) : t;
    try {
      const players = await quickPlayers(t, 12);
      const id = await tournamentWith(players, checkInOpen());
      let total = 0;
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all([tick(t.app), tick(other.app), tick(t.app), tick(other.app)]);
        total += results.reduce((sum, r) => sum + r.checkin_open, 0);
      }
      expect(total).toBe(12);
      const rows = await t.db.kysely.selectFrom('reminders_sent').selectAll().where('tournament_id', '=', id).execute();
      expect(rows).toHaveLength(12);
      // each app writes its own outbox folder: the queue's rows are the whole record
      const queued = await t.db.kysely
        .selectFrom('mail_outbox')
        .select('recipient')
        .where(
          'recipient',
          'in',
          players.map((p) => p.email),
        )
        .execute();
      expect(queued.map((q) => q.recipient).sort()).toEqual(players.map((p) => p.email).sort());
      await other.mailDrained();
    } finally {
      if (other !== t) await other.close();
    }
  });
});

describe('GET|PUT /users/me/notifications', () => {
  test('the calls are in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    expect(Object.keys(doc.paths['/api/users/me/notifications']).sort()).toEqual(['get', 'put']);
  });

  test('all on by default; a save is kept and read back; only the caller’s own', async () => {
    const [p, other] = await quickPlayers(t, 2);
    const first = await t.call('GET', '/api/users/me/notifications', { token: p.token });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ checkinOpen: true, checkinClosing: true, resultsFinal: true });
    const saved = await t.call('PUT', '/api/users/me/notifications', {
      token: p.token,
      body: { checkinOpen: false, checkinClosing: true, resultsFinal: false },
    });
    expect(saved.json).toEqual({
      status: 'SUCCESS',
      data: { checkinOpen: false, checkinClosing: true, resultsFinal: false },
    });
    expect((await t.call('GET', '/api/users/me/notifications', { token: p.token })).json.data).toEqual({
      checkinOpen: false,
      checkinClosing: true,
      resultsFinal: false,
    });
    expect(
      (
        await t.call('PUT', '/api/users/me/notifications', {
          token: p.token,
          body: { checkinOpen: true, checkinClosing: true, resultsFinal: false },
        })
      ).json.data.checkinOpen,
    ).toBe(true);
    expect((await t.call('GET', '/api/users/me/notifications', { token: other.token })).json.data).toEqual({
      checkinOpen: true,
      checkinClosing: true,
      resultsFinal: true,
    });
  });

  test('no token: 401; a body that is not the three booleans: 400 with the field', async () => {
    expect((await t.call('GET', '/api/users/me/notifications')).status).toBe(401);
    expect(
      (
        await t.call('PUT', '/api/users/me/notifications', {
          body: { checkinOpen: true, checkinClosing: true, resultsFinal: true },
        })
      ).status,
    ).toBe(401);
    const p = await quickPlayer(t);
    const cases: [unknown, string][] = [
      [{ checkinOpen: 'yes', checkinClosing: true, resultsFinal: true }, 'body.checkinOpen'],
      [{ checkinOpen: true, checkinClosing: true }, 'body.resultsFinal'],
      [{ checkinOpen: true, checkinClosing: true, resultsFinal: null }, 'body.resultsFinal'],
      [{ checkinOpen: true, checkinClosing: true, resultsFinal: true, extra: 1 }, 'body'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', '/api/users/me/notifications', { token: p.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(
        res.json.error.issues.map((i: { path: string }) => i.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await t.call('GET', '/api/users/me/notifications', { token: p.token })).json.data).toEqual({
      checkinOpen: true,
      checkinClosing: true,
      resultsFinal: true,
    });
  });
});

/** A check-in mail, Italian or English (the demo's finalised tournaments also mail their results). */
function checkInMail(m: { subject: string }): boolean {
  return /check-in/i.test(m.subject);
}

describe('the demo', () => {
  test("a freshly seeded demo's open check-in mails its members, giulia in Italian and alex in English", async () => {
    const demo = await createTestApp({ rateLimits: false });
    try {
      await seedDemo(demo.app);
      const sent = await tick(demo.app);
      expect(sent.checkin_open).toBe(8);
      const mails = await demo.outbox();
      const giulia = mails.filter((m) => m.to.includes('giulia@demo.arena') && checkInMail(m));
      const alex = mails.filter((m) => m.to.includes('alex@demo.arena') && checkInMail(m));
      expect(giulia.map((m) => m.subject)).toEqual(['Il check-in di Fortnite Zero Build Sprint è aperto']);
      expect(alex.map((m) => m.subject)).toEqual(['Check-in is open for Fortnite Zero Build Sprint']);
      expect(alex[0].text).toMatch(/calendar\.ics/);
      expect((await tick(demo.app)).checkin_open).toBe(0);
    } finally {
      await demo.close();
    }
  });
});

describe('npm start with the demo', () => {
  test('a first start seeds the demo and mails its open check-in at once, not after one poll interval', async () => {
    const fresh = await createTestApp({ rateLimits: false });
    // an interval longer than the test: only the tick at start can send these. The server answers once the demo is
    // seeded, which on a loaded machine takes over 30 s on PostgreSQL
    const server = await startServer({
      databaseUrl: fresh.config.databaseUrl,
      dataDir: fresh.config.dataDir,
      port: await anyFreePort(),
      env: { SEED_DEMO: 'true', REMINDER_POLL_MS: '3600000' },
      readyWithinMs: 80_000,
    });
    try {
      const outbox = path.join(fresh.config.dataDir, 'outbox');
      const mailsTo = async (address: string) => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        const mails = await Promise.all(
          files.map(async (f) => parseMail(await fs.readFile(path.join(outbox, f), 'utf8'))),
        );
        return mails.filter((m) => m.to.includes(address) && checkInMail(m));
      };
      const arrived = await within(
        30_000,
        async () => (await mailsTo('giulia@demo.arena')).length > 0 && (await mailsTo('alex@demo.arena')).length > 0,
      );
      expect(arrived, server.output()).not.toBeNull();
      expect((await mailsTo('giulia@demo.arena')).map((m) => m.subject)).toEqual([
        'Il check-in di Fortnite Zero Build Sprint è aperto',
      ]);
      expect((await mailsTo('alex@demo.arena')).map((m) => m.subject)).toEqual([
        'Check-in is open for Fortnite Zero Build Sprint',
      ]);
    } finally {
      await server.stop();
      await fresh.close();
    }
  }, 150_000);
});

// several processes on one SQLite file is not a supported deployment (src/app/cluster.ts)
if (engine === 'postgres')
  describe('two API processes on one PostgreSQL', () => {
    let u: TestApp;
    const servers: ServerProcess[] = [];
    beforeAll(async () => {
      u = await createTestApp({ rateLimits: false });
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await u?.close();
    });

    test('check-in opens for 30 members while both processes poll: exactly 30 mails, one each', async () => {
      const boss = await quickPlayer(u, { admin: true });
      const members = await quickPlayers(u, 30);
      const id = await createTournament(u, boss.token, 'registration', { maxPartecipants: 30 });
      for (const p of members) expect((await join(u, id, p)).status).toBe(200);
      const env = { REMINDER_POLL_MS: '100', MAIL_POLL_MS: '100' };
      for (let i = 0; i < 2; i++)
        servers.push(
          await startServer({
            databaseUrl: u.config.databaseUrl,
            dataDir: u.config.dataDir,
            port: await anyFreePort(),
            env,
          }),
        );
      // check-in opens now: the next ticks of both processes find it at once
      await setPhase(u, boss.token, id, 'checkinOpen');

      const outbox = path.join(u.config.dataDir, 'outbox');
      const files = async () =>
        (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
      expect(
        await within(20_000, async () => (await files()).length >= 30),
        servers.map((s) => s.output()).join('\n'),
      ).not.toBeNull();
      // a few more rounds of both polls: nothing doubles
      await new Promise((r) => setTimeout(r, 1000));
      const mails = await Promise.all(
        (await files()).map(async (f) => parseMail(await fs.readFile(path.join(outbox, f), 'utf8'))),
      );
      expect(mails).toHaveLength(30);
      const to = mails.map((m) => m.to.replace(/.*<|>.*/g, ''));
      expect(new Set(to).size).toBe(30);
      expect(to.sort()).toEqual(members.map((p) => p.email).sort());
      const rows = await u.db.kysely.selectFrom('reminders_sent').selectAll().where('tournament_id', '=', id).execute();
      expect(rows).toHaveLength(30);
      const queued = await u.db.kysely.selectFrom('mail_outbox').select('recipient').execute();
      expect(queued).toHaveLength(30);
    });
  });

describe('a reminder to a whole field at the roster limit', () => {
  // ten thousand players bind four parameters each: more than one statement may carry on SQLite
  test('is recorded once per player, and a second decision for the same players records none', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10_000 });
    const players = await bulkPlayers(t, 10_000);
    const now = new Date().toISOString();
    const first = await ReminderRepository.record(t.db.kysely, id, 'checkin_open', players, now);
    expect(new Set(first)).toEqual(new Set(players));
    // one new player among those already reminded: only they are recorded now
    const [late] = await bulkPlayers(t, 1);
    const second = await ReminderRepository.record(t.db.kysely, id, 'checkin_open', [...players, late], now);
    expect(second).toEqual([late]);
  });
});
