import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { TournamentRegistrationsTable } from './schema.ts';
import type { Game } from '../games.ts';
import type { TeamName } from '../../features/tournaments/contract.ts';
import { sanitizeRichText } from '../rich-text.ts';
import * as CompetitionRepository from '../../features/tournaments/server/competition-repository.ts';
import * as TournamentRepository from '../../features/tournaments/server/repository.ts';
import * as NewsRepository from '../../features/news/server/repository.ts';
import * as UserRepository from '../../features/accounts/server/user-repository.ts';
import { hashPassword } from '../passwords.ts';
import { seedRewards } from '../../features/rewards/server/seed.ts';
import { seedCampaign } from '../../features/campaign/server/seed.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The password of the seeded private EAFC25 tournament, printed on start beside the demo accounts. */
export const demoPrivateTournamentPassword = 'arena2026';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Players of the faction leaderboard; they never log in (their password hash is of a random secret). */
const leaderboardPlayers: [username: string, nickname: string, team: TeamName, score: number, language: 'it' | 'en'][] = [
  ['shadowfox', 'ShadowFox', 'precision', 2480, 'it'],
  ['lunabyte', 'LunaByte', 'speed', 2395, 'it'],
  ['kappa_rex', 'KappaRex', 'precision', 2210, 'it'],
  ['nova.strike', 'NovaStrike', 'speed', 2150, 'en'],
  ['pixelmarta', 'PixelMarta', 'precision', 1990, 'it'],
  ['ghostrunner', 'GhostRunner', 'speed', 1985, 'en'],
  ['zeta_aim', 'ZetaAim', 'precision', 1820, 'it'],
  ['blitzkid', 'BlitzKid', 'speed', 1760, 'it'],
  ['mirko99', 'Mirko99', 'precision', 1655, 'it'],
  ['saetta', 'Saetta', 'speed', 1655, 'it'],
  ['vortexia', 'Vortexia', 'precision', 1510, 'en'],
  ['turbotony', 'TurboTony', 'speed', 1480, 'it'],
  ['hawkeye_it', 'HawkEye', 'precision', 1320, 'it'],
  ['rapidrosa', 'RapidRosa', 'speed', 1275, 'it'],
  ['crosshair', 'Crosshair', 'precision', 1100, 'en'],
  ['flashgio', 'FlashGio', 'speed', 1040, 'it'],
  ['steadyhand', 'SteadyHand', 'precision', 980, 'en'],
  ['nitrolia', 'NitroLia', 'speed', 905, 'it'],
  ['deadeye.ale', 'DeadeyeAle', 'precision', 760, 'it'],
  ['zoomzoom', 'ZoomZoom', 'speed', 640, 'en'],
  ['ironsight', 'IronSight', 'precision', 515, 'it'],
  ['ventoveloce', 'VentoVeloce', 'speed', 430, 'it'],
  ['calmcarla', 'CalmCarla', 'precision', 300, 'it'],
  ['sprintsam', 'SprintSam', 'speed', 0, 'en'],
];

// each text in its own language: the English page shows the English one (issue 12 item 10)
const rules = {
  it: `<h3>Regolamento</h3>
<ol>
  <li>Fair play: niente cheat, exploit o account condivisi.</li>
  <li>Check-in obbligatorio nella finestra indicata.</li>
  <li>Le decisioni degli admin sono definitive.</li>
</ol>
<p>Domande? Scrivi a <a href="mailto:support@example.com">support@example.com</a>.</p>`,
  en: `<h3>Rules</h3>
<ol>
  <li>Fair play: no cheats, exploits or shared accounts.</li>
  <li>Check-in is required within the window shown.</li>
  <li>Admin decisions are final.</li>
</ol>
<p>Questions? Write to <a href="mailto:support@example.com">support@example.com</a>.</p>`,
};

