import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { tick } from '../../../src/features/reminders/server/service.ts';
import { up as mailOwner } from '../../../migrations/0090-mail-owner.ts';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { deadSmtpUrl, parseMail, resetLinkOf, type ParsedMail } from '../helpers/mail.ts';
import { createTournament, join, quickPlayer, quickPlayers, type Person } from '../helpers/tournaments.ts';
import { anyFreePort, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { within } from '../helpers/freshness.ts';

/**
 * Two brands (OWNER_ID) on one database (a SQLite file or a PostgreSQL database), each with its own
 * app and mail worker: a queued mail is sent by a process of the brand that wrote it, never by the
 * other's (whose From address, mail server and operator it would go through). The last part runs
 * two brands' real server processes on one PostgreSQL database.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// the workers look when woken, or when a test asks, not on a poll of their own
const quiet = { rateLimits: false, mailPollMs: 600_000 };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ ...quiet, ownerId: 'brand-a' });
  b = await createTestApp({ ...quiet, ownerId: 'brand-b', databaseUrl: a.config.databaseUrl });
});
afterAll(async () => {
  // b first: a drops the database they share
  await b?.close();
  await a?.close();
});

const addressOf = (m: ParsedMail) => m.to.replace(/.*<|>.*/g, '');
const mailsTo = (mails: ParsedMail[], people: { email: string }[]) => {
  const addresses = new Set(people.map((p) => p.email));
  return mails.filter((m) => addresses.has(addressOf(m)));
};
const askReset = async (t: TestApp, email: string) => {
  const res = await t.call('POST', '/api/users/sendReset', { body: { email } });
  return res.status;
};
const resetWith = async (t: TestApp, token: string) => {
  const res = await t.call('POST', '/api/users/reset', { body: { token, password: 'a-brand-new-password-1' } });
  return res.status;
};
const outboxRows = (people: { email: string }[]) =>
  a.db.kysely
    .selectFrom('mail_outbox')
    .select(['recipient', 'owner', 'status', 'attempts'])
    .where(
      'recipient',
      'in',
      people.map((p) => p.email),
    )
    .orderBy('recipient')
    .execute();

test("B's worker never sends A's reset mails, even while A's mail server is down; A sends them later", async () => {
  const players = await quickPlayers(a, 8);
  // a process of brand A whose mail server is unreachable: its reset mails stay queued
  const smtpUrl = await deadSmtpUrl();
  const down = await createTestApp({ ...quiet, ownerId: 'brand-a', databaseUrl: a.config.databaseUrl, smtpUrl });
  try {
    for (const p of players) expect(await askReset(down, p.email)).toBe(200);
    await down.mailDrained();
  } finally {
    await down.close();
  }
  const queued = await outboxRows(players);
  expect(queued).toHaveLength(8);
  for (const row of queued) expect(row).toMatchObject({ owner: 'brand-a', status: 'pending' });
  expect(Math.min(...queued.map((r) => Number(r.attempts)))).toBeGreaterThanOrEqual(1);

  // B's worker looks, and waits out every retry it has: none of these is its own
  const sentByB = b.app.mailQueue.counts.sent;
  await b.mailDrained({ all: true });
  expect(mailsTo(await b.outbox(), players)).toEqual([]);
  expect(b.app.mailQueue.counts.sent).toBe(sentByB);
  expect((await outboxRows(players)).map((r) => r.status)).toEqual(Array(8).fill('pending'));

  // A's healthy process sends all eight, and the links work on A
  await a.mailDrained({ all: true });
  const mails = mailsTo(await a.outbox(), players);
  expect(mails.map(addressOf).sort()).toEqual(players.map((p) => p.email).sort());
  const { token } = resetLinkOf(mails[0]);
  expect(await resetWith(a, token)).toBe(200);
  expect((await outboxRows(players)).map((r) => r.status)).toEqual(Array(8).fill('sent'));
});

test("a mail queued in a transaction (no wake) is still not B's to take; every enqueue writes its brand", async () => {
  const people = [{ email: 'queued-a-1@example.com' }, { email: 'queued-a-2@example.com' }];
  await a.db.kysely.transaction().execute((trx) =>
    a.app.mailQueue.send(
      people.map((p) => ({ to: p.email, subject: 'held', text: 'for A only' })),
      trx,
    ),
  );
  await b.mailDrained({ all: true });
  const held = people.map((p) => ({ recipient: p.email, owner: 'brand-a', status: 'pending', attempts: 0 }));
  expect(await outboxRows(people)).toEqual(held);
  await a.mailDrained();
  expect(mailsTo(await a.outbox(), people)).toHaveLength(2);
  expect(mailsTo(await b.outbox(), people)).toEqual([]);
});

