import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../../src/app/app.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import * as SessionRepository from '../../../src/features/accounts/server/session-repository.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import { presetTables } from '../../../src/features/results/contract.ts';
import { form, openPhaseNow, png, submit as submitScreenshot } from '../helpers/campaign.ts';
import { line, resultsApi } from '../helpers/results.ts';
import { address, IMAGE, rewardsApi } from '../helpers/rewards.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';

/**
 * Two brands on one database: brand B's site admin calls EVERY route of the API, taken from the
 * app's own OpenAPI document so that a route added later is called too, with brand A's ids in its
 * path (and, where a route takes them, in its query and body). None of these calls may succeed on
 * A's records, none may answer A's data, A's rows must be exactly as before each call, and no row
 * written by the call (B's audit log above all) may name any of A's records.
 */
let a: TestApp;
let b: FastifyInstance;
let bossB: string;
const A = {} as {
  admin: Person;
  players: Person[];
  royale: string;
  bracket: string;
  plain: string;
  matchId: string;
  reportId: string;
  competition: string;
  product: string;
  giveaway: string;
  giveawayToken: string;
  badge: string;
  purchase: string;
  news: string;
  submission: string;
};
/** every id, e-mail, username and token of brand A: none may appear in what B answers or writes */
let markers: string[] = [];

