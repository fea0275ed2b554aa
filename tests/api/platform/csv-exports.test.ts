import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, type Person } from '../helpers/tournaments.ts';
import { address, rewardsApi } from '../helpers/rewards.ts';
import { runsFormula, spreadsheetFields } from '../../unit/platform/spreadsheet-fields.ts';

// A player's own text reaches the admins' CSV exports (src/platform/http/csv.ts). Italian Excel
// splits a file on `;`, so a cell such as `X;=1+1` left unquoted would run `=1+1`: whichever
// separator the file is read with, no field may start a formula.
const payload = 'X;=1+1;@SUM(2*3)';
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

/** The export as the admin, after its BOM. */
async function exported(path: string) {
  const r = await t.call('GET', path, { token: admin.token });
  expect(r.status, r.res.body).toBe(200);
  expect(r.res.headers['content-type']).toMatch(/^text\/csv/);
  return r.res.body.slice(1);
}

/** Read with `;` or `,`, no field runs; read with `,` the payload's cell is whole, shown as text. */
function expectSafe(text: string, payloadCell: string) {
  for (const delimiter of [',', ';'] as const) {
    for (const field of spreadsheetFields(text, delimiter)) expect(runsFormula(field), field).toBe(false);
  }
  expect(spreadsheetFields(text, ',')).toContain(payloadCell);
}

test('an epicId set on the profile reaches the roster export quoted and neutralised', async () => {
  const player = await quickPlayer(t);
  const saved = await t.call('PUT', `/api/users/pp/${player.id}`, { token: player.token, body: { epicId: payload } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const id = await createTournament(t, admin.token, 'registration', { name: 'Export Cup' });
  expect((await join(t, id, player)).status).toBe(200);
  expectSafe(await exported(`/api/tournaments/${id}/registrations.csv`), "'X;'=1+1;'@SUM(2*3)");
});

test('a shipping last name reaches the purchases export quoted and neutralised', async () => {
  const buyer = await quickPlayer(t);
  const api = rewardsApi(t, admin.token);
  await api.credit(buyer.id, 100);
  const product = await api.product({ name: 'Spilla', price: 10, quantity: 5 });
  const body = { shippingAddress: { ...address, last_name: payload }, productId: product._id };
  const bought = await t.call('POST', '/api/marketplace/purchases', { token: buyer.token, body });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  expectSafe(await exported('/api/marketplace/purchases/export'), "'X;'=1+1;'@SUM(2*3)");
});