describe('reminders', () => {
  const MIN = 60_000;
  const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
  const checkInOpen = () => ({
    start_registration: at(-120),
    start_checkin: at(-1),
    end_checkin: at(60),
    start_tournament: at(90),
    end_tournament: at(200),
  });

  async function openCheckIn(t: TestApp, admin: Person, players: Person[]) {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 20 });
    for (const p of players) expect((await join(t, id, p)).status).toBe(200);
    const res = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: checkInOpen() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return id;
  }

  test("A's reminder tick never touches B's tournaments; each brand's reminders are sent by it alone", async () => {
    const [adminA, adminB] = [await quickPlayer(a, { admin: true }), await quickPlayer(b, { admin: true })];
    const [playersA, playersB] = [await quickPlayers(a, 3), await quickPlayers(b, 4)];
    const idA = await openCheckIn(a, adminA, playersA);
    const idB = await openCheckIn(b, adminB, playersB);

    expect((await tick(a.app)).checkin_open).toBe(3);
    const reminded = a.db.kysely.selectFrom('reminders_sent').select('user_id');
    const decided = (id: string) => reminded.where('tournament_id', '=', id).execute();
    expect(await decided(idB)).toEqual([]);
    expect(await outboxRows(playersB)).toEqual([]);
    expect((await decided(idA)).map((r) => r.user_id).sort()).toEqual(playersA.map((p) => p.id).sort());

    expect((await tick(b.app)).checkin_open).toBe(4);
    expect(new Set((await outboxRows(playersB)).map((r) => r.owner))).toEqual(new Set(['brand-b']));
    expect(new Set((await outboxRows(playersA)).map((r) => r.owner))).toEqual(new Set(['brand-a']));
    // whichever worker looks first, each sends its own brand's and nothing else
    await Promise.all([a.mailDrained({ all: true }), b.mailDrained({ all: true })]);
    const [mailsA, mailsB] = [await a.outbox(), await b.outbox()];
    expect(mailsTo(mailsA, playersA)).toHaveLength(3);
    expect(mailsTo(mailsB, playersB)).toHaveLength(4);
    expect(mailsTo(mailsA, playersB)).toEqual([]);
    expect(mailsTo(mailsB, playersA)).toEqual([]);
  });
});

describe('rows queued before the brands were told apart (migration 0090)', () => {
  test('a pending row goes to the one brand with an account at its address; else it is never sent', async () => {
    const db = a.db.kysely;
    const [onlyA] = await quickPlayers(a, 1);
    const [onlyB] = await quickPlayers(b, 1);
    const shared = (await quickPlayers(a, 1))[0].email;
    await db.updateTable('users').set({ email: shared }).where('id', '=', onlyB.id).execute();
    const sentAlready = (await quickPlayers(a, 1))[0];
    // the table as it was: no owner column, the old index
    await db.schema.dropIndex('mail_outbox_owner_due').execute();
    await db.schema.alterTable('mail_outbox').dropColumn('owner').execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
    const now = new Date().toISOString();
    const old = (to: string, status: 'pending' | 'sent') =>
      sql`insert into mail_outbox (id, recipient, subject, body_text, status, next_attempt_at, created_at)
          values (${`old-${to}`}, ${to}, 'old', 'queued before', ${status}, ${now}, ${now})`.execute(db);
    // an address written with capitals still finds its account
    await old(onlyA.email.toUpperCase(), 'pending');
    await old(shared, 'pending');
    await old('nobody@example.com', 'pending');
    await old(sentAlready.email, 'sent');

    await mailOwner(db, a.db.dialect);

    const oldRows = async () => {
      const table = db.selectFrom('mail_outbox');
      const rows = await table.select(['id', 'owner', 'status']).where('id', 'like', 'old-%').execute();
      return Object.fromEntries(rows.map((r) => [r.id.slice('old-'.length), [r.owner, r.status]]));
    };
    const [upper, none, sent] = [onlyA.email.toUpperCase(), 'nobody@example.com', sentAlready.email];
    const unattributed = { [shared]: [null, 'pending'], [none]: [null, 'pending'], [sent]: [null, 'sent'] };
    expect(await oldRows()).toEqual({ [upper]: ['brand-a', 'pending'], ...unattributed });
    await Promise.all([a.mailDrained(), b.mailDrained()]);
    expect(await oldRows()).toEqual({ [upper]: ['brand-a', 'sent'], ...unattributed });
    const oldMails = (await a.outbox()).filter((m) => m.subject === 'old');
    expect(oldMails.map((m) => addressOf(m).toLowerCase())).toEqual([onlyA.email]);
    expect((await b.outbox()).filter((m) => m.subject === 'old')).toEqual([]);
  });
});