beforeAll(async () => {
  a = await createTestApp({ ownerId: 'brand-a', rateLimits: false });
  const config = { ...a.config, ownerId: 'brand-b', brandSlug: 'brand-b' };
  const outboxDir = path.join(config.dataDir, 'outbox-b');
  b = await buildApp({ config, db: a.db, mailer: createMailer({ outboxDir, from: 'no-reply@b.test', log: () => {} }) });
  await b.ready();
  const boss = await UserRepository.create(a.db.kysely, {
    owner: 'brand-b',
    username: 'boss_b',
    email: 'boss@b.test',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA',
    nickname: 'Boss B',
    gender: 'female',
    birthDate: '2000-05-17',
    language: 'it',
    country: 'Italy',
    roles: ['SiteAdmin'],
  });
  if (!boss.ok) throw new Error('brand B admin not created');
  bossB = boss.id;
  await seedBrandA();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** One record of each kind in brand A, made through A's own API wherever it has a call for it. */
async function seedBrandA() {
  const t = a;
  A.admin = await T.quickPlayer(t, { admin: true });
  A.players = await T.quickPlayers(t, 4);
  const [p1, p2, p3, p4] = A.players as [Person, Person, Person, Person];
  const ok = (r: { status: number; json: any }, status = 200) => {
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    return r.json.data;
  };

  // battle royale, live: p1 and p2 checked in, p3 joined only; one match recorded, one report pending
  A.royale = await T.createTournament(t, A.admin.token, 'registration', { game: 'Fortnite', maxPartecipants: 20 });
  for (const p of [p1, p2, p3]) ok(await T.join(t, A.royale, p));
  await T.setPhase(t, A.admin.token, A.royale, 'checkinOpen');
  for (const p of [p1, p2]) ok(await T.checkIn(t, A.royale, p));
  await T.setPhase(t, A.admin.token, A.royale, 'ongoing');
  const results = resultsApi(t, A.admin.token, A.royale);
  ok(await results.createMatch([{ entrantId: p1.id, placement: 1, eliminations: 2 }]), 201);
  const shot = form({ matchNumber: '2', placement: '3', eliminations: '1' }, [{ data: await png(4242) }]);
  const reported = await t.inject({
    method: 'POST',
    url: `/api/tournaments/${A.royale}/reports`,
    headers: { 'content-type': shot.contentType, authorization: `Bearer ${p1.token}` },
    payload: shot.body,
  });
  A.reportId = ok({ status: reported.statusCode, json: reported.json() }, 201).id;

  // single elimination (Valorant): p1 and p2 checked in, bracket generated
  A.bracket = await T.createTournament(t, A.admin.token, 'registration', { game: 'Valorant', maxPartecipants: 8 });
  const valorant = (p: Person) => T.registration(p.id, { game: 'Valorant' });
  for (const p of [p1, p2]) ok(await T.join(t, A.bracket, p, valorant(p)));
  await T.setPhase(t, A.admin.token, A.bracket, 'checkinOpen');
  for (const p of [p1, p2]) ok(await T.checkIn(t, A.bracket, p, valorant(p)));
  const asAdmin = (body: unknown) => ({ token: A.admin.token, body });
  const bracket = ok(await t.call('POST', `/api/tournaments/${A.bracket}/bracket`, asAdmin({ seeding: 'checkin' })));
  A.matchId = bracket.rounds[0].matches[0].id;

  // a tournament still taking registrations, full, so p4 waits on its waiting list
  A.plain = await T.createTournament(t, A.admin.token, 'registration', { game: 'Fortnite', maxPartecipants: 1 });
  ok(await T.join(t, A.plain, p3));
  ok(await T.join(t, A.plain, p4));

  const competition = asAdmin({ name: 'A league', game: 'Fortnite' });
  A.competition = ok(await t.call('POST', '/api/tournaments/competitions', competition), 201).id;
  const rewards = rewardsApi(t, A.admin.token);
  A.product = (await rewards.product())._id;
  const giveaway = await rewards.giveaway();
  [A.giveaway, A.giveawayToken] = [giveaway.id, giveaway.token];
  A.badge = await rewards.badge({ slug: 'brand_a_badge', trigger: 'manual', reward: 5 });
  await rewards.credit(p1.id, 500);
  const order = { productId: A.product, shippingAddress: address };
  ok(await t.call('POST', '/api/marketplace/purchases', { token: p1.token, body: order }), 201);
  const purchases = t.db.kysely.selectFrom('purchases').select('id').where('product_id', '=', A.product);
  A.purchase = (await purchases.executeTakeFirstOrThrow()).id;
  const news = asAdmin({ title: { it: 'Notizia A', en: 'News A' }, published: true });
  A.news = ok(await t.call('POST', '/api/news', news), 201).id;
  await openPhaseNow(t, A.admin.token, 1);
  A.submission = ok(await submitScreenshot(t, p2.token), 201).id;

  const brandA = t.db.kysely.selectFrom('users').where('owner', '=', 'brand-a');
  const users = await brandA.select(['id', 'email', 'username']).execute();
  const ids = Object.values(A).filter((v): v is string => typeof v === 'string');
  markers = [...new Set([...ids, ...users.flatMap((u) => [u.id, u.email, u.username]), 'brand-a'])];
  const short = markers.filter((m) => typeof m !== 'string' || m.length < 6);
  expect(short, JSON.stringify(A)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// filling a route: its path parameters, its query and its body

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  hasJsonBody: boolean;
}

/**
 * The values a path parameter takes: A's record of the kind the route names. A route with a
 * parameter not mapped here fails the test, so a new route has to say which of A's records it takes.
 */
function paramValues(op: Operation, name: string): string[] | undefined {
  const p = op.path;
  const [p1] = A.players as [Person];
  const tournaments = [A.royale, A.bracket, A.plain];
  if (p.startsWith('/api/tournaments/competition')) return name === 'id' ? [A.competition] : undefined;
  if (p.startsWith('/api/tournaments/{id}')) {
    return {
      id: tournaments,
      userId: [p1.id, A.players[3]!.id],
      number: ['1'],
      reportId: [A.reportId],
      matchId: [A.matchId],
      // no captain of A registered a team: an id of A in its place is refused on A's tournament all the same
      teamId: [p1.id],
    }[name];
  }
  // a player's public page is of its own brand: A's player has none on B's site
  if (p.startsWith('/api/players/')) return name === 'username' ? [p1.username] : undefined;
  if (p.startsWith('/api/admin/users/')) return { id: [p1.id, A.admin.id], role: ['SiteAdmin'] }[name];
  if (p.startsWith('/api/users/')) return name === 'id' ? [p1.id] : undefined;
  if (p.startsWith('/api/marketplace/badges')) return name === 'id' || name === 'badge' ? [A.badge] : undefined;
  if (p.startsWith('/api/marketplace/products')) return name === 'id' ? [A.product] : undefined;
  if (p.startsWith('/api/marketplace/purchases/{id}')) return name === 'id' ? [A.purchase] : undefined;
  if (p.startsWith('/api/marketplace/giveaways')) return name === 'id' ? [A.giveaway] : undefined;
  if (p.startsWith('/api/marketplace/submissions')) return name === 'id' ? [A.submission] : undefined;
  if (p.startsWith('/api/news')) return name === 'id' ? [A.news] : undefined;
  if (p.startsWith('/api/marketplace/wallets/{owner}')) return { owner: ['brand-a', 'brand-b'], userId: [p1.id] }[name];
  if (p.startsWith('/api/marketplace/')) return name === 'user' || name === 'userId' ? [p1.id] : undefined;
  // the campaign and the upload folder are named alike in every brand: not records of A
  if (p.startsWith('/api/campaigns/')) return { slug: ['cortina'], phase: ['1'] }[name];
  if (p.startsWith('/api/media/')) return name === 'agency' ? [a.config.agencyName] : undefined;
  return undefined;
}

/**
 * Query parameters that name a record or the brand, filled with A's. A route that takes `owner`
 * is called with A's and without (its own brand), so the check of the record itself is reached too.
 */
function queriesOf(op: Operation): string[] {
  const [p1] = A.players as [Person];
  const q: Record<string, string> = {};
  if (op.query.includes('userID')) q.userID = p1.id;
  if (op.query.includes('competitionId')) q.competitionId = A.competition;
  // A's player by name: the candidates a roster add may pick from
  if (op.query.includes('search')) q.search = p1.username;
  if (op.query.includes('token')) q.token = 'not-a-real-reset-token';
  // A's tournaments, where the caller asks for their own standing
  if (op.query.includes('ids')) q.ids = [A.royale, A.bracket].join(',');
  const variants = op.query.includes('owner') ? [{ owner: 'brand-a', ...q }, q] : [q];
  return variants.map((v) => (Object.keys(v).length > 0 ? `?${new URLSearchParams(v).toString()}` : ''));
}

const later = new Date(Date.now() + 86_400_000).toISOString();
const i18n = (text: string) => ({ it: text, en: text });
/** A body each route accepts, naming A's records where it names any. */
function bodyOf(op: Operation): unknown {
  const [p1, p2] = A.players as [Person, Person];
  const bodies: Record<string, () => unknown> = {
    'POST /api/users/authenticate': () => ({ email: p1.email, password: 'correct-horse-battery' }),
    'POST /api/users/pp': () => ({
      username: 'b_newcomer',
      email: 'newcomer@b.test',
      password: 'correct-horse-battery',
      nickname: 'New',
      gender: 'male',
    }),
    'PUT /api/users/pp/{id}': () => ({ nickname: 'Owned by B' }),
    'POST /api/users/sendReset': () => ({ email: p1.email }),
    'POST /api/users/reset': () => ({ token: 'not-a-real-reset-token', password: 'another-password-1' }),
    'POST /api/users/me/password': () => ({ currentPassword: 'wrong-password', password: 'another-password-1' }),
    'POST /api/users/me/email': () => ({ currentPassword: 'wrong-password', email: 'boss-new@b.test' }),
    'POST /api/users/me/delete': () => ({ currentPassword: 'wrong-password' }),
    'POST /api/users/email/confirm': () => ({ token: 'not-a-real-confirm-token' }),
    'POST /api/tournaments/competitions': () => ({ name: 'B league', game: 'Fortnite' }),
    'PUT /api/tournaments/competitions/{id}': () => ({ name: 'Owned by B' }),
    'POST /api/tournaments/competitions/{id}/team': () => ({ team: 'speed' }),
    'PUT /api/tournaments/competition/{id}': () => ({
      teams: [{ name: 'speed', players: [{ playerId: p1.id, playerName: p1.username, score: 99 }] }],
    }),
    'POST /api/tournaments': () => ({ name: 'B cup', game: 'Fortnite', console: ['PC'], maxPartecipants: 10 }),
    'PUT /api/tournaments/{id}': () => ({ name: 'Owned by B', maxPartecipants: 50 }),
    'POST /api/tournaments/{id}/register': () => T.registration(bossB),
    'POST /api/tournaments/{id}/register/checkin': () => T.registration(bossB),
    'POST /api/tournaments/{id}/registrations/{userId}/remove': () => ({ reason: 'brand B says so' }),
    'POST /api/tournaments/{id}/registrations/{userId}/disqualify': () => ({ reason: 'brand B says so' }),
    'PUT /api/tournaments/{id}/registrations/{userId}/checkin': () => ({ confirmed: false }),
    'PUT /api/tournaments/{id}/registrations/{userId}/position': () => ({ position: 1 }),
    'POST /api/tournaments/{id}/registrations': () => ({ userId: p1.id }),
    'PUT /api/tournaments/{id}/archive': () => ({ archived: true }),
    'POST /api/tournaments/{id}/broadcast': () => ({ subject: i18n('From B'), body: i18n('Hello from B') }),
    'POST /api/marketplace/badges': () => ({ slug: 'brand_b_badge', name: 'B badge', trigger: 'manual' }),
    'PUT /api/marketplace/badges/{id}': () => ({ rewardAmount: 999 }),
    'POST /api/marketplace/badges/trigger/{badge}': () => ({ userId: p1.id }),
    'POST /api/marketplace/products': () => ({ name: 'B hoodie', price: 10, quantity: 1, image: IMAGE }),
    'PUT /api/marketplace/products/{id}': () => ({ price: 1 }),
    'POST /api/marketplace/purchases': () => ({ productId: A.product, shippingAddress: address, userId: p1.id }),
    'POST /api/marketplace/giveaways/redeem': () => ({ token: A.giveawayToken, userId: p1.id }),
    'POST /api/marketplace/giveaways': () => ({ token: 'BRAND_B_CODE', credits: 5, type: 'infinite' }),
    'PUT /api/marketplace/giveaways/{id}': () => ({ credits: 999, type: 'infinite' }),
    'POST /api/marketplace/wallets/{userId}/adjust': () => ({ amount: 1000, reason: 'brand B gift' }),
    'POST /api/news': () => ({ title: i18n('B news') }),
    'PUT /api/news/{id}': () => ({ title: i18n('Owned by B') }),
    'PUT /api/campaigns/{slug}': () => ({ deadline: later }),
    'POST /api/marketplace/submissions/{id}/review': () => ({ decision: 'approve', score: 10 }),
    'PUT /api/tournaments/{id}/scoring': () => presetTables.placement_plus_elims,
    'PUT /api/tournaments/{id}/teams': () => ({ teams: [{ name: 'Mixed', members: [p1.id, p2.id] }] }),
    'POST /api/tournaments/{id}/matches': () => ({ lines: [{ entrantId: p2.id, placement: 1, eliminations: 9 }] }),
    'POST /api/tournaments/{id}/matches/preview': () => ({ csv: `entrant,placement\n${p1.username},1\n` }),
    'PUT /api/tournaments/{id}/matches/{number}': () => ({ lines: [line(p1, 2)] }),
    'POST /api/tournaments/{id}/matches/{number}/void': () => ({ voided: true }),
    'PUT /api/users/me/notifications': () => ({ checkinOpen: false, checkinClosing: false, resultsFinal: false }),
    'POST /api/tournaments/{id}/reports/{reportId}/review': () => ({ decision: 'reject', reason: 'brand B says so' }),
    'PUT /api/tournaments/{id}/prizes': () => ({ prizes: [{ from: 1, to: 1, credits: 100 }] }),
    'POST /api/tournaments/{id}/finalise': () => ({ confirmIncomplete: true }),
    'POST /api/tournaments/{id}/bracket': () => ({ seeding: 'random' }),
    'POST /api/tournaments/{id}/bracket/matches/{matchId}/report': () => ({ scoreA: 2, scoreB: 0 }),
    'POST /api/tournaments/{id}/bracket/matches/{matchId}/override': () => ({ scoreA: 0, scoreB: 2 }),
    'POST /api/tournaments/{id}/bracket/next-round': () => ({ round: 1 }),
    'POST /api/tournaments/{id}/bracket/playoff': () => ({ format: 'single_elimination', size: 2 }),
    'PUT /api/tournaments/{id}/lobbies': () => ({ lobbies: [[p1.id], [p2.id]] }),
    'POST /api/tournaments/{id}/lobbies/auto': () => ({ count: 2 }),
    'PUT /api/tournaments/{id}/lobbies/{number}/code': () => ({ code: 'B-KEY', visibleFrom: null }),
    'POST /api/tournaments/{id}/entry-teams/{teamId}/accept': () => ({}),
    'POST /api/tournaments/{id}/entry-teams/{teamId}/decline': () => ({}),
    'POST /api/tournaments/{id}/entry-teams/{teamId}/invite': () => ({
      userId: p2.id,
      gameAccount: { username: 'rider', id: '', game: 'Fortnite', console: 'PC' },
    }),
  };
  const make = bodies[`${op.method} ${op.path}`];
  if (!make) return undefined;
  return make();
}

/** The fields of an upload: a match report's and a campaign screenshot's. */
const UPLOAD_FIELDS = {
  matchNumber: '2',
  placement: '1',
  eliminations: '0',
  username: 'Rider',
  email: 'rider@b.test',
  note: 'season1',
};
/** The routes whose body is a multipart upload (the OpenAPI document names no JSON body for them). */
const UPLOADS: Record<string, string> = {
  'POST /api/tournaments/{id}/reports': 'a match report',
  'POST /api/marketplace/submissions': 'a campaign screenshot',
  'POST /api/media/{agency}': 'an image',
};
/**
 * Routes that answer alike whatever they are given, so as not to tell which accounts exist: their
 * success says nothing of A; that they write nothing about A is still checked.
 */
const SAME_ANSWER_ALWAYS = new Set(['POST /api/users/sendReset']);
/** What a route answers instead of 404 when it is handed A's record, and why that is right. */
const NOT_404: Record<string, number> = {
  // logging in with A's e-mail at B: that account does not exist here, so the credentials are wrong
  'POST /api/users/authenticate': 401,
};
/** A second body for routes that decide two ways: each way must check the brand. */
const SECOND_BODIES: Record<string, unknown> = {
  'POST /api/tournaments/{id}/reports/{reportId}/review': { decision: 'approve', overwrite: true },
  'POST /api/marketplace/submissions/{id}/review': { decision: 'reject', reason: 'brand B says so' },
  'PUT /api/tournaments/{id}/registrations/{userId}/checkin': { confirmed: true },
};

// ---------------------------------------------------------------------------------------------
// what the database holds, row by row

async function tableNames(): Promise<string[]> {
  const tables = await a.db.kysely.introspection.getTables();
  return tables.filter((t) => !t.isView).map((t) => t.name);
}

async function snapshot(tables: string[]): Promise<Map<string, Set<string>>> {
  const rows = await Promise.all(
    tables.map((table) =>
      a.db.kysely
        .selectFrom(table as 'users')
        .selectAll()
        .execute(),
    ),
  );
  return new Map(tables.map((table, i) => [table, new Set(rows[i]!.map((r) => JSON.stringify(r)))]));
}

const mentionsA = (text: string) => markers.filter((m) => text.includes(m));
const cut = (text: string) => text.slice(0, 200);

/** Rows of A that are no longer as they were, and new rows that name A. B's own rows may change. */
function diff(before: Map<string, Set<string>>, after: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  for (const [table, rows] of before) {
    const now = after.get(table)!;
    const ofB = (row: string) => row.includes(bossB) || row.includes('brand-b');
    for (const row of rows) if (!now.has(row) && !ofB(row)) problems.push(`${table}: changed or removed ${cut(row)}`);
    for (const row of now) {
      const named = mentionsA(row);
      if (!rows.has(row) && named.length > 0) problems.push(`${table}: new row names A (${named.join()}) ${cut(row)}`);
    }
  }
  return problems;
}

function operations(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const parameters: { in: string; name: string }[] = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path: p,
        params: parameters.filter((x) => x.in === 'path').map((x) => x.name),
        query: parameters.filter((x) => x.in === 'query').map((x) => x.name),
        hasJsonBody: Boolean(op.requestBody?.content?.['application/json']),
      });
    }
  }
  // deletions last, so a leaking delete cannot hide what the other calls would have done
  return ops.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

