import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  join,
  quickPlayer,
  registration,
  registrationRows,
  setPhase,
  teamBody,
  type Person,
} from '../helpers/tournaments.ts';
import { address, balanceOf, rewardsApi } from '../helpers/rewards.ts';
import { openPhaseNow, submit } from '../helpers/campaign.ts';
import { expectError } from '../helpers/expect-error.ts';
import { findRows } from '../../../src/platform/db/matching-rows.ts';
import { resetLinkOf } from '../helpers/mail.ts';
import { tablePauses, watched } from '../helpers/table-pause.ts';

/**
 * A closing and a write that gives the same player something new (an entry, a team place, an order, a campaign
 * picture) never overlap: whichever starts first finishes first, and the other then sees it. A closed account is
 * given nothing, and a closing refuses an entry that committed while it waited.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const closeByAdmin = (userId: string) =>
  t.call('POST', `/api/admin/users/${userId}/delete`, { token: admin.token, body: {} });
const purchaseFor = (token: string, productId: string, userId?: string) =>
  t.call('POST', '/api/marketplace/purchases', {
    token,
    body: { shippingAddress: address, productId, ...(userId ? { userId } : {}) },
  });

// an entry, a team place or an order made for it is refused, and nothing is written
test('a closed account is given nothing', async () => {
  const api = rewardsApi(t, admin.token);
  const gone = await quickPlayer(t);
  const captain = await quickPlayer(t);
  const solo = await createTournament(t, admin.token, 'registration');
  const teams = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const hoodie = await api.product({ name: 'Felpa chiusa', price: 0 });
  expect((await closeByAdmin(gone.id)).status).toBe(200);

  const before = await t.snapshot();
  // each was asked for by someone whose request came in before the closing: an admin on the player's behalf
  expectError(await join(t, solo, { ...gone, token: admin.token }), 404, 'USER_NOT_FOUND');
  const team = teamBody('Chiusi', [{ userId: captain.id }, { userId: gone.id }]);
  expectError(await join(t, teams, captain, team), 404, 'USER_NOT_FOUND');
  expectError(await purchaseFor(admin.token, hoodie._id, gone.id), 404, 'USER_NOT_FOUND');
  expect(await t.snapshot()).toEqual(before);
});

if (engine === 'postgres')
  describe('PostgreSQL, a closing and a write at the same moment', () => {
    const pauseAt = tablePauses(() => t);

    // a join, a faction pick, a purchase, a campaign picture, and an admin's roster add on the player's behalf
    test("a closing under way makes each of the player's writes wait, then refuses it", async () => {
      const api = rewardsApi(t, admin.token);
      const me = await quickPlayer(t);
      const cup = await createTournament(t, admin.token, 'registration');
      // a championship whose tournament has ended: the player may still pick a side, and may close the account
      const made = await t.call('POST', '/api/tournaments/competitions', {
        token: admin.token,
        body: { name: 'Closing Cup', game: 'Fortnite' },
      });
      const competitionId = made.json.data.id as string;
      const qualifier = await createTournament(t, admin.token, 'registration', { competitionId });
      expect((await join(t, qualifier, me)).status).toBe(200);
      await setPhase(t, admin.token, qualifier, 'complete');
      const hoodie = await api.product({ name: 'Felpa in attesa', price: 40 });
      await api.credit(me.id, 100);
      const saved = { gameAccounts: [{ username: 'SavedFN', id: 'epic-saved', game: 'Fortnite', console: 'PC' }] };
      expect((await t.call('PUT', `/api/users/pp/${me.id}`, { token: me.token, body: saved })).status).toBe(200);
      const roster = await createTournament(t, admin.token, 'registration');
      await openPhaseNow(t, admin.token, 1);

      // the closing stops inside its transaction, its checks done, when it comes to the reset links
      const pause = await pauseAt('password_resets');
      const closing = watched(closeByAdmin(me.id));
      expect(await pause.untilWaiting(1, () => closing.settled)).toBe(1);
      const writes = [
        watched(join(t, cup, me, registration(me.id, { username: 'LateEntry', id: 'epic-late' }))),
        watched(purchaseFor(me.token, hoodie._id)),
        watched(submit(t, me.token)),
        watched(
          t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
            token: me.token,
            body: { team: 'speed' },
          }),
        ),
        watched(
          t.call('POST', `/api/tournaments/${roster}/registrations`, { token: admin.token, body: { userId: me.id } }),
        ),
      ];
      // each waits for the closing rather than slipping in before it commits
      expect(await pause.untilWaiting(6, () => writes.some((w) => w.settled))).toBe(6);
      expect(writes.some((w) => w.settled)).toBe(false);
      await pause.release();

      expect((await closing.promise).status).toBe(200);
      const [entry, order, picture, side, added] = await Promise.all(writes.map((w) => w.promise));
      expectError(added, 404, 'USER_NOT_FOUND');
      expect(await registrationRows(t, roster)).toEqual([]);
      expectError(entry, 404, 'USER_NOT_FOUND');
      expectError(order, 404, 'USER_NOT_FOUND');
      expectError(picture, 404, 'USER_NOT_FOUND');
      expectError(side, 404, 'USER_NOT_FOUND');
      // nothing of the player's was written: no faction pick, entry, order or picture
      const mine = (table: 'competition_players' | 'purchases' | 'screenshot_submissions') =>
        findRows(t.db.kysely, table, { user_id: me.id }, ['user_id']);
      expect(await mine('competition_players')).toEqual([]);
      expect((await registrationRows(t, cup)).filter((r) => r.user_id === me.id)).toEqual([]);
      expect(await mine('purchases')).toEqual([]);
      expect(await mine('screenshot_submissions')).toEqual([]);
      expect(await balanceOf(t, me.id)).toBe(100);
    });

    // nothing the closing erases comes back, and the account opens no new session
    test('a closing under way makes a profile change, a reset and a login wait, then takes none', async () => {
      const signed = await t.signupAndLogin();
      const me = { id: signed.user.id, token: signed.token, email: signed.email };
      const before = (await t.outbox()).length;
      expect((await t.call('POST', '/api/users/sendReset', { body: { email: me.email } })).status).toBe(200);
      const { token } = resetLinkOf((await t.outbox())[before]!);

      // the closing stops inside its transaction, the account held, when it comes to the pending e-mail changes
      const pause = await pauseAt('email_changes');
      const closing = watched(closeByAdmin(me.id));
      expect(await pause.untilWaiting(1, () => closing.settled)).toBe(1);
      const profile = { nickname: 'Back again', city: 'Torino' };
      const writes = [
        watched(t.call('PUT', `/api/users/pp/${me.id}`, { token: me.token, body: profile })),
        watched(t.call('POST', '/api/users/reset', { body: { token, password: 'a-brand-new-passphrase-42' } })),
        watched(t.call('POST', '/api/users/authenticate', { body: { email: me.email, password: signed.password } })),
      ];
      expect(await pause.untilWaiting(4, () => writes.some((w) => w.settled))).toBe(4);
      await pause.release();

      expect((await closing.promise).status).toBe(200);
      const [changed, reset, login] = await Promise.all(writes.map((w) => w.promise));
      expect(changed.status, JSON.stringify(changed.json)).toBe(404);
      expectError(reset, 400, 'RESET_TOKEN_INVALID');
      expectError(login, 401, 'INVALID_CREDENTIALS');
      const sessions = await t.db.kysely
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', me.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(sessions).toEqual([]);
      const row = await t.db.kysely
        .selectFrom('users')
        .select(['nickname', 'city', 'password_hash'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ nickname: '', city: '', password_hash: 'erased' });
    });

    test('a join under way makes the closing wait; the closing then finds the entry and refuses', async () => {
      const me = await quickPlayer(t);
      const cup = await createTournament(t, admin.token, 'registration');

      // the join stops inside its transaction, its entry written, when it reads what the entry earns
      const pause = await pauseAt('badges');
      const entry = watched(join(t, cup, me));
      expect(await pause.untilWaiting(1, () => entry.settled)).toBe(1);
      const closing = watched(closeByAdmin(me.id));
      expect(await pause.untilWaiting(2, () => closing.settled)).toBe(2);
      expect(closing.settled).toBe(false);
      await pause.release();

      expect((await entry.promise).status).toBe(200);
      expectError(await closing.promise, 409, 'STILL_IN_TOURNAMENT');
      const [row] = (await registrationRows(t, cup)).filter((r) => r.user_id === me.id);
      expect(JSON.parse(row.game_account as string)).toMatchObject({ username: 'ninja' });
      const account = await t.db.kysely.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirst();
      expect(account?.email).toBe(me.email);
    });
  });