// declared only in the PostgreSQL project (not a skip there)
if (engine === 'postgres')
  describe("two brands' processes on one PostgreSQL", () => {
    // a database of its own: the apps above are workers of both brands too
    let home: TestApp;
    const servers: ServerProcess[] = [];
    beforeAll(async () => {
      home = await createTestApp({ ...quiet, ownerId: 'brand-a' });
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.crash()));
      await home?.close();
    });

    async function brand(owner: string, dir: string, env: Record<string, string> = {}) {
      const dataDir = path.join(home.config.dataDir, dir);
      await fs.mkdir(dataDir, { recursive: true });
      const port = await anyFreePort();
      const brandEnv = { OWNER_ID: owner, BRAND_SLUG: owner, RATE_LIMITS: 'false', ...env };
      const s = await startServer({ databaseUrl: home.config.databaseUrl, dataDir, port, env: brandEnv });
      servers.push(s);
      return { server: s, outbox: path.join(dataDir, 'outbox') };
    }

    async function mailsIn(dir: string): Promise<ParsedMail[]> {
      const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(files.map(async (f) => parseMail(await fs.readFile(path.join(dir, f), 'utf8'))));
    }

    test("A's reset mails, due again and again while A's mail is down, are not B's to send; A sends them", async () => {
      const players = await quickPlayers(home, 8);
      const emails = players.map((p) => p.email);
      const outbox = home.db.kysely.selectFrom('mail_outbox').select(['recipient', 'owner', 'status', 'attempts']);
      const rows = () => outbox.where('recipient', 'in', emails).execute();

      // B's worker asks for due mail every 50 ms the whole time
      const brandB = await brand('brand-b', 'b', { MAIL_POLL_MS: '50' });
      // A's first process cannot reach its mail server: each attempt fails and the row is due again
      // a second later, then two (its retries), for B's worker to find
      const down = await brand('brand-a', 'a-down', { SMTP_URL: await deadSmtpUrl(), MAIL_POLL_MS: '200' });
      for (const email of emails) {
        expect((await httpCall(down.server.url, 'POST', '/api/users/sendReset', { body: { email } })).status).toBe(200);
      }
      // every row has been due at least twice (A tried it twice) or was sent meanwhile
      const settled = await within(30_000, async () => {
        const now = await rows();
        return now.length === 8 && now.every((r) => r.status !== 'pending' || Number(r.attempts) >= 2);
      });
      expect(settled, down.server.output()).not.toBeNull();
      await down.server.stop();
      for (const row of await rows()) expect(row).toMatchObject({ owner: 'brand-a', status: 'pending' });
      expect(await mailsIn(brandB.outbox)).toEqual([]);

      // A's next process, whose mail works, sends all eight at its start
      const brandA = await brand('brand-a', 'a');
      const allSent = await within(30_000, async () => (await rows()).every((r) => r.status === 'sent'));
      expect(allSent, brandA.server.output()).not.toBeNull();
      const mails = await mailsIn(brandA.outbox);
      expect(mails.map((m) => m.to.toLowerCase()).sort()).toEqual([...emails].sort());
      for (const m of mails) expect(m.headers.from).toBe('no-reply@brand-a.example');
      expect(await mailsIn(brandB.outbox)).toEqual([]);
      expect(await mailsIn(down.outbox)).toEqual([]);
      // the links are A's, and work on A
      const { token } = resetLinkOf(mails[0]);
      const body = { token, password: 'a-brand-new-password-1' };
      expect((await httpCall(brandA.server.url, 'POST', '/api/users/reset', { body })).status).toBe(200);
    });
  });