const description = (it: string, en: string) => ({
  it: `<h2>Il torneo</h2><p>${it}</p><ul><li><strong>Premi:</strong> crediti e badge esclusivi</li><li><strong>Streaming:</strong> <a href="https://www.twitch.tv/">Twitch</a></li></ul>`,
  en: `<h2>The tournament</h2><p>${en}</p><ul><li><strong>Prizes:</strong> credits and exclusive badges</li><li><strong>Streaming:</strong> <a href="https://www.twitch.tv/">Twitch</a></li></ul>`,
});

/** English names where the Italian one is not already the name used in both languages. */
const englishNames: Record<string, string> = { 'EAFC25 Invitational (privato)': 'EAFC25 Invitational (private)' };

interface DemoTournament {
  key: string;
  name: string;
  game: Game;
  consoles: string[];
  max: number;
  teamSize: number | null;
  competition?: boolean;
  /** open registration starts this long before the tournament, check-in opens/closes this long before */
  start: number;
  duration?: number;
  status?: 0 | 1 | 2;
  /** private, with the demo password */
  password?: boolean;
  dateText?: boolean;
  /** how long before the start check-in opens (default an hour) */
  checkInFor?: number;
  about: [it: string, en: string];
}

/** A schedule around the start: registration a week before, check-in from 1 h to 15 min before. */
function scheduleAround(start: number, duration: number, checkInFor = HOUR) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    start_registration: iso(start - 7 * DAY),
    end_registration: iso(start - checkInFor),
    start_checkin: iso(start - checkInFor),
    end_checkin: iso(start - 15 * MINUTE),
    start_tournament: iso(start),
    end_tournament: iso(start + duration),
  };
}

/** The demo's banner and thumbnail of a game's tournaments: an SVG under public/demo/games. */
export const demoGamePicture = (game: Game) => `/demo/games/${game.toLowerCase()}.svg`;

/** A fixed date text as the spec's special tournaments show it, in both languages, Rome time. */
function dateTextOf(label: [string, string], start: number) {
  const fmt = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Rome', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(start);
  return { it: `${label[0]} · ${fmt('it-IT')}`, en: `${label[1]} · ${fmt('en-GB')}` };
}

/**
 * Demo content, written once into an empty database (SEED_DEMO): three accounts that can log in,
 * the championship with its four qualifiers, tournaments in every phase relative to now, and a
 * faction leaderboard. The passwords are printed on start; a real deployment sets SEED_DEMO=false.
 */
