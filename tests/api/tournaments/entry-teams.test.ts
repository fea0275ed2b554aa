import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  createTournament,
  gameAccount,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  registrationRows,
  setPhase,
  teamBody,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { balanceOf, rewardsApi } from '../helpers/rewards.ts';
import { tablePauses, watched } from '../helpers/table-pause.ts';
import type { EntryTeam } from '../../../src/features/tournaments/contract.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';

/**
 * Teams a captain registers: the captain names the team and its members, each invited member
 * accepts or declines, and the team takes a slot only when whole. Members check in one by one;
 * the team is checked in once enough of them did, and then plays as one entrant.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const register = (id: string, captain: Person, body: unknown) => join(t, id, captain, body);
const answer = (id: string, teamId: string, p: Person, what: 'accept' | 'decline' | 'invite', body: unknown = {}) =>
  t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/${what}`, { token: p.token, body });
const teamsOf = async (id: string) => (await t.call('GET', `/api/tournaments/${id}/entry-teams`)).json.data;
const duo = (over: Record<string, unknown> = {}) =>
  createTournament(t, admin.token, 'registration', { teamSize: 2, ...over });

/** A registered duo: the captain and the partner (invited, not yet answered). */
async function pendingDuo(id: string, name = 'Wolves') {
  const [captain, partner] = await quickPlayers(t, 2);
  const res = await register(id, captain, teamBody(name, [{ userId: captain.id }, { userId: partner.id }]));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { captain, partner, teamId: res.json.data.team.id as string };
}

