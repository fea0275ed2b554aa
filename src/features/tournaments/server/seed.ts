import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../../platform/context.ts';
import type { Insertable } from 'kysely';
import type { TournamentRegistrationsTable } from '../../../platform/db/schema.ts';
import type { Game } from '../../games/contract.ts';
import type { TeamName, TournamentFormat } from '../contract.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { championshipDefaults } from '../championship.ts';
import * as CompetitionRepository from './competition-repository.ts';
import * as TournamentRepository from './repository.ts';
import * as TeamRepository from './team-repository.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../platform/i18n/date-time.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';

/** The password of the seeded private EAFC25 tournament, printed on start beside the demo accounts. */
export const demoPrivateTournamentPassword = 'arena2026';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each leaderboard player's faction and score, by username (the accounts' seed creates them). */
const factions: Record<string, [team: TeamName, score: number]> = {
  shadowfox: ['precision', 2480],
  lunabyte: ['speed', 2395],
  kappa_rex: ['precision', 2210],
  'nova.strike': ['speed', 2150],
  pixelmarta: ['precision', 1990],
  ghostrunner: ['speed', 1985],
  zeta_aim: ['precision', 1820],
  blitzkid: ['speed', 1760],
  mirko99: ['precision', 1655],
  saetta: ['speed', 1655],
  vortexia: ['precision', 1510],
  turbotony: ['speed', 1480],
  hawkeye_it: ['precision', 1320],
  rapidrosa: ['speed', 1275],
  crosshair: ['precision', 1100],
  flashgio: ['speed', 1040],
  steadyhand: ['precision', 980],
  nitrolia: ['speed', 905],
  'deadeye.ale': ['precision', 760],
  zoomzoom: ['speed', 640],
  ironsight: ['precision', 515],
  ventoveloce: ['speed', 430],
  calmcarla: ['precision', 300],
  sprintsam: ['speed', 0],
};

/** A player of the demo: the accounts' seed says who, this seed where they play. */
export interface SeedPlayer {
  id: string;
  username: string;
  /** the name shown on registrations and the leaderboard */
  name: string;
}

// each text in its own language: the English page shows the English one
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
  it:
    `<h2>Il torneo</h2><p>${it}</p><ul><li><strong>Premi:</strong> crediti e badge esclusivi</li>` +
    `<li><strong>Streaming:</strong> <a href="https://www.twitch.tv/">Twitch</a></li></ul>`,
  en:
    `<h2>The tournament</h2><p>${en}</p><ul><li><strong>Prizes:</strong> credits and exclusive badges</li>` +
    `<li><strong>Streaming:</strong> <a href="https://www.twitch.tv/">Twitch</a></li></ul>`,
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
  /** how it is played; unset: the game decides */
  format?: TournamentFormat;
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

/** One of the championship's four Fortnite qualifiers, open to every platform. */
const qualifier = (n: number, start: number, about: DemoTournament['about']): DemoTournament => ({
  key: `q${n}`,
  name: `Bomber Championship · Qualifier ${n}`,
  game: 'Fortnite',
  consoles: ['PC', 'PS5', 'XBOX', 'SWITCH', 'MOBILE'],
  max: 100,
  teamSize: null,
  competition: true,
  start,
  dateText: true,
  about,
});

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

/**
 * A fixed date text as the special tournaments show it instead of the start date, in both languages: the site's
 * own date style at the site's clock, as the start date itself would read.
 */
function dateTextOf(label: [string, string], start: number) {
  const at = (locale: Locale) =>
    formatDateTime(new Date(start).toISOString(), locale, { timeZone: SITE_TIME_ZONE, zoneName: true });
  return { it: `${label[0]} · ${at('it')}`, en: `${label[1]} · ${at('en')}` };
}

/** True while this brand has no tournament: the demo is only seeded then. */
export async function hasNoTournaments(ctx: ServiceContext): Promise<boolean> {
  return (await TournamentRepository.countByOwner(ctx.db.kysely, ctx.config.ownerId)) === 0;
}

/**
 * Teams their captains registered for a duo tournament, as the team registration stores them: the
 * captain first, each other member invited and, for a whole team, accepted (which takes the team's
 * slot and registers its members); a team not whole still waits for its member's answer.
 */
async function seedTeams(
  ctx: ServiceContext,
  tournamentId: string,
  teams: { name: string; members: SeedPlayer[]; whole: boolean }[],
  t0: number,
): Promise<void> {
  const db = ctx.db.kysely;
  for (const [i, team] of teams.entries()) {
    const at = new Date(t0 - (teams.length - i) * HOUR).toISOString();
    const account = (p: SeedPlayer) => JSON.stringify({ username: p.name, id: '', game: 'Rivals', console: 'PC' });
    const teamId = randomUUID();
    await TeamRepository.createTeam(db, {
      id: teamId,
      tournamentId,
      name: team.name,
      captainId: team.members[0]!.id,
      members: team.members.map((p, n) => ({
        userId: p.id,
        state: n === 0 ? 'accepted' : 'invited',
        gameAccount: account(p),
      })),
      now: at,
    });
    if (!team.whole) continue;
    for (const p of team.members.slice(1))
      await TeamRepository.accept(db, { tournamentId, teamId, userId: p.id, teamSize: team.members.length, now: at });
  }
}