export async function seedDemo(app: FastifyInstance, now = new Date()): Promise<DemoAccount[]> {
  const db = app.db.kysely;
  const owner = app.config.ownerId;
  if ((await UserRepository.countByOwner(db, owner)) > (app.config.adminEmail ? 1 : 0)) return [];
  if ((await TournamentRepository.countByOwner(db, owner)) > 0) return [];
  const accounts = [
    { role: 'SiteAdmin', username: 'admin', email: 'admin@demo.arena', password: 'demo-admin-2026', roles: ['SiteAdmin'], language: 'it' as const },
    { role: 'player', username: 'giulia', email: 'giulia@demo.arena', password: 'demo-player-2026', roles: [], language: 'it' as const },
    { role: 'player', username: 'alex', email: 'alex@demo.arena', password: 'demo-player-2026', roles: [], language: 'en' as const },
  ];
  // argon2 is the slow part of seeding: one hash per distinct password, reused
  const [adminHash, playerHash, nobodyHash, privateHash] = await Promise.all([
    hashPassword('demo-admin-2026'),
    hashPassword('demo-player-2026'),
    hashPassword(randomBytes(32).toString('base64url')),
    hashPassword(demoPrivateTournamentPassword),
  ]);
  const created: DemoAccount[] = [];
  const ids: Record<string, string> = {};
  for (const a of accounts) {
    const result = await UserRepository.create(db, {
      owner,
      username: a.username,
      email: a.email,
      passwordHash: a.roles.length ? adminHash : playerHash,
      nickname: a.username,
      gender: 'nonbinary',
      birthDate: '2000-01-01',
      language: a.language,
      country: 'Italy',
      roles: a.roles,
    });
    if (result.ok) {
      created.push({ role: a.role, email: a.email, password: a.password });
      ids[a.username] = result.id;
    }
  }
  if (!ids.giulia || !ids.alex) return created;
  await UserRepository.update(db, owner, ids.giulia, {
    discordId: 'giulia#2026',
    epicId: 'GiuliaFN',
    gameAccounts: [
      { username: 'GiuliaFN', id: 'GiuliaFN', game: 'Fortnite', console: 'PC' },
      { username: 'giulia_fc', id: 'giulia-psn', game: 'EAFC25', console: 'PS5' },
    ],
  });
  await UserRepository.update(db, owner, ids.alex, {
    discordId: 'alex#0042',
    epicId: 'AlexPlays',
    gameAccounts: [
      { username: 'AlexPlays', id: 'AlexPlays', game: 'Fortnite', console: 'PS5' },
      { username: 'alexVAL', id: 'alexVAL#EUW', game: 'Valorant', console: 'PC' },
    ],
  });

  const players: { id: string; nickname: string; team: TeamName; score: number }[] = [];
  for (const [n, [username, nickname, team, score, language]] of leaderboardPlayers.entries()) {
    const result = await UserRepository.create(db, {
      owner,
      username,
      email: `${username.replace(/[^a-z0-9]/g, '')}@players.demo.arena`,
      passwordHash: nobodyHash,
      nickname,
      gender: 'nonbinary',
      // they play the championship, open from 16 (the FAQ): adults born 1990-2005
      birthDate: `${1990 + (n % 16)}-0${1 + (n % 9)}-1${n % 10}`,
      language,
      country: 'Italy',
    });
    if (result.ok) players.push({ id: result.id, nickname, team, score });
  }

  const nowIso = now.toISOString();
  const t0 = now.getTime();
  // tournaments days away start at 18:00 Italian time (17:00 UTC in winter), like real evening cups
  const evening = (days: number) => {
    const d = new Date(t0 + days * DAY);
    d.setUTCHours(17, 0, 0, 0);
    return d.getTime();
  };
  const competitionId = randomUUID();
  await CompetitionRepository.insert(db, {
    id: competitionId,
    owner,
    name: 'Bomber Championship 2025',
    name_en: 'Bomber Championship 2025',
    // the championship's card shows its game's picture too (public/demo/games)
    thumbnail: demoGamePicture('Fortnite'),
    game: 'Fortnite',
    url: `/${app.config.brandSlug}-bomber-championship`,
    // after the four qualifiers (the last is in 10 days): playoffs a week later, the live finals two weeks after
    playoffs_at: new Date(evening(17)).toISOString(),
    finals_at: new Date(evening(31)).toISOString(),
    finals_city: 'Milano',
    created_at: nowIso,
    updated_at: nowIso,
  });

  const demo: DemoTournament[] = [
    {
      key: 'q1',
      name: 'Bomber Championship · Qualifier 1',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX', 'SWITCH', 'MOBILE'],
      max: 100,
      teamSize: null,
      competition: true,
      start: evening(-14),
      dateText: true,
      about: ['Prima qualificazione del campionato: i migliori passano ai playoff.', 'First qualifier of the championship: the best go through to the playoffs.'],
    },
    {
      key: 'q2',
      name: 'Bomber Championship · Qualifier 2',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX', 'SWITCH', 'MOBILE'],
      max: 100,
      teamSize: null,
      competition: true,
      start: evening(-7),
      dateText: true,
      about: ['Seconda qualificazione: punteggi validi per la classifica delle fazioni.', 'Second qualifier: scores count for the faction leaderboard.'],
    },
    {
      key: 'q3',
      name: 'Bomber Championship · Qualifier 3',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX', 'SWITCH', 'MOBILE'],
      max: 100,
      teamSize: null,
      competition: true,
      start: evening(3),
      dateText: true,
      about: ['Terza qualificazione, iscrizioni aperte: scegli la tua fazione dopo l’iscrizione.', 'Third qualifier, registration open: pick your faction after joining.'],
    },
    {
      key: 'q4',
      name: 'Bomber Championship · Qualifier 4',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX', 'SWITCH', 'MOBILE'],
      max: 100,
      teamSize: null,
      competition: true,
      start: evening(10),
      dateText: true,
      about: ['Ultima qualificazione prima dei playoff.', 'Last qualifier before the playoffs.'],
    },
    {
      key: 'waiting',
      name: 'Warzone Night Ops',
      game: 'Warzone',
      consoles: ['PC', 'PS5', 'XBOX'],
      max: 60,
      teamSize: null,
      start: evening(9),
      about: ['Battle royale notturno: le iscrizioni aprono tra qualche giorno.', 'A night-time battle royale: registration opens in a few days.'],
    },
    {
      key: 'open-fortnite',
      name: 'Bomber Duo Cup',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX', 'SWITCH'],
      max: 50,
      teamSize: 2,
      competition: true,
      start: evening(2),
      about: ['Coppa a coppie aperta a tutti: iscriviti e scegli la tua fazione.', 'A duo cup open to everyone: join and pick your faction.'],
    },
    {
      key: 'open-valorant',
      name: 'Valorant Spike Rush 5v5',
      game: 'Valorant',
      consoles: ['PC'],
      max: 16,
      teamSize: 5,
      start: evening(4),
      about: ['Squadre da cinque, eliminazione diretta. I posti sono pieni: c’è la lista d’attesa.', 'Teams of five, single elimination. Slots are full: there is a waitlist.'],
    },
    {
      key: 'open-private',
      name: 'EAFC25 Invitational (privato)',
      game: 'EAFC25',
      consoles: ['PS5', 'XBOX'],
      max: 32,
      teamSize: null,
      start: evening(5),
      password: true,
      about: ['Torneo su invito: serve la password ricevuta dagli organizzatori.', 'Invitation only: you need the password from the organisers.'],
    },
    {
      key: 'checkin-open',
      name: 'Fortnite Zero Build Sprint',
      game: 'Fortnite',
      consoles: ['PC', 'PS5', 'XBOX'],
      max: 40,
      teamSize: null,
      competition: true,
      start: t0 + 4 * HOUR,
      checkInFor: 5 * HOUR,
      about: ['Il check-in è aperto: conferma la tua presenza prima dell’inizio.', 'Check-in is open: confirm you are here before the start.'],
    },
    {
      key: 'checkin-closed',
      name: 'League of Legends Clash Night',
      game: 'LEAGUE_OF_LEGENDS',
      consoles: ['PC'],
      max: 20,
      teamSize: 5,
      start: t0 + 10 * MINUTE,
      about: ['Check-in chiuso: si parte tra pochi minuti.', 'Check-in closed: starting in a few minutes.'],
    },
    {
      key: 'ongoing',
      name: 'Brawl Stars Showdown',
      game: 'BRAWL',
      consoles: ['MOBILE'],
      max: 30,
      teamSize: 2,
      start: t0 - HOUR,
      duration: 3 * HOUR,
      about: ['In corso ora: segui la diretta.', 'Live now: follow the stream.'],
    },
    {
      key: 'ended',
      name: 'PUBG Mobile Spring Cup',
      game: 'PUBG_MOBILE',
      consoles: ['MOBILE'],
      max: 64,
      teamSize: null,
      start: evening(-20),
      about: ['Concluso: grazie a tutti i partecipanti!', 'Finished: thanks to everyone who took part!'],
    },
    {
      key: 'rivals',
      name: 'Marvel Rivals Team Up',
      game: 'Rivals',
      consoles: ['PC', 'PS5', 'XBOX'],
      max: 24,
      teamSize: 2,
      start: evening(6),
      about: ['Coppa a coppie su Marvel Rivals.', 'A duo cup on Marvel Rivals.'],
    },
  ];

  // who is registered where, by tournament key (member_count is set from these lists)
  const everyone = players.map((p) => p.id);
  const registrations: Record<string, { members: string[]; confirmed: string[]; waitlist: string[] }> = {
    q1: { members: everyone, confirmed: everyone, waitlist: [] },
    q2: { members: everyone.slice(0, 20), confirmed: everyone.slice(0, 18), waitlist: [] },
    q3: { members: everyone.slice(0, 9), confirmed: [], waitlist: [] },
    'open-fortnite': { members: everyone.slice(4, 16), confirmed: [], waitlist: [] },
    'open-valorant': { members: everyone.slice(0, 16), confirmed: [], waitlist: everyone.slice(16, 19) },
    'open-private': { members: everyone.slice(10, 14), confirmed: [], waitlist: [] },
    'checkin-open': { members: [ids.giulia, ids.alex, ...everyone.slice(0, 6)], confirmed: [ids.alex, ...everyone.slice(0, 3)], waitlist: [] },
    'checkin-closed': { members: everyone.slice(8, 18), confirmed: everyone.slice(8, 16), waitlist: [] },
    ongoing: { members: everyone.slice(0, 12), confirmed: everyone.slice(0, 12), waitlist: [] },
    ended: { members: everyone.slice(2, 22), confirmed: everyone.slice(2, 22), waitlist: [] },
  };
  const nicknameOf = new Map<string, string>([[ids.giulia, 'GiuliaFN'], [ids.alex, 'AlexPlays'], ...players.map((p) => [p.id, p.nickname] as [string, string])]);

  const regRows: Insertable<TournamentRegistrationsTable>[] = [];
  for (const [i, d] of demo.entries()) {
    const id = randomUUID();
    const duration = d.duration ?? 3 * HOUR;
    const regs = registrations[d.key] ?? { members: [], confirmed: [], waitlist: [] };
    const dateText = d.dateText ? dateTextOf([`Qualifica ${d.key.slice(1)}`, `Qualifier ${d.key.slice(1)}`], d.start) : null;
    await TournamentRepository.insert(db, {
      id,
      owner,
      competition_id: d.competition ? competitionId : null,
      name: d.name,
      // a picture per game, committed under public/demo/games (nothing fetched from outside)
      banner: demoGamePicture(d.game),
      thumbnail: demoGamePicture(d.game),
      game: d.game,
      consoles: JSON.stringify(d.consoles),
      status_override: d.status ?? null,
      open: d.password ? 0 : 1,
      password_hash: d.password ? privateHash : null,
      max_participants: d.max,
      member_count: regs.members.length,
      ...scheduleAround(d.start, duration, d.checkInFor),
      check_in: (d.checkInFor ?? HOUR) / MINUTE,
      check_in_end: 15,
      description: sanitizeRichText(description(...d.about).it),
      rules: sanitizeRichText(rules.it),
      name_en: englishNames[d.name] ?? '',
      description_en: sanitizeRichText(description(...d.about).en),
      rules_en: sanitizeRichText(rules.en),
      team_size: d.teamSize,
      date_text_it: dateText?.it ?? '',
      date_text_en: dateText?.en ?? '',
      created_at: new Date(t0 - (demo.length - i) * MINUTE).toISOString(),
      updated_at: nowIso,
    });
    const joinedAt = (n: number) => new Date(Math.min(d.start - 2 * HOUR, t0) - (1000 - n) * MINUTE).toISOString();
    const account = (userId: string) => JSON.stringify({ username: nicknameOf.get(userId) ?? 'player', id: '', game: d.game, console: d.consoles[0] });
    regs.members.forEach((userId, n) =>
      regRows.push({
        tournament_id: id,
        user_id: userId,
        state: 'member',
        confirmed: regs.confirmed.includes(userId) ? 1 : 0,
        game_account: account(userId),
        created_at: joinedAt(n),
        updated_at: nowIso,
      }),
    );
    regs.waitlist.forEach((userId, n) =>
      regRows.push({
        tournament_id: id,
        user_id: userId,
        state: 'waitlist',
        confirmed: 0,
        game_account: account(userId),
        created_at: joinedAt(regs.members.length + n),
        updated_at: nowIso,
      }),
    );
  }
  await TournamentRepository.insertRegistrations(db, regRows);
  await CompetitionRepository.replacePlayers(
    db,
    competitionId,
    players.map((p) => ({ userId: p.id, team: p.team, playerName: p.nickname, score: p.score })),
    nowIso,
  );
  // badges, products, giveaway codes, starting credits and purchases (src/features/rewards/server/seed.ts)
  await seedRewards(app, { adminId: ids.admin, players: [ids.giulia, ids.alex] });
  await seedNews(app, now);
  // the /cortina campaign with approved screenshots in its two closed phases (src/features/campaign/server/seed.ts)
  await seedCampaign(
    app,
    {
      adminId: ids.admin,
      players: [
        { id: ids.giulia, name: 'GiuliaFN', email: 'giulia@demo.arena' },
        { id: ids.alex, name: 'AlexPlays', email: 'alex@demo.arena' },
        ...players.map((p) => ({ id: p.id, name: p.nickname, email: `${p.nickname.toLowerCase()}@players.demo.arena` })),
      ],
    },
    now,
  );
  return created;
}

