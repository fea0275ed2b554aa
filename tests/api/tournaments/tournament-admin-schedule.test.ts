import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, tournamentBody, tournamentRow, type Person } from '../helpers/tournaments.ts';

/**
 * The schedule's order (src/features/tournaments/schedule-order.ts): registration opens ≤ closes ≤ start,
 * check-in opens ≤ closes ≤ start ≤ end. A wrong schedule is 400 INVALID_SCHEDULE with one issue
 * per wrong date, on create and on a partial edit, which is checked against the stored dates.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const base = Date.parse('2030-06-01T10:00:00.000Z');
const at = (h: number) => new Date(base + h * HOUR).toISOString();
/** registration 0–3, check-in 3–4, start 5, end 8 */
const ordered = {
  start_registration: at(0),
  end_registration: at(3),
  start_checkin: at(3),
  end_checkin: at(4),
  start_tournament: at(5),
  end_tournament: at(8),
};

const create = (schedule: Record<string, string | null>) =>
  t.call('POST', '/api/tournaments', { token: admin.token, body: tournamentBody('registration', schedule) });
const edit = (id: string, body: Record<string, unknown>) =>
  t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body });
const refused = (res: { status: number; json: any }, issues: Record<string, string>) => {
  expect([res.status, res.json.error?.code], JSON.stringify(res.json)).toEqual([400, 'INVALID_SCHEDULE']);
  expect(res.json.error.issues).toEqual(
    Object.entries(issues).map(([field, message]) => ({ path: `body.${field}`, message })),
  );
};

describe('a tournament schedule in order', () => {
  test('a correct schedule saves, equal neighbours included', async () => {
    const res = await create(ordered);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toMatchObject(ordered);
    const tight = await create({
      ...ordered,
      end_registration: at(5),
      start_checkin: at(5),
      end_checkin: at(5),
      end_tournament: at(5),
    });
    expect(tight.status, JSON.stringify(tight.json)).toBe(201);
  });

  test('registration closing after the start is refused on end_registration, and nothing is created', async () => {
    const before = (await t.snapshot()).tournaments.length;
    refused(await create({ ...ordered, end_registration: at(6) }), { end_registration: 'afterStart' });
    expect((await t.snapshot()).tournaments.length).toBe(before);
  });

  test('each wrong date gets its own issue and message', async () => {
    refused(await create({ ...ordered, end_registration: at(-1) }), { end_registration: 'beforeRegistrationOpens' });
    refused(await create({ ...ordered, start_checkin: at(-1) }), { start_checkin: 'beforeRegistrationOpens' });
    refused(await create({ ...ordered, end_checkin: at(2) }), { end_checkin: 'beforeCheckinOpens' });
    refused(await create({ ...ordered, end_tournament: at(4) }), { end_tournament: 'beforeStart' });
    // a start before registration closes and before check-in: the dates that must precede it are at fault
    refused(await create({ ...ordered, start_tournament: at(2) }), {
      end_registration: 'afterStart',
      start_checkin: 'afterStart',
      end_checkin: 'afterStart',
    });
    // several wrong dates at once, each on its own field
    refused(await create({ ...ordered, end_registration: at(6), end_checkin: at(2), end_tournament: at(1) }), {
      end_registration: 'afterStart',
      end_checkin: 'beforeCheckinOpens',
      end_tournament: 'beforeStart',
    });
  });

  test('a partial edit is checked against the stored dates, with the same messages', async () => {
    const id = await createTournament(t, admin.token, 'registration', ordered);
    refused(await edit(id, { end_registration: at(6) }), { end_registration: 'afterStart' });
    refused(await edit(id, { start_tournament: at(2) }), {
      end_registration: 'afterStart',
      start_checkin: 'afterStart',
      end_checkin: 'afterStart',
    });
    refused(await edit(id, { end_tournament: at(4.5) }), { end_tournament: 'beforeStart' });
    refused(await edit(id, { start_checkin: at(4.5) }), { end_checkin: 'beforeCheckinOpens' });
    expect(await tournamentRow(t, id)).toMatchObject(ordered);

    // moving the start and registration's close together is fine; so is clearing a date
    const moved = await edit(id, { end_registration: at(6), start_tournament: at(7) });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.data).toMatchObject({ end_registration: at(6), start_tournament: at(7) });
    expect((await edit(id, { start_tournament: null })).status).toBe(200);
    // with no start, registration still closes by the end
    refused(await edit(id, { end_registration: at(9) }), { end_tournament: 'beforeRegistrationCloses' });
  });

  // its registration closes after the start, as was allowed before the rule
  test('a tournament saved before the rule is still edited when its dates stay', async () => {
    const id = await createTournament(t, admin.token, 'registration', ordered);
    await t.db.kysely
      .updateTable('tournaments')
      .set({ end_registration: at(6) })
      .where('id', '=', id)
      .execute();
    const renamed = await edit(id, { name: 'Renamed cup' });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    // the whole form sent back, dates unchanged
    const whole = await edit(id, {
      ...tournamentBody('registration', { ...ordered, end_registration: at(6) }),
      name: 'Whole form',
    });
    expect(whole.status, JSON.stringify(whole.json)).toBe(200);
    // touching either date of the pair checks it again
    refused(await edit(id, { end_registration: at(6.5) }), { end_registration: 'afterStart' });
    refused(await edit(id, { start_tournament: at(5.5) }), { end_registration: 'afterStart' });
    expect((await edit(id, { end_registration: at(5) })).status).toBe(200);
  });
});