/** The seeded tournaments the later domain seeds build on: their ids and starts, by the demo's key. */
export type SeededTournaments = Record<string, { id: string; start: string }>;

/**
 * The tournaments part of the demo: the championship with its four qualifiers, tournaments in
 * every phase relative to now with their registrations, and the faction leaderboard. Written
 * through the repositories rather than the admin services: those audit an admin's act and stamp
 * it now, while the demo is a history (rows dated in the past, scores no call sets).
 */
export async function seedTournaments(
  ctx: ServiceContext,
  people: { giulia: SeedPlayer; alex: SeedPlayer; players: SeedPlayer[] },
  now: Date,
): Promise<SeededTournaments> {
  const db = ctx.db.kysely;
  const owner = ctx.config.ownerId;
  const privateHash = await hashPassword(demoPrivateTournamentPassword);
  const ids = { giulia: people.giulia.id, alex: people.alex.id };
  const players = people.players.map((p) => {
    const [team, score] = factions[p.username]!;
    return { id: p.id, nickname: p.name, team, score };
  });
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
    // the published name (no year in it: the pages say the year of the finals below)
    name: championshipDefaults.name,
    name_en: championshipDefaults.name,
    // the championship's card shows its game's picture too (public/demo/games)
    thumbnail: demoGamePicture('Fortnite'),
    game: championshipDefaults.game,
    url: `/${ctx.config.brandSlug}-bomber-championship`,
    // after the four qualifiers (the last is in 10 days): playoffs a week later, the live finals two weeks after
    playoffs_at: new Date(evening(17)).toISOString(),
    finals_at: new Date(evening(31)).toISOString(),
    finals_city: championshipDefaults.finalsCity.it,
    finals_city_en: championshipDefaults.finalsCity.en,
    created_at: nowIso,
    updated_at: nowIso,
  });

  const demo: DemoTournament[] = [
    qualifier(1, evening(-14), [
      'Prima qualificazione del campionato: i migliori passano ai playoff.',
      'First qualifier of the championship: the best go through to the playoffs.',
    ]),
    qualifier(2, evening(-7), [
      'Seconda qualificazione: punteggi validi per la classifica delle fazioni.',
      'Second qualifier: scores count for the faction leaderboard.',
    ]),
    qualifier(3, evening(3), [
      'Terza qualificazione, iscrizioni aperte: scegli la tua fazione dopo l’iscrizione.',
      'Third qualifier, registration open: pick your faction after joining.',
    ]),
    qualifier(4, evening(10), ['Ultima qualificazione prima dei playoff.', 'Last qualifier before the playoffs.']),
    {
      key: 'waiting',
      name: 'Warzone Night Ops',
      game: 'Warzone',
      consoles: ['PC', 'PS5', 'XBOX'],
      max: 60,
      teamSize: null,
      start: evening(9),
      about: [
        'Battle royale notturno: le iscrizioni aprono tra qualche giorno.',
        'A night-time battle royale: registration opens in a few days.',
      ],
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
      about: [
        'Coppa a coppie aperta a tutti: iscriviti e scegli la tua fazione.',
        'A duo cup open to everyone: join and pick your faction.',
      ],
    },
    {
      key: 'open-valorant',
      name: 'Valorant Spike Rush 5v5',
      game: 'Valorant',
      consoles: ['PC'],
      max: 16,
      teamSize: 5,
      start: evening(4),
      about: [
        'Squadre da cinque, eliminazione diretta. I posti sono pieni: c’è la lista d’attesa.',
        'Teams of five, single elimination. Slots are full: there is a waitlist.',
      ],
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
      about: [
        'Torneo su invito: serve la password ricevuta dagli organizzatori.',
        'Invitation only: you need the password from the organisers.',
      ],
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
      about: [
        'Il check-in è aperto: conferma la tua presenza prima dell’inizio.',
        'Check-in is open: confirm you are here before the start.',
      ],
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
      key: 'knockout',
      name: 'EAFC24 Winter Knockout',
      game: 'EAFC24',
      consoles: ['PS5', 'XBOX'],
      max: 8,
      teamSize: null,
      start: evening(-12),
      about: [
        'Eliminazione diretta uno contro uno: il tabellone è completo, ecco il campione.',
        'One-against-one single elimination: the bracket is complete, meet the champion.',
      ],
    },
    {
      key: 'double',
      name: 'EAFC25 Double Trouble',
      game: 'EAFC25',
      consoles: ['PS5', 'XBOX'],
      max: 8,
      teamSize: null,
      format: 'double_elimination',
      start: evening(-5),
      about: [
        'Doppia eliminazione: chi perde una volta scende nel tabellone perdenti e può ancora vincere tutto.',
        'Double elimination: one loss sends you to the losers’ bracket, where you can still win it all.',
      ],
    },
    {
      key: 'swiss',
      name: 'EAFC24 Swiss Series',
      game: 'EAFC24',
      consoles: ['PS5', 'XBOX'],
      max: 8,
      teamSize: null,
      format: 'swiss',
      start: evening(-9),
      about: [
        'Sistema svizzero in tre turni: a ogni turno sfidi chi ha i tuoi stessi punti.',
        'Three Swiss rounds: each round you face a player on your points.',
      ],
    },
    {
      key: 'lobbies',
      name: 'Warzone Lobby Clash',
      game: 'Warzone',
      consoles: ['PC', 'PS5', 'XBOX'],
      max: 24,
      teamSize: null,
      start: evening(-3),
      about: [
        'Battle royale in due lobby: una sola classifica somma le partite di entrambe.',
        'A battle royale in two lobbies: one standings table adds up the matches of both.',
      ],
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
  const withDemo = (others: string[]) => [ids.giulia, ids.alex, ...others];
  const registrations: Record<string, { members: string[]; confirmed: string[]; waitlist: string[] }> = {
    q1: { members: everyone, confirmed: everyone, waitlist: [] },
    q2: { members: everyone.slice(0, 20), confirmed: everyone.slice(0, 18), waitlist: [] },
    q3: { members: everyone.slice(0, 9), confirmed: [], waitlist: [] },
    'open-fortnite': { members: everyone.slice(4, 16), confirmed: [], waitlist: [] },
    'open-valorant': { members: everyone.slice(0, 16), confirmed: [], waitlist: everyone.slice(16, 19) },
    'open-private': { members: everyone.slice(10, 14), confirmed: [], waitlist: [] },
    'checkin-open': {
      members: [ids.giulia, ids.alex, ...everyone.slice(0, 6)],
      confirmed: [ids.alex, ...everyone.slice(0, 3)],
      waitlist: [],
    },
    'checkin-closed': { members: everyone.slice(8, 18), confirmed: everyone.slice(8, 16), waitlist: [] },
    ongoing: { members: everyone.slice(0, 12), confirmed: everyone.slice(0, 12), waitlist: [] },
    ended: { members: everyone.slice(2, 22), confirmed: everyone.slice(2, 22), waitlist: [] },
    knockout: { members: everyone.slice(12, 20), confirmed: everyone.slice(12, 20), waitlist: [] },
    // giulia and alex play the newer formats, so their player pages have a history
    double: { members: withDemo(everyone.slice(0, 6)), confirmed: withDemo(everyone.slice(0, 6)), waitlist: [] },
    swiss: { members: withDemo(everyone.slice(6, 12)), confirmed: withDemo(everyone.slice(6, 12)), waitlist: [] },
    lobbies: { members: withDemo(everyone.slice(4, 20)), confirmed: withDemo(everyone.slice(4, 20)), waitlist: [] },
  };
  const nicknameOf = new Map<string, string>(
    [people.giulia, people.alex, ...people.players].map((p) => [p.id, p.name]),
  );

  const regRows: Insertable<TournamentRegistrationsTable>[] = [];
  const seeded: SeededTournaments = {};
  for (const [i, d] of demo.entries()) {
    const id = randomUUID();
    seeded[d.key] = { id, start: new Date(d.start).toISOString() };
    const duration = d.duration ?? 3 * HOUR;
    const regs = registrations[d.key] ?? { members: [], confirmed: [], waitlist: [] };
    const dateText = d.dateText
      ? dateTextOf([`Qualifica ${d.key.slice(1)}`, `Qualifier ${d.key.slice(1)}`], d.start)
      : null;
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
      format: d.format ?? null,
      date_text_it: dateText?.it ?? '',
      date_text_en: dateText?.en ?? '',
      created_at: new Date(t0 - (demo.length - i) * MINUTE).toISOString(),
      updated_at: nowIso,
    });
    const joinedAt = (n: number) => new Date(Math.min(d.start - 2 * HOUR, t0) - (1000 - n) * MINUTE).toISOString();
    const account = (userId: string) =>
      JSON.stringify({ username: nicknameOf.get(userId) ?? 'player', id: '', game: d.game, console: d.consoles[0] });
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
  await seedTeams(
    ctx,
    seeded.rivals!.id,
    [
      { name: 'Duo Tempesta', members: [people.giulia, people.alex], whole: true },
      { name: 'Night Owls', members: people.players.slice(0, 2), whole: true },
      { name: 'Pixel Pair', members: people.players.slice(2, 4), whole: false },
    ],
    t0,
  );
  await CompetitionRepository.replacePlayers(
    db,
    competitionId,
    players.map((p) => ({ userId: p.id, team: p.team, playerName: p.nickname, adjustment: p.score })),
    nowIso,
  );
  return seeded;
}
