import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { tick } from '../../../src/features/reminders/server/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { checkIn, createTournament, join, quickPlayer, setPhase, type Person } from '../helpers/tournaments.ts';

/**
 * A tournament named in both languages is finalised with prizes and the podium badges: the English
 * player who came first reads every line of it in English (the ledger's prize and badge lines, the
 * backpack, the results mail), and the Italian runner-up in Italian. The ledger stores one text per
 * entry; what a reader sees is rendered from what the entry refers to, in the reader's language.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const EN = { 'accept-language': 'en-GB,en;q=0.9' };
const IT = { 'accept-language': 'it-IT,it;q=0.9' };
// every Italian text this story stores; none may reach the English reader
const ITALIAN = ["Coppa d'Inverno", 'Campione', 'Sul podio', 'Hai vinto', 'Sei arrivato'];

let t: TestApp;
let admin: Person;
let alex: Person;
let giulia: Person;
let tournamentId: string;
const slugs = { won: `campione_${Date.now().toString(36)}`, top: `podio_${Date.now().toString(36)}` };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  alex = await quickPlayer(t, { language: 'en' });
  giulia = await quickPlayer(t, { language: 'it' });
  const badge = async (body: Record<string, unknown>) => {
    const r = await t.call('POST', '/api/marketplace/badges', { token: admin.token, body });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  };
  await badge({
    slug: slugs.won,
    name: 'Campione',
    description: 'Hai vinto un torneo',
    trigger: 'tournament_won',
    rewardAmount: 25,
    translations: { en: { name: 'Champion', description: 'You won a tournament' } },
  });
  await badge({
    slug: slugs.top,
    name: 'Sul podio',
    description: 'Sei arrivato tra i primi due',
    trigger: 'tournament_top_n',
    topN: 2,
    rewardAmount: 10,
    translations: { en: { name: 'On the podium', description: 'You finished in the top two' } },
  });
  tournamentId = await createTournament(t, admin.token, 'registration', {
    name: "Coppa d'Inverno",
    maxPartecipants: 10,
    translations: { en: { name: 'Winter Cup' } },
  });
  for (const p of [alex, giulia]) expect((await join(t, tournamentId, p)).status).toBe(200);
  await setPhase(t, admin.token, tournamentId, 'checkinOpen');
  for (const p of [alex, giulia]) expect((await checkIn(t, tournamentId, p)).status).toBe(200);
  const played = await t.call('POST', `/api/tournaments/${tournamentId}/matches`, {
    token: admin.token,
    body: {
      lines: [
        { entrantId: alex.id, placement: 1, eliminations: 0 },
        { entrantId: giulia.id, placement: 2, eliminations: 0 },
      ],
    },
  });
  expect(played.status, JSON.stringify(played.json)).toBe(201);
  const prizes = await t.call('PUT', `/api/tournaments/${tournamentId}/prizes`, {
    token: admin.token,
    body: {
      prizes: [
        { from: 1, to: 1, credits: 500 },
        { from: 2, to: 2, credits: 300 },
      ],
    },
  });
  expect(prizes.status, JSON.stringify(prizes.json)).toBe(200);
  const done = await t.call('POST', `/api/tournaments/${tournamentId}/finalise`, { token: admin.token });
  expect(done.status, JSON.stringify(done.json)).toBe(200);
});
afterAll(() => t?.close());

const ledger = async (p: Person, headers: Record<string, string>) => {
  const r = await t.call('GET', `/api/marketplace/transactions/${p.id}?limit=50`, { token: p.token, headers });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as {
    amount: number;
    reference: string | null;
    description: string;
    translations: Record<'it' | 'en', { description: string }>;
  }[];
};
const noItalian = (text: string) => ITALIAN.forEach((it) => expect(text).not.toContain(it));

// the English winner reads them in English, the Italian runner-up in Italian
test("the prize and badge lines of the ledger read in each player's language", async () => {
  const lines = await ledger(alex, EN);
  const english = lines.map((l) => l.translations.en.description).sort();
  expect(english).toEqual(['Champion', 'On the podium', 'Winter Cup · #1'].sort());
  const prize = lines.find((l) => l.reference?.startsWith(`prize:${tournamentId}:`))!;
  expect(prize).toMatchObject({ amount: 500, translations: { en: { description: 'Winter Cup · #1' } } });
  noItalian(JSON.stringify(lines.map((l) => l.translations.en)));
  // the flat text of an English request is the English one too (the dashboard's wallet modal shows it)
  expect(lines.map((l) => l.description).sort()).toEqual(english);

  const italian = (await ledger(giulia, IT)).map((l) => l.translations.it.description).sort();
  expect(italian).toEqual(["Coppa d'Inverno · #2", 'Sul podio'].sort());
});

test('a tournament renamed after finalising is named as it is now, in each language', async () => {
  const renamed = await t.call('PUT', `/api/tournaments/${tournamentId}`, {
    token: admin.token,
    body: { translations: { en: { name: 'Winter Cup 2026' } } },
  });
  expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
  const prize = (await ledger(alex, EN)).find((l) => l.reference?.startsWith('prize:'))!;
  expect(prize.translations).toEqual({
    it: { description: "Coppa d'Inverno · #1" },
    en: { description: 'Winter Cup 2026 · #1' },
  });
  await t.call('PUT', `/api/tournaments/${tournamentId}`, {
    token: admin.token,
    body: { translations: { en: { name: 'Winter Cup' } } },
  });
});

test("the English winner's backpack names and describes both badges in English", async () => {
  const r = await t.call('GET', `/api/marketplace/backpack/${alex.id}`, { token: alex.token, headers: EN });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const mine = (r.json.data as { badge: { slug: string; name: string; description: string } }[])
    .map(({ badge: b }) => [b.slug, b.name, b.description])
    .sort();
  expect(mine).toEqual(
    [
      [slugs.won, 'Champion', 'You won a tournament'],
      [slugs.top, 'On the podium', 'You finished in the top two'],
    ].sort(),
  );
});

test('the results mail tells the English winner in English: the English name, no Italian text', async () => {
  const before = (await t.outbox()).length;
  expect((await tick(t.app)).results_final).toBe(2);
  const mails = (await t.outbox()).slice(before);
  const toAlex = mails.find((m) => m.to.includes(alex.email))!;
  expect(toAlex.subject).toContain('Winter Cup');
  expect(toAlex.text).toContain('Winter Cup');
  expect(toAlex.text).toContain('500');
  noItalian(`${toAlex.subject}\n${toAlex.text}`);
  const toGiulia = mails.find((m) => m.to.includes(giulia.email))!;
  expect(`${toGiulia.subject}\n${toGiulia.text}`).toContain("Coppa d'Inverno");
});

// its badges, purchases and the admin's credits
test("the demo's English player alex reads his seeded ledger in English", async () => {
  const demo = await createTestApp({ rateLimits: false });
  try {
    await seedDemo(demo.app);
    const login = await demo.call('POST', '/api/users/authenticate', {
      body: { email: 'alex@demo.arena', password: 'demo-player-2026' },
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const { token, user } = login.json.data as { token: string; user: { id: string; language: string } };
    expect(user.language).toBe('en');
    const r = await demo.call('GET', `/api/marketplace/transactions/${user.id}?limit=100`, { token, headers: EN });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const lines = r.json.data as { description: string; translations: Record<'en', { description: string }> }[];
    // the badges, the purchases, the admin's demo credits and the prizes of the demo tournaments he
    // played (the double elimination he won, his second place in the Swiss), each in English
    const english = [
      'Arena Pro hoodie',
      'Champion',
      'Checked in!',
      'Demo credits',
      'EAFC24 Swiss Series · #2',
      'EAFC25 Double Trouble · #1',
      'First tournament',
      'On the podium',
      'On the podium',
      'Snapback cap',
      'Welcome',
    ];
    expect(lines.map((l) => l.description).sort()).toEqual(english);
    expect(lines.map((l) => l.translations.en.description || l.description).sort()).toEqual(english);
  } finally {
    await demo.close();
  }
});
