import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  registration,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';
import { line } from '../helpers/results.ts';
import { address, rewardsApi } from '../helpers/rewards.ts';
import { form, openPhaseNow, png, submit } from '../helpers/campaign.ts';
import { expectError } from '../helpers/expect-error.ts';
import { dataExportSchema } from '../../../src/features/privacy/contract.ts';

/**
 * GET /users/me/export: a player downloads what the platform holds about them, whole, and nothing of anyone else's.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const exportOf = (p: { token: string }) => t.call('GET', '/api/users/me/export', { token: p.token });

// and the campaign submissions
test('the export holds the account, choices, tournaments, faction, badges, wallet and orders', async () => {
  const api = rewardsApi(t, admin.token);
  const { user, token } = await t.signupAndLogin({ language: 'en' });
  const me: Person = { id: user.id, token, email: user.email, username: user.username };
  const other = await quickPlayer(t);

  // a tournament of a championship, its faction, and one more tournament the other player joins too
  const made = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Export Cup', game: 'Fortnite' },
  });
  const competitionId = made.json.data.id as string;
  const championship = await createTournament(t, admin.token, 'registration', { competitionId });
  const plain = await createTournament(t, admin.token, 'registration');
  for (const id of [championship, plain]) expect((await join(t, id, me)).status).toBe(200);
  expect((await join(t, plain, other)).status).toBe(200);
  const faction = await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
    token,
    body: { team: 'speed' },
  });
  expect(faction.status).toBe(200);
  expect(
    (await t.call('PUT', '/api/users/me/notifications', { token, body: { ...allOn, resultsFinal: false } })).status,
  ).toBe(200);

  // credits, an order shipped to the player's door, a picture for the campaign
  await api.credit(user.id, 500, 'export test');
  await api.credit(other.id, 500, 'not mine');
  const hoodie = await api.product({ name: 'Felpa export', price: 120 });
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token,
    body: { shippingAddress: address, productId: hoodie._id },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  await openPhaseNow(t, admin.token, 1);
  expect((await submit(t, token)).status).toBe(201);

  const res = await exportOf(me);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const data = dataExportSchema.parse(res.json.data);
  expect(data.account).toMatchObject({ id: user.id, email: user.email, username: user.username, language: 'en' });
  expect(data.notifications).toEqual({ ...allOn, resultsFinal: false });
  expect(data.tournaments.map((e) => e.id).sort()).toEqual([championship, plain].sort());
  expect(data.tournaments.every((e) => e.member && !e.disqualified)).toBe(true);
  expect(data.faction).toBe('speed');
  // the whole ledger: its entries add up to the balance
  expect(data.transactions.map((x) => x.amount)).toEqual(expect.arrayContaining([500, -120]));
  expect(data.wallet?.balance).toBe(data.transactions.reduce((sum, x) => sum + x.amount, 0));
  expect(data.purchases).toHaveLength(1);
  expect(data.purchases[0]).toMatchObject({ productId: hoodie._id, userId: user.id, shippingAddress: address });
  expect(data.campaignSubmissions).toHaveLength(1);
  // nothing of the other player's
  const text = JSON.stringify(data);
  expect(text).not.toContain(other.id);
  expect(text).not.toContain('not mine');
});

test('a player with nothing yet gets an empty export; without a session it is 401', async () => {
  const p = await quickPlayer(t);
  const res = await exportOf(p);
  expect(res.status).toBe(200);
  expect(res.json.data).toMatchObject({
    account: { id: p.id },
    notifications: allOn,
    tournaments: [],
    faction: null,
    badges: [],
    transactions: [],
    purchases: [],
    campaignSubmissions: [],
    matchReports: [],
    factions: [],
    bracketReports: [],
    entryTeams: [],
  });
  expectError(await t.call('GET', '/api/users/me/export'), 401, 'UNAUTHORIZED');
});

// each with its picture and the verdict
test("the match results a player reported are in their export, not another's", async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const players = await quickPlayers(t, 2);
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await checkIn(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'ongoing');
  const entered = await t.call('POST', `/api/tournaments/${id}/matches`, {
    token: admin.token,
    body: { lines: [line(players[0]!, 1, 2), line(players[1]!, 2)] },
  });
  expect(entered.status, JSON.stringify(entered.json)).toBe(201);
  const report = async (p: Person, placement: string, seed: number) => {
    const body = form({ matchNumber: '2', placement, eliminations: '3' }, [{ data: await png(seed) }]);
    const headers = { 'content-type': body.contentType, authorization: `Bearer ${p.token}` };
    const sent = await t.inject({ method: 'POST', url: `/api/tournaments/${id}/reports`, headers, payload: body.body });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().data.id as string;
  };
  const mine = await report(players[0]!, '1', 7301);
  await report(players[1]!, '2', 7302);

  const data = dataExportSchema.parse((await exportOf(players[0]!)).json.data);
  expect(data.matchReports).toHaveLength(1);
  expect(data.matchReports[0]).toMatchObject({
    id: mine,
    tournamentId: id,
    matchNumber: 2,
    placement: 1,
    eliminations: 3,
    status: 'pending',
    imageUrl: expect.stringMatching(/^\/media\//),
  });
});

// every faction they chose and every bracket score they reported
test("a player's factions and bracket scores are in their export; not the other side's", async () => {
  // two championships, a faction in each: the export names both, the latest first
  const championships: string[] = [];
  for (const name of ['Export Spring', 'Export Autumn']) {
    const made = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name, game: 'Fortnite', translations: { en: { name: `${name} EN` } } },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    championships.push(made.json.data.id as string);
  }
  const [spring, autumn] = championships as [string, string];
  const players = await quickPlayers(t, 2);
  const [me, rival] = players as [Person, Person];
  for (const [competitionId, team] of [
    [spring, 'precision'],
    [autumn, 'speed'],
  ] as const) {
    const tournament = await createTournament(t, admin.token, 'registration', { competitionId });
    expect((await join(t, tournament, me)).status).toBe(200);
    const picked = await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
      token: me.token,
      body: { team },
    });
    expect(picked.status, JSON.stringify(picked.json)).toBe(200);
  }

  // a Valorant bracket of the two players: each reports a score for their match, and they disagree
  const game = 'Valorant';
  const id = await createTournament(t, admin.token, 'registration', { game, maxPartecipants: 8 });
  for (const p of players) expect((await join(t, id, p, registration(p.id, { game }))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await checkIn(t, id, p, registration(p.id, { game }))).status).toBe(200);
  const generated = await t.call('POST', `/api/tournaments/${id}/bracket`, {
    token: admin.token,
    body: { seeding: 'checkin' },
  });
  expect(generated.status, JSON.stringify(generated.json)).toBe(200);
  const match = generated.json.data.rounds[0].matches[0] as { id: string; sideA: { members: string[] } };
  const mySide = match.sideA.members.includes(me.username) ? 'a' : 'b';
  for (const [p, scoreA, scoreB] of [
    [me, 2, 1],
    [rival, 0, 2],
  ] as const) {
    const sent = await t.call('POST', `/api/tournaments/${id}/bracket/matches/${match.id}/report`, {
      token: p.token,
      body: { scoreA, scoreB },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  }

  const data = dataExportSchema.parse((await exportOf(me)).json.data);
  expect(data.faction).toBe('speed');
  expect(data.factions.map((f) => [f.competitionId, f.team])).toEqual([
    [autumn, 'speed'],
    [spring, 'precision'],
  ]);
  expect(data.factions[1]).toMatchObject({
    competitionName: { it: { name: 'Export Spring' }, en: { name: 'Export Spring EN' } },
    playerName: expect.any(String),
  });
  expect(data.bracketReports).toEqual([
    {
      tournamentId: id,
      matchId: match.id,
      round: 1,
      side: mySide,
      scoreA: 2,
      scoreB: 1,
      reportedAt: expect.any(String),
    },
  ]);
  // the rival's export holds their own report only, and no faction
  const theirs = dataExportSchema.parse((await exportOf(rival)).json.data);
  expect(theirs.bracketReports.map((r) => [r.scoreA, r.scoreB])).toEqual([[0, 2]]);
  expect(theirs.factions).toEqual([]);
});

const allOn = { checkinOpen: true, checkinClosing: true, resultsFinal: true };

test('the teams a player is in or invited to are in their export, with the game account named for them', async () => {
  const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const [captain, partner, stranger] = (await quickPlayers(t, 3)) as [Person, Person, Person];
  const named = { username: 'PartnerAim', id: 'epic-partner', game: 'Fortnite', console: 'PC' };
  const registered = await t.call('POST', `/api/tournaments/${id}/register?userID=${captain.id}`, {
    token: captain.token,
    body: {
      teamName: 'Export Owls',
      gameAccounts: [
        { userId: captain.id, gameAccount: { ...named, username: 'CaptainAim', id: 'epic-captain' } },
        { userId: partner.id, gameAccount: named },
      ],
    },
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);

  // the partner has not answered yet: the invitation and the account the captain gave for them are held about them
  const invited = dataExportSchema.parse((await exportOf(partner)).json.data);
  expect(invited.entryTeams).toEqual([
    {
      tournamentId: id,
      team: 'Export Owls',
      captain: false,
      state: 'invited',
      gameAccount: named,
      since: expect.any(String),
    },
  ]);
  const led = dataExportSchema.parse((await exportOf(captain)).json.data);
  expect(led.entryTeams).toMatchObject([{ tournamentId: id, team: 'Export Owls', captain: true, state: 'accepted' }]);
  // only the player's own line: no teammate's id or game account
  expect(JSON.stringify(led.entryTeams)).not.toContain(partner.id);
  expect(JSON.stringify(led.entryTeams)).not.toContain('PartnerAim');
  expect(dataExportSchema.parse((await exportOf(stranger)).json.data).entryTeams).toEqual([]);
});
