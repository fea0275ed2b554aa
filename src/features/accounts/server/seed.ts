import { randomBytes } from 'node:crypto';
import type { Language } from '../contract.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import * as UserRepository from './user-repository.ts';
import type { ServiceContext } from '../../../platform/context.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** A player of the demo as the other domains' seeds see it. */
export interface DemoPlayer {
  id: string;
  username: string;
  /** the name they play under (giulia and alex: their Fortnite account) */
  name: string;
}

export interface DemoPeople {
  /** the accounts that can log in, printed on start */
  created: DemoAccount[];
  adminId?: string;
  /** the two players who log in; absent when they could not be created (then nothing else is seeded) */
  giulia?: DemoPlayer;
  alex?: DemoPlayer;
  /** the faction leaderboard's players, in the order of `leaderboardPlayers` */
  players: DemoPlayer[];
}

const demoAccounts = [
  {
    role: 'SiteAdmin',
    username: 'admin',
    email: 'admin@demo.arena',
    password: 'demo-admin-2026',
    roles: ['SiteAdmin'],
    language: 'it' as const,
  },
  {
    role: 'player',
    username: 'giulia',
    email: 'giulia@demo.arena',
    password: 'demo-player-2026',
    roles: [],
    language: 'it' as const,
  },
  {
    role: 'player',
    username: 'alex',
    email: 'alex@demo.arena',
    password: 'demo-player-2026',
    roles: [],
    language: 'en' as const,
  },
];

/**
 * Players of the faction leaderboard (their factions and scores are in the tournaments' seed);
 * they never log in (their password hash is of a random secret).
 */
const leaderboardPlayers: [username: string, nickname: string, language: Language][] = [
  ['shadowfox', 'ShadowFox', 'it'],
  ['lunabyte', 'LunaByte', 'it'],
  ['kappa_rex', 'KappaRex', 'it'],
  ['nova.strike', 'NovaStrike', 'en'],
  ['pixelmarta', 'PixelMarta', 'it'],
  ['ghostrunner', 'GhostRunner', 'en'],
  ['zeta_aim', 'ZetaAim', 'it'],
  ['blitzkid', 'BlitzKid', 'it'],
  ['mirko99', 'Mirko99', 'it'],
  ['saetta', 'Saetta', 'it'],
  ['vortexia', 'Vortexia', 'en'],
  ['turbotony', 'TurboTony', 'it'],
  ['hawkeye_it', 'HawkEye', 'it'],
  ['rapidrosa', 'RapidRosa', 'it'],
  ['crosshair', 'Crosshair', 'en'],
  ['flashgio', 'FlashGio', 'it'],
  ['steadyhand', 'SteadyHand', 'en'],
  ['nitrolia', 'NitroLia', 'it'],
  ['deadeye.ale', 'DeadeyeAle', 'it'],
  ['zoomzoom', 'ZoomZoom', 'en'],
  ['ironsight', 'IronSight', 'it'],
  ['ventoveloce', 'VentoVeloce', 'it'],
  ['calmcarla', 'CalmCarla', 'it'],
  ['sprintsam', 'SprintSam', 'en'],
];

/** True while this brand has no account but the ADMIN_EMAIL one: the demo is only seeded then. */
export async function hasNoAccounts(ctx: ServiceContext): Promise<boolean> {
  return (await UserRepository.countByOwner(ctx.db.kysely, ctx.config.ownerId)) <= (ctx.config.adminEmail ? 1 : 0);
}

/**
 * The accounts part of the demo: three accounts that can log in (an admin and two players with
 * game accounts) and the leaderboard's players. Written through the repository rather than
 * signup: signup hashes every password (argon2 is the slow part of seeding, so one hash per
 * distinct password is reused here) and cannot give a role.
 */
export async function seedAccounts(ctx: ServiceContext): Promise<DemoPeople> {
  const db = ctx.db.kysely;
  const owner = ctx.config.ownerId;
  const [adminHash, playerHash, nobodyHash] = await Promise.all([
    hashPassword('demo-admin-2026'),
    hashPassword('demo-player-2026'),
    hashPassword(randomBytes(32).toString('base64url')),
  ]);
  const created: DemoAccount[] = [];
  const ids: Record<string, string> = {};
  for (const a of demoAccounts) {
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
  if (!ids.giulia || !ids.alex) return { created, adminId: ids.admin, players: [] };
  // giulia's profile is complete: her address (where her demo order ships, the rewards' seed) and both game ids
  await UserRepository.update(db, owner, ids.giulia, {
    first_name: 'Giulia',
    last_name: 'Rossi',
    street_name: 'Via Roma 1',
    zip_code: '20121',
    city: 'Milano',
    country: 'Italy',
    phone_number: '+39 333 123 4567',
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

  const players: DemoPlayer[] = [];
  for (const [n, [username, nickname, language]] of leaderboardPlayers.entries()) {
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
    if (result.ok) players.push({ id: result.id, username, name: nickname });
  }
  return {
    created,
    adminId: ids.admin,
    giulia: { id: ids.giulia, username: 'giulia', name: 'GiuliaFN' },
    alex: { id: ids.alex, username: 'alex', name: 'AlexPlays' },
    players,
  };
}