describe('registering a team', () => {
  // the invitation is in the partner's language
  test('the captain registers a duo: pending, no slot held, the partner invited by mail', async () => {
    const id = await duo();
    const captain = await quickPlayer(t);
    const partner = await quickPlayer(t, { language: 'en' });
    const before = (await t.outbox()).length;
    const res = await register(
      id,
      captain,
      teamBody('Wolves', [{ userId: captain.id }, { userId: '', username: partner.username }]),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'teamPending', waitlistPosition: null });
    expect(res.json.data.team).toMatchObject({
      name: 'Wolves',
      captainId: captain.id,
      complete: false,
      checkedIn: false,
      members: [
        { userId: captain.id, username: captain.username, state: 'accepted', checkedIn: false },
        { userId: partner.id, username: partner.username, state: 'invited', checkedIn: false },
      ],
    });
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect(await registrationRows(t, id)).toEqual([]);
    const mails = (await t.outbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([partner.email]);
    expect(mails[0].subject).toContain('Wolves');
    expect(mails[0].subject).toMatch(/invited/);
    expect(mails[0].text).toContain(`http://arena.test/en/tournament/${id}`);
  });

  test('the partner accepts: the team is whole, takes one slot and both are members', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    const res = await answer(id, teamId, partner, 'accept');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ complete: true, checkedIn: false });
    expect(res.json.data.members.map((m: { state: string }) => m.state)).toEqual(['accepted', 'accepted']);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    // the page counts the team's one slot, not its two players
    const read = (await t.call('GET', `/api/tournaments/${id}`)).json.data;
    expect(read).toMatchObject({ slotsTaken: 1, maxPartecipants: 10 });
    expect(read.members).toHaveLength(2);
    // so does the organiser's roster: two members, one seat
    const roster = (await t.call('GET', `/api/tournaments/${id}/registrations`, { token: admin.token })).json.data;
    expect([roster.seatsTaken, roster.members.length]).toEqual([1, 2]);
    const rows = await registrationRows(t, id);
    expect(rows.map((r) => r.user_id).sort()).toEqual([captain.id, partner.id].sort());
    expect(rows.every((r) => r.state === 'member')).toBe(true);
    expectError(await answer(id, teamId, partner, 'accept'), 409, 'NOT_INVITED');
  });

  // the member whose accept makes it whole is told in their answer
  test('the team made whole is every member joining: the join badge is paid to each', async () => {
    await rewardsApi(t, admin.token).badge({ slug: 'team_cup', trigger: 'tournament_joined', reward: 15 });
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    expect(await balanceOf(t, captain.id)).toBe(0);
    const res = await answer(id, teamId, partner, 'accept');
    expect(res.json.earnedBadges).toEqual([expect.objectContaining({ slug: 'team_cup', credits: 15 })]);
    expect(await balanceOf(t, partner.id)).toBe(15);
    expect(await balanceOf(t, captain.id)).toBe(15);
  });

  test('the partner declines: the team stays pending without them', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    const res = await answer(id, teamId, partner, 'decline');
    expect(res.status).toBe(200);
    expect(res.json.data.members.map((m: { userId: string }) => m.userId)).toEqual([captain.id]);
    expect(res.json.data.complete).toBe(false);
    expectError(await answer(id, teamId, partner, 'decline'), 409, 'NOT_INVITED');
    expect((await tournamentRow(t, id)).member_count).toBe(0);
  });

  test('a member leaves a whole team: it gives its slot back; the captain invites a replacement', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    await answer(id, teamId, partner, 'accept');
    const left = await leave(t, id, partner);
    expect(left.status, JSON.stringify(left.json)).toBe(200);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect(await registrationRows(t, id)).toEqual([]);
    const [team] = await teamsOf(id);
    expect(team).toMatchObject({ complete: false, members: [{ userId: captain.id, state: 'accepted' }] });

    const other = await quickPlayer(t);
    const stranger = await quickPlayer(t);
    const body = { userId: other.id, gameAccount: gameAccount('other') };
    expectError(await answer(id, teamId, stranger, 'invite', body), 403, 'NOT_CAPTAIN');
    const invited = await answer(id, teamId, captain, 'invite', body);
    expect(invited.status, JSON.stringify(invited.json)).toBe(200);
    expect(invited.json.data.members[1]).toMatchObject({ userId: other.id, state: 'invited' });
    expectError(
      await answer(id, teamId, captain, 'invite', { userId: stranger.id, gameAccount: gameAccount('s') }),
      409,
      'TEAM_FULL',
    );
    expect((await answer(id, teamId, other, 'accept')).json.data.complete).toBe(true);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });

  test('the captain leaving disbands the team', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    await answer(id, teamId, partner, 'accept');
    expect((await leave(t, id, captain)).status).toBe(200);
    expect(await teamsOf(id)).toEqual([]);
    expect(await registrationRows(t, id)).toEqual([]);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
  });

  // the team is pending again
  test("an admin removing a team's member takes the whole team off the roster, its slot free", async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id);
    await answer(id, teamId, partner, 'accept');
    const res = await t.call('POST', `/api/tournaments/${id}/registrations/${partner.id}/remove`, {
      token: admin.token,
      body: { reason: 'No show at the briefing' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.members).toEqual([]);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    const [team] = await teamsOf(id);
    expect(team).toMatchObject({ id: teamId, complete: false, members: [{ userId: captain.id }] });
  });

  test('disqualifying a member keeps the team its slot: the team plays on, the player stays disqualified', async () => {
    const id = await duo();
    const { partner, teamId } = await pendingDuo(id);
    await answer(id, teamId, partner, 'accept');
    const res = await t.call('POST', `/api/tournaments/${id}/registrations/${partner.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'Cheating' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    expect((await teamsOf(id))[0].complete).toBe(true);
    // the team leaving later gives its one slot back and keeps the disqualification
    expect((await leave(t, id, partner)).status).toBe(200);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect((await registrationRows(t, id)).map((r) => [r.user_id, r.state])).toEqual([[partner.id, 'disqualified']]);
  });

  test('slots count whole teams only: a pending team holds none; a team made whole in a full field waits', async () => {
    const id = await duo({ maxPartecipants: 1 });
    const a = await pendingDuo(id, 'A');
    const b = await pendingDuo(id, 'B');
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect((await answer(id, a.teamId, a.partner, 'accept')).status).toBe(200);
    const waiting = await answer(id, b.teamId, b.partner, 'accept');
    expect(waiting.status, JSON.stringify(waiting.json)).toBe(200);
    expect(waiting.json.data).toMatchObject({ complete: false, waitlistPosition: 1 });
    const teams = await teamsOf(id);
    expect(teams.map((x: EntryTeam) => [x.name, x.complete, x.waitlistPosition])).toEqual([
      ['A', true, null],
      ['B', false, 1],
    ]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });
});

describe('a whole team waits for a slot', () => {
  const mailsTo = async (from: number) => (await t.outbox()).slice(from).map((m) => [m.to, m.subject]);
  const me = async (id: string, p: Person) =>
    (await t.call('GET', `/api/tournaments/${id}`, { token: p.token })).json.data.me;
  const stateOf = async (id: string) =>
    Object.fromEntries((await registrationRows(t, id)).map((r) => [r.user_id, r.state]));
  const checkInBody = (p: Person) => ({ gameAccounts: [{ userId: p.id, gameAccount: gameAccount(p.username) }] });
  async function wholeIn(id: string, name: string) {
    const d = await pendingDuo(id, name);
    expect((await answer(id, d.teamId, d.partner, 'accept')).status).toBe(200);
    return d;
  }

  test('in the one queue with solo players: each freed slot goes to the first in line, the team as one', async () => {
    const id = await duo({ maxPartecipants: 1 });
    const seated = await wholeIn(id, 'Seated');
    const solo = await quickPlayer(t, { language: 'en' });
    expect((await join(t, id, solo)).json.data.state).toBe('waitlist');
    const late = await wholeIn(id, 'Late');
    // the team waits as its captain's registration; its partner holds none yet
    expect(await stateOf(id)).toMatchObject({ [late.captain.id]: 'waitlist' });
    expect((await stateOf(id))[late.partner.id]).toBeUndefined();
    expect(await me(id, late.captain)).toEqual({ member: false, confirmed: false, waitlistPosition: 2 });
    // the partner stands where the team stands, and leaving takes the team out of the queue
    expect(await me(id, late.partner)).toEqual({ member: false, confirmed: false, waitlistPosition: 2 });
    expect((await teamsOf(id)).find((x: EntryTeam) => x.name === 'Late').waitlistPosition).toBe(2);
    // an e-mail to the waitlist reaches the whole waiting team; one to the members does not
    for (const includeWaitlist of [false, true]) {
      const from = (await t.outbox()).length;
      const body = { subject: { it: 'Orario', en: 'Time' }, body: { it: 'Alle 21.', en: 'At 9 pm.' }, includeWaitlist };
      const sent = await t.call('POST', `/api/tournaments/${id}/broadcast`, { token: admin.token, body });
      expect(sent.json.data.sent).toBe(includeWaitlist ? 5 : 2);
      const to = (await t.outbox()).slice(from).map((m) => m.to);
      expect(to.includes(late.partner.email)).toBe(includeWaitlist);
    }

    // a member of the seated team leaves: its slot goes to the solo player, first in line, who is mailed
    let mails = (await t.outbox()).length;
    expect((await leave(t, id, seated.partner)).status).toBe(200);
    expect(await stateOf(id)).toMatchObject({ [solo.id]: 'member', [late.captain.id]: 'waitlist' });
    expect(await mailsTo(mails)).toEqual([[solo.email, expect.stringMatching(/you are in/)]]);
    expect((await teamsOf(id)).find((x: EntryTeam) => x.name === 'Late').waitlistPosition).toBe(1);

    // the solo player leaves: the waiting team takes the slot, every member registered and mailed
    mails = (await t.outbox()).length;
    expect((await leave(t, id, solo)).status).toBe(200);
    expect(await stateOf(id)).toEqual({ [late.captain.id]: 'member', [late.partner.id]: 'member' });
    const team = (await teamsOf(id)).find((x: EntryTeam) => x.name === 'Late');
    expect(team).toMatchObject({ complete: true, waitlistPosition: null });
    expect((await mailsTo(mails)).map(([to]) => to).sort()).toEqual([late.captain.email, late.partner.email].sort());
    expect((await tournamentRow(t, id)).member_count).toBe(1);
    expect(await me(id, late.partner)).toMatchObject({ member: true, waitlistPosition: null });
  });

  test('a waiting team losing a member leaves the queue; whole again, it queues at the back', async () => {
    const id = await duo({ maxPartecipants: 1 });
    await wholeIn(id, 'Seated');
    const first = await wholeIn(id, 'First');
    const second = await wholeIn(id, 'Second');
    expect(await me(id, first.partner)).toMatchObject({ waitlistPosition: 1 });
    expect((await leave(t, id, first.partner)).status).toBe(200);
    expect(await me(id, first.partner)).toMatchObject({ waitlistPosition: null });
    expect(await me(id, first.captain)).toMatchObject({ waitlistPosition: null });
    let teams = await teamsOf(id);
    expect(teams.map((x: EntryTeam) => [x.name, x.waitlistPosition])).toEqual([
      ['Seated', null],
      ['First', null],
      ['Second', 1],
    ]);
    expect((await stateOf(id))[first.captain.id]).toBeUndefined();
    const other = await quickPlayer(t);
    expect(
      (await answer(id, first.teamId, first.captain, 'invite', { userId: other.id, gameAccount: gameAccount('o') }))
        .status,
    ).toBe(200);
    expect((await answer(id, first.teamId, other, 'accept')).json.data.waitlistPosition).toBe(2);
    // the captain of a waiting team leaving disbands it, and the queue closes up
    expect((await leave(t, id, second.captain)).status).toBe(200);
    teams = await teamsOf(id);
    expect(teams.map((x: EntryTeam) => [x.name, x.waitlistPosition])).toEqual([
      ['Seated', null],
      ['First', 1],
    ]);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });

  test('the admin promotes a waiting team, or adds seats: the whole team is seated and mailed', async () => {
    const id = await duo({ maxPartecipants: 1 });
    const seated = await wholeIn(id, 'Seated');
    const one = await wholeIn(id, 'One');
    const two = await wholeIn(id, 'Two');
    await setPhase(t, admin.token, id, 'checkinOpen');
    // after registration closed, the freed slot waits for the admin to give it
    const removed = await t.call('POST', `/api/tournaments/${id}/registrations/${seated.captain.id}/remove`, {
      token: admin.token,
      body: { reason: 'No show' },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await tournamentRow(t, id)).member_count).toBe(0);
    expect(removed.json.data.waitlist.map((w: { userId: string; team: string | null }) => [w.userId, w.team])).toEqual([
      [one.captain.id, 'One'],
      [two.captain.id, 'Two'],
    ]);
    let mails = (await t.outbox()).length;
    const promoted = await t.call('POST', `/api/tournaments/${id}/registrations/${two.captain.id}/promote`, {
      token: admin.token,
    });
    expect(promoted.status, JSON.stringify(promoted.json)).toBe(200);
    expect(await stateOf(id)).toMatchObject({ [two.captain.id]: 'member', [two.partner.id]: 'member' });
    expect((await mailsTo(mails)).map(([to]) => to).sort()).toEqual([two.captain.email, two.partner.email].sort());
    expect((await teamsOf(id)).find((x: EntryTeam) => x.name === 'Two').complete).toBe(true);
    // seated members check in as any team's do
    expect((await checkIn(t, id, two.partner, checkInBody(two.partner))).status).toBe(200);

    mails = (await t.outbox()).length;
    const bigger = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { maxPartecipants: 2 } });
    expect(bigger.status, JSON.stringify(bigger.json)).toBe(200);
    expect(await stateOf(id)).toMatchObject({ [one.captain.id]: 'member', [one.partner.id]: 'member' });
    expect((await mailsTo(mails)).map(([to]) => to).sort()).toEqual([one.captain.email, one.partner.email].sort());
    expect((await tournamentRow(t, id)).member_count).toBe(2);
  });

  // the team is seated later, whole, once a seat frees
  test("an admin cannot add a waiting team's member on their own: 409 ALREADY_IN_TEAM", async () => {
    const id = await duo({ maxPartecipants: 1 });
    const seated = await wholeIn(id, 'Seated');
    const late = await wholeIn(id, 'Late');
    await UserRepository.keepGameAccount(t.db.kysely, late.partner.id, gameAccount('solo') as never);
    const before = await t.snapshot();
    expectError(
      await t.call('POST', `/api/tournaments/${id}/registrations`, {
        token: admin.token,
        body: { userId: late.partner.id },
      }),
      409,
      'ALREADY_IN_TEAM',
    );
    expect(await t.snapshot()).toEqual(before);
    expect((await leave(t, id, seated.partner)).status).toBe(200);
    expect(await stateOf(id)).toEqual({ [late.captain.id]: 'member', [late.partner.id]: 'member' });
  });

  test('two teams made whole at once for the last slot: one is seated, the other waits', async () => {
    const id = await duo({ maxPartecipants: 1 });
    const [a, b] = [await pendingDuo(id, 'A'), await pendingDuo(id, 'B')];
    const answers = await Promise.all([a, b].map((d) => answer(id, d.teamId, d.partner, 'accept')));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const teams = await teamsOf(id);
    expect(teams.filter((x: EntryTeam) => x.complete)).toHaveLength(1);
    expect(teams.filter((x: EntryTeam) => x.waitlistPosition === 1)).toHaveLength(1);
    expect((await tournamentRow(t, id)).member_count).toBe(1);
  });

  test("the roster CSV names each player's team: the seated team's members and the waiting captain", async () => {
    const id = await duo({ maxPartecipants: 1 });
    const seated = await wholeIn(id, 'Seated');
    const solo = await quickPlayer(t);
    expect((await join(t, id, solo)).json.data.state).toBe('waitlist');
    const late = await wholeIn(id, 'Late, "the second"');
    const res = await t.inject({
      method: 'GET',
      url: `/api/tournaments/${id}/registrations.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(header).toMatch(/,state,checkedIn,team$/);
    // the username first; the state, the check-in and the team last, a name with a comma or a quote one value.
    // The seated team's members joined in one write, so either of them may come first.
    const usernames = lines.map((line) => line.split(',')[0]);
    expect(usernames.slice(0, 2).sort()).toEqual([seated.captain.username, seated.partner.username].sort());
    expect(usernames.slice(2)).toEqual([solo.username, late.captain.username]);
    expect(lines.map((line) => line.replace(/^.*?,(member|waitlist),/, '$1,'))).toEqual([
      'member,false,Seated',
      'member,false,Seated',
      'waitlist,false,',
      'waitlist,false,"Late, ""the second"""',
    ]);
  });

  // its place was the captain's
  test("disqualifying a waiting team's captain disbands the team; the others may enter again", async () => {
    const id = await duo({ maxPartecipants: 1 });
    await wholeIn(id, 'Seated');
    const late = await wholeIn(id, 'Late');
    const res = await t.call('POST', `/api/tournaments/${id}/registrations/${late.captain.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'Smurf account' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.waitlist).toEqual([]);
    expect(res.json.data.disqualified.map((p: { userId: string }) => p.userId)).toEqual([late.captain.id]);
    expect((await teamsOf(id)).map((x: EntryTeam) => x.name)).toEqual(['Seated']);
    expect(await me(id, late.partner)).toEqual({ member: false, confirmed: false, waitlistPosition: null });
    // the audit log says which team went with the captain
    const [entry] = (await t.call('GET', '/api/admin/audit?limit=1', { token: admin.token })).json.data;
    expect(entry).toMatchObject({ action: 'tournament.player_disqualify', entityId: id });
    expect(entry.before).toMatchObject({ userId: late.captain.id, state: 'waitlist', team: 'Late' });

    // the partner captains a new team, which waits in the queue; the disqualified captain cannot come back in it
    const [other, third] = await quickPlayers(t, 2);
    const again = await register(
      id,
      late.partner,
      teamBody('Again', [{ userId: late.partner.id }, { userId: other.id }]),
    );
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await answer(id, again.json.data.team.id, other, 'accept')).status).toBe(200);
    expect(await me(id, other)).toMatchObject({ waitlistPosition: 1 });
    expectError(
      await register(id, third, teamBody('Back', [{ userId: third.id }, { userId: late.captain.id }])),
      409,
      'PLAYER_DISQUALIFIED',
    );
  });
});

describe('refusals', () => {
  test('wrong number of members, unknown player, a player named twice: 400/404 and nothing written', async () => {
    const id = await duo();
    const [c, p, q] = await quickPlayers(t, 3);
    expectError(
      await register(id, c, teamBody('X', [{ userId: c.id }, { userId: p.id }, { userId: q.id }])),
      400,
      'TEAM_SIZE_MISMATCH',
    );
    expectError(await register(id, c, teamBody('X', [{ userId: c.id }])), 400, 'TEAM_SIZE_MISMATCH');
    expectError(
      await register(id, c, teamBody('X', [{ userId: c.id }, { userId: '', username: 'nobody_here_at_all' }])),
      404,
      'UNKNOWN_PLAYER',
    );
    expectError(await register(id, c, teamBody('X', [{ userId: c.id }, { userId: c.id }])), 400, 'DUPLICATE_PLAYER');
    expect(await teamsOf(id)).toEqual([]);
  });

  // by id or by username, in a team or an invite: PostgreSQL text cannot hold U+0000, and the player lookup
  // answered 500 there
  test('a member named with a NUL byte is 400 on both engines', async () => {
    const id = await duo();
    const c = await quickPlayer(t);
    const { captain, teamId } = await pendingDuo(id);
    for (const member of [{ userId: 'nul\u0000id' }, { userId: '', username: 'nul\u0000name' }]) {
      expectError(await register(id, c, teamBody('X', [{ userId: c.id }, member])), 400, 'VALIDATION_ERROR');
      const invited = await answer(id, teamId, captain, 'invite', { ...member, gameAccount: gameAccount('n') });
      expectError(invited, 400, 'VALIDATION_ERROR');
    }
    expect((await teamsOf(id)).map((team: EntryTeam) => team.name)).toEqual(['Wolves']);
  });

  test('a player already in a team, or registered alone, cannot be named again; a taken name is refused', async () => {
    const id = await duo();
    const { partner } = await pendingDuo(id, 'Taken');
    const [c, d] = await quickPlayers(t, 2);
    expectError(
      await register(id, c, teamBody('Other', [{ userId: c.id }, { userId: partner.id }])),
      409,
      'ALREADY_IN_TEAM',
    );
    expectError(
      await register(id, c, teamBody('Taken', [{ userId: c.id }, { userId: d.id }])),
      409,
      'TEAM_NAME_IN_USE',
    );
    // an invited player cannot also join alone
    expectError(await join(t, id, partner), 409, 'ALREADY_IN_TEAM');
    const solo = await quickPlayer(t);
    expect((await join(t, id, solo)).status).toBe(200);
    expectError(
      await register(id, c, teamBody('Third', [{ userId: c.id }, { userId: solo.id }])),
      409,
      'PLAYER_REGISTERED',
    );
  });

  // and a captain registers only themselves
  test('a solo tournament has no teams; a closed registration takes none', async () => {
    const solo = await createTournament(t, admin.token);
    const [c, p] = await quickPlayers(t, 2);
    const body = teamBody('X', [{ userId: c.id }, { userId: p.id }]);
    expectError(await register(solo, c, body), 409, 'SOLO_TOURNAMENT');
    const closed = await createTournament(t, admin.token, 'checkinOpen', { teamSize: 2 });
    expectError(await register(closed, c, body), 409, 'REGISTRATION_CLOSED');
    const id = await duo();
    expectError(await register(id, p, body), 403, 'FORBIDDEN');
    expectError(await answer(id, '00000000-0000-4000-8000-000000000000', p, 'accept'), 404, 'TEAM_NOT_FOUND');
    // once registration closes, no answer changes a team
    const { partner, teamId } = await pendingDuo(id);
    await setPhase(t, admin.token, id, 'checkinOpen');
    expectError(await answer(id, teamId, partner, 'accept'), 409, 'REGISTRATION_CLOSED');
  });
});

describe('check-in and entrants', () => {
  async function wholeDuo(id: string, name: string) {
    const d = await pendingDuo(id, name);
    expect((await answer(id, d.teamId, d.partner, 'accept')).status).toBe(200);
    return d;
  }
  const memberCheckIn = (id: string, p: Person) =>
    checkIn(t, id, p, { gameAccounts: [{ userId: p.id, gameAccount: gameAccount(p.username) }] });
  const entrants = async (id: string) =>
    (await t.call('GET', `/api/tournaments/${id}/entrants`, { token: admin.token })).json.data;

  test('each member checks in; the team is checked in when all did, and plays as one entrant', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await wholeDuo(id, 'Sharks');
    await wholeDuo(id, 'Idle');
    await setPhase(t, admin.token, id, 'checkinOpen');
    expect((await memberCheckIn(id, captain)).status).toBe(200);
    let [team] = await teamsOf(id);
    expect(team.members.map((m: { checkedIn: boolean }) => m.checkedIn)).toEqual([true, false]);
    expect(team.checkedIn).toBe(false);
    expect(await entrants(id)).toEqual([]);
    expect((await memberCheckIn(id, partner)).status).toBe(200);
    [team] = await teamsOf(id);
    expect(team.checkedIn).toBe(true);
    expect(await entrants(id)).toEqual([
      {
        id: teamId,
        name: 'Sharks',
        members: [
          { id: captain.id, username: captain.username },
          { id: partner.id, username: partner.username },
        ],
      },
    ]);
  });

  test('a disqualified member is not counted: the team is checked in by the members who play', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await wholeDuo(id, 'Owls');
    await setPhase(t, admin.token, id, 'checkinOpen');
    expect((await memberCheckIn(id, captain)).status).toBe(200);
    const res = await t.call('POST', `/api/tournaments/${id}/registrations/${captain.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'Smurf account' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // the one check-in was the disqualified captain's: nobody who plays has checked in yet
    expect((await teamsOf(id))[0].checkedIn).toBe(false);
    expect(await entrants(id)).toEqual([]);
    expect((await memberCheckIn(id, partner)).status).toBe(200);
    expect((await teamsOf(id))[0].checkedIn).toBe(true);
    expect(await entrants(id)).toEqual([
      { id: teamId, name: 'Owls', members: [{ id: partner.id, username: partner.username }] },
    ]);
  });

  test("the organiser's minimum: one member of a duo checked in is enough", async () => {
    const id = await duo({ teamCheckinMinimum: 1 });
    const { captain } = await wholeDuo(id, 'Quick');
    await setPhase(t, admin.token, id, 'checkinOpen');
    await memberCheckIn(id, captain);
    const [team] = await teamsOf(id);
    expect(team.checkedIn).toBe(true);
    expect((await entrants(id)).map((e: { name: string }) => e.name)).toEqual(['Quick']);
  });
});

describe('brackets', () => {
  test('a bracket pairs the checked-in teams as entrants, each with its name and members', async () => {
    const game = 'Valorant';
    const id = await createTournament(t, admin.token, 'registration', {
      game,
      teamSize: 2,
      format: 'single_elimination',
    });
    const valorant = (tag: string) => ({ username: tag, id: tag, game, console: 'PC' });
    const teams: { name: string; people: Person[] }[] = [];
    for (const name of ['Alpha', 'Beta']) {
      const people = await quickPlayers(t, 2);
      const body = {
        teamName: name,
        gameAccounts: people.map((p) => ({ userId: p.id, gameAccount: valorant(p.username) })),
      };
      const res = await register(id, people[0], body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect((await answer(id, res.json.data.team.id, people[1], 'accept')).status).toBe(200);
      teams.push({ name, people });
    }
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of teams.flatMap((x) => x.people))
      expect(
        (await checkIn(t, id, p, { gameAccounts: [{ userId: p.id, gameAccount: valorant(p.username) }] })).status,
      ).toBe(200);
    const res = await t.call('POST', `/api/tournaments/${id}/bracket`, {
      token: admin.token,
      body: { seeding: 'checkin' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [final] = res.json.data.rounds[0].matches;
    const sides = [final.sideA, final.sideB].map((side: { name: string; members: string[] }) => [
      side.name,
      side.members.length,
    ]);
    expect(sides.sort()).toEqual([
      ['Alpha', 2],
      ['Beta', 2],
    ]);
  });
});

describe('earlier teams', () => {
  // each member's in-game name is the one the newest entry played under: the partner answered with their own
  test('GET /teams/mine lists the whole teams the caller played in, each set of members once', async () => {
    const first = await duo();
    const { captain, partner, teamId } = await pendingDuo(first, 'Comets');
    await answer(first, teamId, partner, 'accept');
    const second = await duo({ game: 'Valorant', console: ['PC'] });
    const valorant = (tag: string) => ({ ...gameAccount(tag), game: 'Valorant' });
    const again = await register(second, captain, {
      teamName: 'Comets',
      gameAccounts: [
        { userId: captain.id, gameAccount: valorant('CaptainAim') },
        { userId: partner.id, gameAccount: valorant('NamedByCaptain') },
      ],
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const accepted = await answer(second, again.json.data.team.id, partner, 'accept', {
      gameAccount: valorant('PartnerOwn'),
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const res = await t.call('GET', '/api/teams/mine', { token: partner.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        name: 'Comets',
        game: 'Valorant',
        members: [
          { userId: captain.id, username: captain.username, gameName: 'CaptainAim' },
          { userId: partner.id, username: partner.username, gameName: 'PartnerOwn' },
        ],
      },
    ]);
    expectError(await t.call('GET', '/api/teams/mine'), 401, 'UNAUTHORIZED');
  });
});

describe('teams with no seat yet', () => {
  const open = (p: Person) => t.call('GET', '/api/teams/mine/open', { token: p.token });

  test('GET /teams/mine/open: the invitation to answer, the captain’s waiting team, nothing once whole', async () => {
    const id = await duo({ name: 'Coppa Notturna', translations: { en: { name: 'Night Cup' } } });
    const { captain, partner, teamId } = await pendingDuo(id, 'Owls');
    const name = { it: 'Coppa Notturna', en: 'Night Cup' };
    expect((await open(partner)).json.data).toEqual([
      { tournamentId: id, tournamentName: name, competitionId: null, teamName: 'Owls', state: 'invited' },
    ]);
    expect((await open(captain)).json.data).toEqual([
      { tournamentId: id, tournamentName: name, competitionId: null, teamName: 'Owls', state: 'pending' },
    ]);
    expect((await answer(id, teamId, partner, 'accept')).status).toBe(200);
    expect((await open(partner)).json.data).toEqual([]);
    expect((await open(captain)).json.data).toEqual([]);
    expectError(await t.call('GET', '/api/teams/mine/open'), 401, 'UNAUTHORIZED');
  });

  test('a tournament archived or over is left out; a declined invitation is gone', async () => {
    const archived = await duo();
    const { partner: invitedThere } = await pendingDuo(archived, 'Gone');
    expect(
      (await t.call('PUT', `/api/tournaments/${archived}/archive`, { token: admin.token, body: { archived: true } }))
        .status,
    ).toBe(200);
    expect((await open(invitedThere)).json.data).toEqual([]);

    const over = await duo();
    const { captain } = await pendingDuo(over, 'Late');
    await setPhase(t, admin.token, over, 'complete');
    expect((await open(captain)).json.data).toEqual([]);

    const declinedAt = await duo();
    const { partner, teamId } = await pendingDuo(declinedAt, 'Nope');
    expect((await answer(declinedAt, teamId, partner, 'decline')).status).toBe(200);
    expect((await open(partner)).json.data).toEqual([]);
  });

  test("another brand's tournament is never listed, in the open teams or the earlier ones", async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id, 'Elsewhere');
    expect((await open(partner)).json.data).toHaveLength(1);
    // the same database may hold several brands: the tournament handed to another one leaves this brand's lists
    await t.db.kysely.updateTable('tournaments').set({ owner: 'another-brand' }).where('id', '=', id).execute();
    expect((await open(partner)).json.data).toEqual([]);
    expect((await open(captain)).json.data).toEqual([]);
    await t.db.kysely.updateTable('entry_teams').set({ complete: 1 }).where('id', '=', teamId).execute();
    expect((await t.call('GET', '/api/teams/mine', { token: captain.token })).json.data).toEqual([]);
  });

  // neither can be answered
  test('once registration closes, an invitation and a team still short are left out', async () => {
    const id = await duo();
    const { captain, partner, teamId } = await pendingDuo(id, 'Shut');
    expect((await open(partner)).json.data).toHaveLength(1);
    expect((await open(captain)).json.data).toHaveLength(1);
    await setPhase(t, admin.token, id, 'checkinOpen');
    expect((await open(partner)).json.data).toEqual([]);
    expect((await open(captain)).json.data).toEqual([]);
    // the list agrees with the refusal the invited player would get
    expectError(await answer(id, teamId, partner, 'accept'), 409, 'REGISTRATION_CLOSED');
  });
});

describe('a team in a championship', () => {
  const choose = (p: Person, competitionId: string, team: string) =>
    t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, { token: p.token, body: { team } });

  // a member still only invited cannot pick one yet
  test('the captain and each member who accepted pick a faction while the team waits', async () => {
    const made = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: 'Team Cup', game: 'Fortnite' },
    });
    const competitionId = made.json.data.id as string;
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 3, competitionId });
    const [captain, first, second] = await quickPlayers(t, 3);
    const members = [{ userId: captain.id }, { userId: first.id }, { userId: second.id }];
    const res = await register(id, captain, teamBody('Hawks', members));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const teamId = res.json.data.team.id as string;
    // the open team names its championship, so that page can offer the choice too
    expect((await t.call('GET', '/api/teams/mine/open', { token: captain.token })).json.data).toEqual([
      expect.objectContaining({ tournamentId: id, competitionId, state: 'pending' }),
    ]);

    expect((await choose(captain, competitionId, 'speed')).status).toBe(200);
    expectError(await choose(first, competitionId, 'speed'), 409, 'NOT_IN_COMPETITION');
    expect((await answer(id, teamId, first, 'accept')).json.data.complete).toBe(false);
    const picked = await choose(first, competitionId, 'precision');
    expect(picked.status).toBe(200);
    const faction = (name: string) =>
      (picked.json.data.teams as { name: string; players: { playerId: string }[] }[])
        .find((team) => team.name === name)!
        .players.map((p) => p.playerId);
    expect([faction('speed'), faction('precision')]).toEqual([[captain.id], [first.id]]);
    // a member who declined is in no team of the championship
    expect((await answer(id, teamId, second, 'decline')).status).toBe(200);
    expectError(await choose(second, competitionId, 'speed'), 409, 'NOT_IN_COMPETITION');
  });
});