/** Two published articles, in both languages, dated in the days before the seeding, and one draft. */
async function seedNews(app: FastifyInstance, now: Date) {
  const articles: { title: [string, string]; summary: [string, string]; body: [string, string]; daysAgo: number | null }[] = [
    {
      title: ['Il campionato Bomber entra nel vivo', 'The Bomber Championship heats up'],
      summary: ['Due qualificazioni giocate, la terza è aperta: ecco come scegliere la tua fazione.', 'Two qualifiers played, the third is open: here is how to pick your faction.'],
      body: [
        "<p>Le prime due qualificazioni hanno già dato punti alle fazioni <strong>Precision</strong> e <strong>Speed</strong>. La terza è aperta alle iscrizioni: dopo l'iscrizione scegli la tua fazione dalla pagina del torneo o del campionato.</p><p>I migliori accedono ai playoff online e poi alla finale dal vivo.</p>",
        '<p>The first two qualifiers have already given points to the <strong>Precision</strong> and <strong>Speed</strong> factions. The third is open for sign-up: once you have joined, pick your faction from the tournament page or the championship page.</p><p>The best go through to the online playoffs and then to the live final.</p>',
      ],
      daysAgo: 1,
    },
    {
      title: ['Badge e crediti: come funzionano', 'Badges and credits: how they work'],
      summary: ['Iscriviti, fai il check-in, completa il profilo: ogni traguardo vale un badge e crediti da spendere nello shop.', 'Sign up, check in, complete your profile: each milestone earns a badge and credits to spend in the shop.'],
      body: [
        '<p>Ogni badge si sblocca da solo quando raggiungi il traguardo: la registrazione, il primo torneo, il check-in, la scelta della fazione, il profilo completo, il primo acquisto.</p><p>I crediti finiscono nel tuo portafoglio e si spendono nel marketplace.</p>',
        '<p>Each badge unlocks by itself when you reach the milestone: signing up, your first tournament, checking in, picking a faction, completing your profile, your first purchase.</p><p>The credits go to your wallet and can be spent in the marketplace.</p>',
      ],
      daysAgo: 4,
    },
    {
      title: ['Calendario della finale (bozza)', 'Finals schedule (draft)'],
      summary: ['Bozza non pubblicata: visibile solo nel cruscotto.', 'Unpublished draft: visible only in the dashboard.'],
      body: ['<p>Da completare.</p>', '<p>To be completed.</p>'],
      daysAgo: null,
    },
  ];
  for (const a of articles) {
    await NewsRepository.insert(app.db.kysely, app.config.ownerId, {
      title_it: a.title[0],
      title_en: a.title[1],
      summary_it: a.summary[0],
      summary_en: a.summary[1],
      body_it: sanitizeRichText(a.body[0]),
      body_en: sanitizeRichText(a.body[1]),
      image: '',
      published: a.daysAgo === null ? 0 : 1,
      published_at: a.daysAgo === null ? null : new Date(now.getTime() - a.daysAgo * DAY).toISOString(),
    });
  }
}
