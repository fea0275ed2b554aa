import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament } from '../helpers/tournaments.ts';

let t: TestApp;
let admin: Account;
let player: Account;
let ids: { product: string; badge: string; tournament: string; competition: string };

const search = async (q: string, extra = '') => {
  const r = await t.call('GET', `/api/admin/audit?search=${encodeURIComponent(q)}${extra}`, { token: admin.token });
  expect(r.status).toBe(200);
  return r.json.data as { action: string; entityId: string; entityLabel: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  [player] = await accounts(t, 1);
  const api = rewardsApi(t, admin.token);
  const product = await api.product({ name: 'Felpa Arcobaleno' });
  const renamed = await t.call('PUT', `/api/marketplace/products/${product._id}`, {
    token: admin.token,
    body: { name: 'Felpa Tramonto' },
  });
  expect(renamed.status).toBe(200);
  const badge = await t.call('POST', '/api/marketplace/badges', {
    token: admin.token,
    body: { slug: 'night_owl', name: 'Gufo Notturno', trigger: 'manual' },
  });
  expect(badge.status).toBe(201);
  const tournament = await createTournament(t, admin.token, 'registration', { name: 'Coppa Vesuvio' });
  const competition = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Lega Dolomiti', game: 'Fortnite' },
  });
  expect(competition.status).toBe(201);
  await api.credit(player.id, 40, 'welcome');
  ids = { product: product._id, badge: badge.json.data._id, tournament, competition: competition.json.data.id };
});
afterAll(() => t?.close());

describe('the audit log is searched by the names of the objects', () => {
  test("a player's username finds the adjustments of their wallet, labelled with it", async () => {
    const found = await search(player.username.toUpperCase());
    expect(found.map((e) => e.action)).toEqual(['wallet.adjust']);
    expect(found[0]).toMatchObject({ entityId: player.id, entityLabel: player.username });
  });

  test("a product's name finds its entries, its old name too after a rename", async () => {
    expect((await search('tramonto')).map((e) => [e.action, e.entityId])).toEqual([['product.update', ids.product]]);
    // the rename's entry keeps both names; the creation only had the first
    expect((await search('Arcobaleno')).map((e) => e.action)).toEqual(['product.update', 'product.create']);
    expect((await search('Felpa')).every((e) => e.entityId === ids.product)).toBe(true);
  });

  test("a tournament's, a badge's and a competition's names find their creation", async () => {
    expect((await search('vesuvio')).map((e) => [e.action, e.entityId])).toEqual([
      ['tournament.create', ids.tournament],
    ]);
    expect((await search('Gufo Notturno')).map((e) => [e.action, e.entityId])).toEqual([['badge.create', ids.badge]]);
    expect((await search('dolomiti')).map((e) => [e.action, e.entityId])).toEqual([
      ['competition.create', ids.competition],
    ]);
  });

  test('the name search combines with the action filter, and a name nobody has finds nothing', async () => {
    expect((await search('Felpa', '&action=product.create')).map((e) => e.action)).toEqual(['product.create']);
    expect(await search('Felpa', '&action=badge.')).toEqual([]);
    expect(await search('no such thing at all')).toEqual([]);
  });
});

describe('GET /api/admin/audit/export', () => {
  const exportCsv = (query: string, token?: string) => t.call('GET', `/api/admin/audit/export${query}`, { token });

  test('is for admins only: 401 without a token, 403 for a player', async () => {
    expect((await exportCsv('')).status).toBe(401);
    const r = await exportCsv('', player.token);
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('FORBIDDEN');
  });

  test('answers the entries of the current filter and search as CSV rows with their changes', async () => {
    const r = await exportCsv('?action=product.&search=felpa', admin.token);
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = r.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('createdAt,actor,actorId,action,entityType,entityId,entityLabel,changes');
    // newest first: the rename, whose changes cell names only the name, then the creation
    expect(r.res.body).toContain(
      `,${admin.username},${admin.id},product.update,product,${ids.product},Felpa Tramonto · Felpa Arcobaleno,`,
    );
    expect(r.res.body).toMatch(/product\.update[^\n]*"name: Felpa Arcobaleno → Felpa Tramonto[^"]*"/);
    expect(r.res.body).toContain(`product.create,product,${ids.product},Felpa Arcobaleno,`);
    expect(r.res.body).not.toContain('tournament.create');
    expect(r.res.body).not.toContain('wallet.adjust');
  });

  test('a bad filter is a 400 with a stable code, not a 5xx', async () => {
    const r = await exportCsv('?action=DROP%20TABLE', admin.token);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the audit log sorts by its column headers', () => {
  const page = async (sort: string) => {
    const r = await t.call('GET', `/api/admin/audit?limit=100&sort=${sort}`, { token: admin.token });
    expect(r.status).toBe(200);
    return r.json.data as { action: string; createdAt: string; actor: { name: string } }[];
  };

  test('by date both ways, by action and by who; newest is the default and the date descending', async () => {
    const newest = await page('newest');
    expect(newest.length).toBeGreaterThan(4);
    expect(await page('-date')).toEqual(newest);
    const oldest = await page('date');
    expect(oldest.map((e) => e.createdAt)).toEqual([...newest.map((e) => e.createdAt)].reverse());
    const actions = (await page('action')).map((e) => e.action);
    expect(actions).toEqual([...actions].sort());
    expect((await page('-action')).map((e) => e.action)).toEqual([...actions].reverse());
    const who = (await page('who')).map((e) => e.actor.name.toLowerCase());
    expect(who).toEqual([...who].sort());
  });

  test('an unknown order is 400, and the export follows the order asked', async () => {
    expect((await t.call('GET', '/api/admin/audit?sort=price', { token: admin.token })).status).toBe(400);
    const csv = await t.inject({
      method: 'GET',
      url: '/api/admin/audit/export?sort=action',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const actions = csv.body
      .split('\n')
      // a record starts with its date; the changes cell may hold quoted line breaks
      .filter((line) => /^\d{4}-\d\d-\d\dT/.test(line))
      .map((line) => line.split(',')[3]);
    expect(actions.length).toBeGreaterThan(4);
    expect(actions).toEqual([...actions].sort());
  });
});