describe('answers to one team at the same moment', () => {
  // with all three members
  test('the last two members of a trio accepting at once make it whole: it takes its seat', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 3, maxPartecipants: 20 });
    const trios = [];
    for (let i = 0; i < 8; i++) {
      const [captain, first, second] = await quickPlayers(t, 3);
      const members = [{ userId: captain.id }, { userId: first.id }, { userId: second.id }];
      const res = await register(id, captain, teamBody(`Trio ${i}`, members));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      trios.push({ teamId: res.json.data.team.id as string, invited: [first, second] });
    }
    // each trio's two answers race each other: whichever comes second must see the first and seat the team
    const answers = await Promise.all(
      trios.flatMap(({ teamId, invited }) => invited.map((p) => answer(id, teamId, p, 'accept'))),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const teams: EntryTeam[] = await teamsOf(id);
    expect(teams.filter((team) => !team.complete).map((team) => team.name)).toEqual([]);
    expect((await tournamentRow(t, id)).member_count).toBe(8);
    const rows = await registrationRows(t, id);
    expect(rows.filter((r) => r.state === 'member')).toHaveLength(24);
  });

  if (engine === 'postgres')
    describe('PostgreSQL, paused in between', () => {
      const pauseAt = tablePauses(() => t);

      test('the captain leaving while the partner’s accept seats the duo waits, then frees the seat', async () => {
        const id = await duo();
        const { captain, partner, teamId } = await pendingDuo(id);
        // the accept stops inside its transaction, the team whole and seated, when it reads what joining earns
        const pause = await pauseAt('badges');
        const accepted = watched(answer(id, teamId, partner, 'accept'));
        expect(await pause.untilWaiting(1, () => accepted.settled)).toBe(1);
        const left = watched(leave(t, id, captain));
        // the captain's leave waits for the accept rather than disbanding the team it has not seen seated
        expect(await pause.untilWaiting(2, () => left.settled)).toBe(2);
        expect(left.settled).toBe(false);
        await pause.release();

        expect((await accepted.promise).status).toBe(200);
        expect((await left.promise).status).toBe(200);
        expect(await teamsOf(id)).toEqual([]);
        expect(await registrationRows(t, id)).toEqual([]);
        expect((await tournamentRow(t, id)).member_count).toBe(0);
      });
    });
});