function* combinations(names: string[], values: string[][]): Generator<Record<string, string>> {
  if (names.length === 0) {
    yield {};
    return;
  }
  for (const rest of combinations(names.slice(1), values.slice(1))) {
    for (const v of values[0]!) yield { [names[0]!]: v, ...rest };
  }
}

test("brand B's site admin reaches none of brand A's records through any route of the API", async () => {
  const doc: any = b.swagger();
  const ops = operations(doc);
  expect(ops.length).toBeGreaterThan(100);

  const unmapped: string[] = [];
  const noBody: string[] = [];
  for (const op of ops) {
    for (const name of op.params) if (!paramValues(op, name)) unmapped.push(`${op.method} ${op.path} {${name}}`);
    if (op.hasJsonBody && bodyOf(op) === undefined) noBody.push(`${op.method} ${op.path}`);
  }
  // a new route must say which of A's records its parameters take, and what body it accepts
  expect(unmapped).toEqual([]);
  expect(noBody).toEqual([]);

  const tables = await tableNames();
  const failures: string[] = [];
  let calls = 0;
  let previous: Map<string, Set<string>> | undefined;
  for (const op of ops) {
    const key = `${op.method} ${op.path}`;
    const values = op.params.map((name) => paramValues(op, name)!);
    const bodies = op.hasJsonBody ? [bodyOf(op), ...(key in SECOND_BODIES ? [SECOND_BODIES[key]] : [])] : [undefined];
    for (const params of combinations(op.params, values)) {
      for (const [query, body] of queriesOf(op).flatMap((q) => bodies.map((x) => [q, x] as const))) {
        const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!) + query;
        const label = `${op.method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
        // each call gets a fresh session: some calls (log out, password change) end the one they came with
        const token = await SessionRepository.create(a.db.kysely, bossB, 1);
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        let payload: Buffer | string | undefined = body === undefined ? undefined : JSON.stringify(body);
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (key in UPLOADS) {
          const upload = form(UPLOAD_FIELDS, [{ data: await png(7) }]);
          [payload, headers['content-type']] = [upload.body, upload.contentType];
        }
        // the state after one call is the state before the next: the fresh session above names only B
        const before = previous ?? (await snapshot(tables));
        const sent = payload !== undefined ? { payload } : {};
        const res = await b.inject({ method: op.method as 'GET', url, headers, ...sent });
        calls++;
        const after = await snapshot(tables);
        previous = after;
        // a list filtered by an id of A answers an empty list: what it answers is checked below
        const filled = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!);
        const named = [filled, query.includes('owner=brand-a') ? 'brand-a' : '', JSON.stringify(body ?? '')].join(' ');
        const targetsA = !SAME_ANSWER_ALWAYS.has(key) && mentionsA(named).length > 0;
        let code: string | undefined;
        try {
          code = res.json()?.error?.code;
        } catch {
          code = undefined;
        }
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${code}`);
        const expected = NOT_404[key] ?? 404;
        const status = `${res.statusCode} ${code}`;
        if (targetsA && res.statusCode !== expected) failures.push(`${label}: ${status} on A's, not ${expected}`);
        // a body the route refuses as malformed never reaches the brand check: the test would prove nothing
        if (code === 'VALIDATION_ERROR') failures.push(`${label}: the test's input is invalid (${cut(res.body)})`);
        const leaked = mentionsA(res.body);
        if (leaked.length > 0) failures.push(`${label}: ${res.statusCode} answers A's ${leaked.join(', ')}`);
        for (const problem of diff(before, after)) failures.push(`${label}: ${problem}`);
      }
    }
  }
  expect(calls).toBeGreaterThan(150);
  expect(failures).toEqual([]);
}, 300_000);
