import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, balanceOf, rewardsApi } from '../helpers/rewards.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';

// A check-in badge in a rush: the check-ins of a burst share one write (batchedWrite on PostgreSQL), and each
// is announced once its write has committed. Every member still earns the badge once, shown with the answer of
// the check-in that earned it, and paid once on the ledger.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  await rewardsApi(t, admin.token).badge({ slug: 'on-time', trigger: 'tournament_checked_in', reward: 15 });
});
afterAll(() => t?.close());

const earned = (res: { json: any }): string[] => (res.json.earnedBadges ?? []).map((b: any) => b.slug);
const holders = async (slug: string) =>
  (
    await t.db.kysely
      .selectFrom('user_badges')
      .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
      .select('user_badges.user_id')
      .where('badges.slug', '=', slug)
      .execute()
  ).map((r) => r.user_id);

test('60 members checking in at once: each answer carries its badge, each member holds it once', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 60 });
  const players = await quickPlayers(t, 60);
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');

  const answers = await Promise.all(players.map((p) => checkIn(t, id, p)));
  expect(answers.map((r) => r.status)).toEqual(players.map(() => 200));
  for (const r of answers) {
    expect(earned(r)).toEqual(['on-time']);
    expect(r.json.data.me).toMatchObject({ member: true, confirmed: true });
  }
  expect((await holders('on-time')).sort()).toEqual(players.map((p) => p.id).sort());
  for (const p of players.slice(0, 5)) expect(await balanceOf(t, p.id)).toBe(15);

  // checked in again (a double click): nothing more to earn, and the shared answer is the plain one
  const again = await Promise.all(players.slice(0, 10).map((p) => checkIn(t, id, p)));
  for (const r of again) {
    expect(r.status).toBe(200);
    expect(r.json.earnedBadges).toBeUndefined();
  }
  expect(await holders('on-time')).toHaveLength(60);
  await auditLedger(t);
});

test("an admin's check-in earns the player the badge in its transaction; a check-out earns none", async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 4 });
  const [p, q] = await quickPlayers(t, 2);
  for (const x of [p, q]) expect((await join(t, id, x)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  const checkInFor = (x: Person, confirmed: boolean) =>
    t.call('PUT', `/api/tournaments/${id}/registrations/${x.id}/checkin`, { token: admin.token, body: { confirmed } });

  const out = await checkInFor(p, false);
  expect(out.status).toBe(200);
  expect(await holders('on-time')).not.toContain(p.id);
  const byAdmin = await checkInFor(p, true);
  expect(byAdmin.status, JSON.stringify(byAdmin.json)).toBe(200);
  // the admin's answer is the roster, as before: the badge is the player's, in their backpack
  expect(byAdmin.json.earnedBadges).toBeUndefined();
  expect(await holders('on-time')).toContain(p.id);
  expect(await balanceOf(t, p.id)).toBe(15);
  // the player's own check-in afterwards finds it paid
  const own = await checkIn(t, id, p);
  expect(own.status).toBe(200);
  expect(own.json.earnedBadges).toBeUndefined();
  expect(await balanceOf(t, p.id)).toBe(15);
  expect(await holders('on-time')).not.toContain(q.id);
});
