import path from 'node:path';
import { openDatabase } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { releaseMigrations } from '../../migrations/index.ts';
import { buildApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/platform/http/config.ts';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import * as SessionRepository from '../../src/features/accounts/server/session-repository.ts';
import * as UserRepository from '../../src/features/accounts/server/user-repository.ts';
import * as TournamentRepository from '../../src/features/tournaments/server/repository.ts';

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
// one precomputed argon2id string: the benchmark's players never log in with a password
const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA';

/**
 * A migrated database and an app on it, with `account(i, roles)`: a player (`{prefix}_{i}`) written
 * through the repository with a session, so no argon2 is spent on what is not measured.
 */
async function benchApp(databaseUrl: string, dataDir: string, prefix: string) {
  const db = await openDatabase(databaseUrl);
  await migrateToLatest(db, { migrations: releaseMigrations });
  const config = loadConfig({}, { dataDir, databaseUrl, distDir: path.join(dataDir, 'no-dist'), rateLimits: false });
  const app = await buildApp({
    config,
    db,
    mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'bench@arena.test', log: () => {} }),
  });
  await app.ready();
  const account = async (i: number, roles: string[] = []) => {
    const username = `${prefix}_${i}`;
    const created = await UserRepository.create(db.kysely, {
      owner: config.ownerId,
      username,
      email: `${username}@bench.test`,
      passwordHash: fakeHash,
      nickname: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${i}`,
      gender: 'male',
      birthDate: null,
      language: 'it',
      country: 'Italy',
      roles,
    });
    if (!created.ok) throw new Error(`bench account ${i} not created`);
    return { id: created.id, token: await SessionRepository.create(db.kysely, created.id, 24) };
  };
  return { db, config, app, account };
}

export interface BenchData {
  /** 20 tournaments in all; the first is the check-in rush's, with every player a member */
  tournamentIds: string[];
  rushTournamentId: string;
  players: { id: string; token: string }[];
  productCount: number;
}

/**
 * A migrated database with what the benchmarks read: 20 tournaments (rich descriptions, like the admin writes them), 12
 * products, and `players` accounts with a session each, registered in the first tournament, whose check-in window is
 * open ('rush'), or shared out over all 20 ('spread'). Written through the app (admin API) and the repositories
 * directly where the API would spend seconds in argon2 for nothing measured.
 */
export async function seedBenchData(
  databaseUrl: string,
  dataDir: string,
  players: number,
  mode: 'rush' | 'spread' = 'rush',
): Promise<BenchData> {
  const { db, app, account } = await benchApp(databaseUrl, dataDir, 'bench');
  try {
    const k = db.kysely;
    const admin = await account(0, ['SiteAdmin']);
    const call = async (method: 'POST', url: string, body: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: body as object,
      });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };

    const description =
      '<p>Torneo <strong>Fortnite</strong> a squadre: tre partite, punti per posizione e ' +
      'per eliminazione.</p><ul><li>Premi in crediti</li><li>Diretta su Twitch</li></ul>';
    const tournamentIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const rush = i === 0;
      const schedule = rush
        ? {
            start_registration: at(-120),
            start_checkin: at(-30),
            end_checkin: at(30),
            start_tournament: at(60),
            end_tournament: at(180),
          }
        : {
            start_registration: at(-60 + i * 30),
            start_checkin: at(60 + i * 30),
            end_checkin: at(90 + i * 30),
            start_tournament: at(120 + i * 30),
            end_tournament: at(240 + i * 30),
          };
      const t = await call('POST', '/api/tournaments', {
        name: rush ? 'Bench Check-in Rush' : `Bench Cup ${i}`,
        game: 'Fortnite',
        console: ['PC', 'PS5'],
        maxPartecipants: rush ? Math.max(players, 100) : 100,
        description,
        rules: '<p>Regolamento standard.</p>',
        ...schedule,
      });
      tournamentIds.push(t.id);
    }
    for (let i = 0; i < 12; i++)
      await call('POST', '/api/marketplace/products', {
        name: `Felpa ${i}`,
        price: 100 + i * 10,
        quantity: 50,
        image: '/media/Nexus/0123456789abcdef0123456789abcdef.png',
        description: 'Felpa ufficiale del torneo',
      });

    const list: { id: string; token: string }[] = [];
    for (let i = 1; i <= players; i++) list.push(await account(i));
    const now = new Date().toISOString();
    const gameAccount = JSON.stringify({ username: 'ninja', id: 'epic-ninja', game: 'Fortnite', console: 'PC' });
    // 'rush': every player is a member of the first tournament; 'spread': the players are shared
    // out over the 20 tournaments, a list page as visitors see it
    const tournamentOf = (i: number) => (mode === 'rush' ? tournamentIds[0] : tournamentIds[i % tournamentIds.length]);
    await TournamentRepository.insertRegistrations(
      k,
      list.map((p, i) => ({
        tournament_id: tournamentOf(i),
        user_id: p.id,
        state: 'member',
        confirmed: 0,
        game_account: gameAccount,
        created_at: now,
        updated_at: now,
      })),
    );
    // insertRegistrations leaves the counters to its caller (see there)
    for (const id of tournamentIds) {
      const members = list.filter((_, i) => tournamentOf(i) === id).length;
      await k.updateTable('tournaments').set({ member_count: members }).where('id', '=', id).execute();
    }
    return { tournamentIds, rushTournamentId: tournamentIds[0], players: list, productCount: 12 };
  } finally {
    await app.close();
    await db.close();
  }
}

export interface MatchDayBenchData {
  tournamentId: string;
  adminToken: string;
  /** the entrant ids of match 1's lines, in placement order (an edit swaps two of them) */
  entrantIds: string[];
}

/**
 * A battle-royale tournament on match day for the standings benchmark: `players` checked-in
 * players (solo entrants) and `matches` matches in which every one of them has a line, entered
 * through the admin API as an admin would.
 */
export async function seedMatchDay(
  databaseUrl: string,
  dataDir: string,
  players = 100,
  matches = 6,
): Promise<MatchDayBenchData> {
  const { db, app, account } = await benchApp(databaseUrl, dataDir, 'md');
  try {
    const k = db.kysely;
    const admin = await account(0, ['SiteAdmin']);
    const call = async (url: string, body: unknown) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: body as object,
      });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    const t = await call('/api/tournaments', {
      name: 'Bench Match Day',
      game: 'Fortnite',
      console: ['PC'],
      maxPartecipants: players,
      start_registration: at(-300),
      start_checkin: at(-200),
      end_checkin: at(-150),
      start_tournament: at(-60),
      end_tournament: at(120),
    });
    const list: { id: string }[] = [];
    for (let i = 1; i <= players; i++) list.push(await account(i));
    const now = new Date().toISOString();
    const gameAccount = JSON.stringify({ username: 'ninja', id: 'epic-ninja', game: 'Fortnite', console: 'PC' });
    await TournamentRepository.insertRegistrations(
      k,
      list.map((p) => ({
        tournament_id: t.id,
        user_id: p.id,
        state: 'member',
        confirmed: 1,
        game_account: gameAccount,
        created_at: now,
        updated_at: now,
      })),
    );
    await k.updateTable('tournaments').set({ member_count: players }).where('id', '=', t.id).execute();
    let first: string[] = [];
    for (let m = 0; m < matches; m++) {
      // a different finishing order each match: rotate and reverse
      const order = list.map((_, i) => list[(i * 7 + m * 13) % players]!.id);
      if (m % 2) order.reverse();
      const lines = [...new Set(order)].map((entrantId, i) => ({
        entrantId,
        placement: i + 1,
        eliminations: (i * 3 + m) % 11,
      }));
      if (m === 0) first = lines.map((l) => l.entrantId);
      await call(`/api/tournaments/${t.id}/matches`, { lines });
    }
    return { tournamentId: t.id, adminToken: admin.token, entrantIds: first };
  } finally {
    await app.close();
    await db.close();
  }
}