describe('a team and another entry at the same moment', () => {
  test('a captain naming a player while that player joins alone: one of them is refused, as in turn', async () => {
    for (let i = 0; i < 6; i++) {
      const id = await duo();
      const [captain, partner] = await quickPlayers(t, 2);
      const [team, solo] = await Promise.all([
        register(id, captain, teamBody(`Race ${i}`, [{ userId: captain.id }, { userId: partner.id }])),
        join(t, id, partner),
      ]);
      // whichever came second is refused with the code it gets when the other is already in
      if (team.status === 200) expectError(solo, 409, 'ALREADY_IN_TEAM');
      else expectError(team, 409, 'PLAYER_REGISTERED');
      const rows = await registrationRows(t, id);
      expect(rows.map((r) => r.user_id)).toEqual(team.status === 200 ? [] : [partner.id]);
      expect((await teamsOf(id)).length).toBe(team.status === 200 ? 1 : 0);
    }
  });

  test('two teams given one name at once: the second is refused 409 TEAM_NAME_IN_USE', async () => {
    for (let i = 0; i < 6; i++) {
      const id = await duo();
      const [a, b, c, d] = await quickPlayers(t, 4);
      const answers = await Promise.all([
        register(id, a, teamBody('Twins', [{ userId: a.id }, { userId: b.id }])),
        register(id, c, teamBody('Twins', [{ userId: c.id }, { userId: d.id }])),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expectError(
        answers.find((r) => r.status !== 200)!,
        409,
        'TEAM_NAME_IN_USE',
      );
      expect((await teamsOf(id)).map((x: EntryTeam) => x.name)).toEqual(['Twins']);
    }
  });

  if (engine === 'postgres')
    describe('PostgreSQL, paused in between', () => {
      const pauseAt = tablePauses(() => t);

      test('a solo join under way makes the captain naming that player wait, then refuses the team', async () => {
        const id = await duo();
        const [captain, partner] = await quickPlayers(t, 2);
        // the join stops inside its transaction, its registration written, when it reads what joining earns
        const pause = await pauseAt('badges');
        const solo = watched(join(t, id, partner));
        expect(await pause.untilWaiting(1, () => solo.settled)).toBe(1);
        const team = watched(register(id, captain, teamBody('Late', [{ userId: captain.id }, { userId: partner.id }])));
        expect(await pause.untilWaiting(2, () => team.settled)).toBe(2);
        expect(team.settled).toBe(false);
        await pause.release();

        expect((await solo.promise).status).toBe(200);
        expectError(await team.promise, 409, 'PLAYER_REGISTERED');
        expect(await teamsOf(id)).toEqual([]);
        expect((await registrationRows(t, id)).map((r) => r.user_id)).toEqual([partner.id]);
      });

      test('a team under way makes the named player’s solo join wait, then refuses it', async () => {
        const id = await duo();
        const [captain, partner] = await quickPlayers(t, 2);
        // the registration stops inside its transaction when it writes the team's members; reads go on
        const pause = await pauseAt('entry_team_members', { writesOnly: true });
        const team = watched(
          register(id, captain, teamBody('First', [{ userId: captain.id }, { userId: partner.id }])),
        );
        expect(await pause.untilWaiting(1, () => team.settled)).toBe(1);
        const solo = watched(join(t, id, partner));
        expect(await pause.untilWaiting(2, () => solo.settled)).toBe(2);
        expect(solo.settled).toBe(false);
        await pause.release();

        expect((await team.promise).status).toBe(200);
        expectError(await solo.promise, 409, 'ALREADY_IN_TEAM');
        expect(await registrationRows(t, id)).toEqual([]);
      });

      test('a team registered while its tournament is being deleted: 404, nothing left behind', async () => {
        const id = await duo();
        const [captain, partner] = await quickPlayers(t, 2);
        // the delete stops inside its transaction, the tournament deleted, when it writes its audit entry
        const pause = await pauseAt('audit_log', { writesOnly: true });
        const removed = watched(t.call('DELETE', `/api/tournaments/${id}`, { token: admin.token }));
        expect(await pause.untilWaiting(1, () => removed.settled)).toBe(1);
        const team = watched(
          register(id, captain, teamBody('Ghosts', [{ userId: captain.id }, { userId: partner.id }])),
        );
        expect(await pause.untilWaiting(2, () => team.settled)).toBe(2);
        await pause.release();

        expect((await removed.promise).status).toBe(200);
        expectError(await team.promise, 404, 'TOURNAMENT_NOT_FOUND');
        const left = await t.db.kysely.selectFrom('entry_teams').select('id').where('tournament_id', '=', id).execute();
        expect(left).toEqual([]);
      });

      test('an invitation under way and the invited player’s solo join: the second is refused', async () => {
        const id = await duo();
        const { captain, partner, teamId } = await pendingDuo(id);
        expect((await answer(id, teamId, partner, 'decline')).status).toBe(200);
        const other = await quickPlayer(t);
        // the join stops inside its transaction, its registration written, when it reads what joining earns
        const pause = await pauseAt('badges');
        const solo = watched(join(t, id, other));
        expect(await pause.untilWaiting(1, () => solo.settled)).toBe(1);
        const invited = watched(
          answer(id, teamId, captain, 'invite', { userId: other.id, gameAccount: gameAccount('other') }),
        );
        expect(await pause.untilWaiting(2, () => invited.settled)).toBe(2);
        expect(invited.settled).toBe(false);
        await pause.release();

        expect((await solo.promise).status).toBe(200);
        expectError(await invited.promise, 409, 'PLAYER_REGISTERED');
        expect((await teamsOf(id))[0].members.map((m: { userId: string }) => m.userId)).toEqual([captain.id]);
      });
    });
});
