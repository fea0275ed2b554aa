import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, type Person } from '../helpers/tournaments.ts';

/**
 * Nothing a client sends may cause a 5xx: every route of the OpenAPI document, called anonymously, as a player
 * and as an admin, with generated path ids, query strings and bodies (the documented field names with values of
 * any type and size, whole bodies of any JSON, and broken JSON). Each answer is below 500, and an error is the
 * API's envelope with a code. The bad-input tests name the exact refusal of each field; this one sweeps what
 * nobody thought to list.
 */
let t: TestApp;
let player: Person;
let admin: Person;
let tournamentId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  player = await quickPlayer(t);
  admin = await quickPlayer(t, { admin: true });
  tournamentId = await createTournament(t, admin.token, 'registration');
});
afterAll(() => t?.close());

interface Route {
  method: string;
  path: string;
  query: string[];
  fields: string[];
  json: boolean;
}

// ending one's own sessions would leave the rest of the sweep without a caller
const skipped = new Set(['POST /api/users/logout', 'POST /api/users/logoutAll']);

async function routes(): Promise<Route[]> {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(ops)) {
      if (skipped.has(`${method.toUpperCase()} ${path}`)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string),
        fields: Object.keys(json?.properties ?? {}),
        json: Boolean(json),
      });
    }
  }
  return out;
}

const long = 'x'.repeat(20_000);
const oddText = fc.constantFrom('', ' ', '%', '_', '\\', "'", '"', '\u0000', 'ü', '👾', '<b>', '../..', long);
const oddNumber = fc.constantFrom(-1, 0, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 63);
const leaf = fc.oneof(oddText, oddNumber, fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":1}}')) },
);
const queryValue = fc.oneof(
  oddText.map((v) => (v.length > 2000 ? v.slice(0, 2000) : v)),
  oddNumber.map(String),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('true', 'false', 'null', '[]', 'undefined', 'NaN', 'Infinity', '1,2', 'it', 'en'),
);
const pathValue = (ids: string[]) =>
  fc.oneof(
    ...(ids.length ? [fc.constantFrom(...ids)] : []),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom('0', '-1', '1e9', 'null', '%00', '..', 'SiteAdmin', 'x'.repeat(500)),
  );

/** A request for `route`: its path with its ids filled, a query string and a body (or none). */
function requestFor(route: Route, ids: string[]) {
  const params = route.path.match(/\{[^}]+\}/g) ?? [];
  const body = route.json
    ? fc.oneof(
        { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...route.fields, 'extra'), value, { maxKeys: 6 }) },
        { weight: 1, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom('{"a":', '[', '{"__proto__": {"x": 1}}', '', 'null', '"text"') },
      )
    : fc.constant(undefined);
  return fc.record({
    params: fc.tuple(...params.map(() => pathValue(ids))),
    query: fc.dictionary(fc.constantFrom(...route.query, 'limit', 'page', 'extra'), queryValue, { maxKeys: 4 }),
    body,
  });
}

async function send(route: Route, token: string | undefined, req: { params: string[]; query: object; body: unknown }) {
  let i = 0;
  const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(req.params[i++]));
  const query = new URLSearchParams(req.query as Record<string, string>).toString();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const payload =
    req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const method = route.method as 'GET';
  const res = await t.inject({ method, url: query ? `${path}?${query}` : path, headers, payload });
  const where = `${route.method} ${path}?${query} ${String(payload).slice(0, 200)} → ${res.statusCode}`;
  expect(res.statusCode, `${where} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && /application\/json/.test(String(res.headers['content-type'])))
    expect(res.json(), where).toMatchObject({ status: 'ERROR', error: { code: expect.any(String) } });
}

// about 3,000 requests: a few seconds, several times that on a loaded 2-core machine, which vitest's default would cut
test('every route answers generated input below 500, anonymously, as a player and as an admin', async () => {
  const all = await routes();
  // the document lists every feature's calls: a sweep of a handful would prove little
  expect(all.length).toBeGreaterThan(100);
  const ids = [tournamentId, player.id, admin.id, 'SiteAdmin', 'cortina', 'fortnite'];
  for (const route of all) {
    // the real ids reach deeper than random ones; a delete, a block or a role change gets random ones only, so
    // the tournament and the two callers stay for the routes after it
    const real = route.method === 'DELETE' || /\/admin\/users\/\{id\}\//.test(route.path) ? [] : ids;
    for (const token of [undefined, player.token, admin.token]) {
      await fc.assert(
        fc.asyncProperty(requestFor(route, real), (req) => send(route, token, req)),
        { numRuns: 8 },
      );
    }
  }
}, 120_000);
