import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Phase } from '../../../src/features/tournaments/rules.ts';
import type { TournamentInput } from '../../../src/features/tournaments/contract.ts';
import * as SessionRepository from '../../../src/features/accounts/server/session-repository.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

/** A schedule (minutes from now) that puts a tournament with status "follow the schedule" in each phase. */
export function scheduleFor(phase: Phase) {
  const offsets: Record<Phase, [number, number, number, number, number]> = {
    waiting: [60, 120, 150, 180, 300],
    registration: [-60, 60, 90, 120, 240],
    // registration closed by end_registration (30 minutes ago), check-in not open yet
    registrationClosed: [-120, 60, 90, 120, 240],
    checkinOpen: [-120, -30, 30, 60, 180],
    checkinClosed: [-180, -90, -30, 30, 150],
    ongoing: [-300, -200, -150, -30, 90],
    complete: [-600, -500, -450, -300, -60],
  };
  const [sr, sc, ec, st, et] = offsets[phase];
  return {
    start_registration: at(sr),
    end_registration: phase === 'registrationClosed' ? at(-30) : null,
    start_checkin: at(sc),
    end_checkin: at(ec),
    start_tournament: at(st),
    end_tournament: at(et),
  };
}

export interface Person {
  id: string;
  token: string;
  email: string;
  username: string;
}

let seq = 0;
const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA';

export interface QuickPlayerOptions {
  language?: 'it' | 'en';
  admin?: boolean;
  /** an adult's by default, so championship tournaments (16 or older) take them */
  birthDate?: string | null;
}

/**
 * Players straight into the database with a session each: 200 signups through the API would spend
 * seconds in argon2 for nothing these tests look at.
 */
export async function quickPlayers(t: TestApp, n: number, opts: QuickPlayerOptions = {}): Promise<Person[]> {
  const db = t.db.kysely;
  const out: Person[] = [];
  for (let i = 0; i < n; i++) {
    const tag = `${(seq++).toString(36)}${randomBytes(3).toString('hex')}`;
    const username = `p_${tag}`;
    const email = `${username}@example.com`;
    const created = await UserRepository.create(db, {
      owner: t.config.ownerId,
      username,
      email,
      passwordHash: fakeHash,
      nickname: `Nick_${tag}`,
      gender: 'female',
      birthDate: opts.birthDate === undefined ? '2000-05-17' : opts.birthDate,
      language: opts.language ?? 'it',
      country: 'Italy',
      roles: opts.admin ? ['SiteAdmin'] : [],
    });
    if (!created.ok) throw new Error('quickPlayers: user not created');
    out.push({ id: created.id, token: await SessionRepository.create(db, created.id, 24), email, username });
  }
  return out;
}

export const quickPlayer = async (t: TestApp, opts: QuickPlayerOptions = {}) => (await quickPlayers(t, 1, opts))[0];

/**
 * A test file's app on a database of its own (rate limits off) and an admin of it, made before the file's tests and
 * closed after them: the tests read `t` and `admin` from what this returns once they run.
 */
export function appWithAdmin(): { t: TestApp; admin: Person } {
  const made = {} as { t: TestApp; admin: Person };
  beforeAll(async () => {
    made.t = await createTestApp({ rateLimits: false });
    made.admin = (await quickPlayer(made.t, { admin: true }))!;
  });
  afterAll(() => made.t?.close());
  return made;
}

/** A valid create body in the given phase; fields can be overridden. */
export function tournamentBody(
  phase: Phase = 'registration',
  overrides: Partial<TournamentInput> = {},
): TournamentInput {
  return {
    name: `Cup ${(seq++).toString(36)}`,
    game: 'Fortnite',
    console: ['PC', 'PS5'],
    maxPartecipants: 10,
    ...scheduleFor(phase),
    ...overrides,
  };
}

/** Creates a tournament through the admin API and returns its id. */
export async function createTournament(
  t: TestApp,
  adminToken: string,
  phase: Phase = 'registration',
  overrides: Partial<TournamentInput> = {},
): Promise<string> {
  const res = await t.call('POST', '/api/tournaments', { token: adminToken, body: tournamentBody(phase, overrides) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

/** Moves a tournament to another phase through the admin API (its schedule only). */
export async function setPhase(t: TestApp, adminToken: string, id: string, phase: Phase) {
  const res = await t.call('PUT', `/api/tournaments/${id}`, { token: adminToken, body: scheduleFor(phase) });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** The registration/check-in body (`gameAccounts`, optional `password`) for one player. */
export function registration(
  userId: string,
  account: Partial<{ username: string; id: string; game: string; console: string }> = {},
  password?: string,
) {
  return {
    gameAccounts: [
      { userId, gameAccount: { username: 'ninja', id: 'epic-ninja', game: 'Fortnite', console: 'PC', ...account } },
    ],
    ...(password !== undefined ? { password } : {}),
  };
}

/** A game account named after `tag`, so each member of a team shows its own. */
export const gameAccount = (tag: string) => ({ username: tag, id: `epic-${tag}`, game: 'Fortnite', console: 'PC' });

/** The body a captain registers a team with: its name and each member, by id or (invited) by username. */
export const teamBody = (name: string, members: { userId: string; username?: string }[]) => ({
  teamName: name,
  gameAccounts: members.map((m, i) => ({ ...m, gameAccount: gameAccount(`m${i}`) })),
});

/**
 * A tournament (a registration-phase body with `overrides`, 64 seats) whose `n` new players joined and checked in,
 * in that order, each with an account of its game: the order a bracket seeded by check-in takes.
 */
export async function checkedInField(t: TestApp, adminToken: string, n: number, overrides: Partial<TournamentInput>) {
  const game = overrides.game ?? 'Fortnite';
  const id = await createTournament(t, adminToken, 'registration', { maxPartecipants: 64, ...overrides });
  const people = await quickPlayers(t, n);
  for (const p of people) expect((await join(t, id, p, registration(p.id, { game }))).status).toBe(200);
  await setPhase(t, adminToken, id, 'checkinOpen');
  for (const p of people) expect((await checkIn(t, id, p, registration(p.id, { game }))).status).toBe(200);
  return { id, people };
}

export const join = (t: TestApp, id: string, p: Person, body: unknown = registration(p.id)) =>
  t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, { token: p.token, body });
export const leave = (t: TestApp, id: string, p: Person) =>
  t.call('PUT', `/api/tournaments/${id}/register?userID=${p.id}`, { token: p.token });
export const checkIn = (t: TestApp, id: string, p: Person, body: unknown = registration(p.id)) =>
  t.call('POST', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, { token: p.token, body });
export const checkOut = (t: TestApp, id: string, p: Person) =>
  t.call('PUT', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, { token: p.token });

/** The stored row, for checks the API does not show (member_count, the stored game account). */
export const tournamentRow = (t: TestApp, id: string) =>
  t.db.kysely.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const registrationRows = (t: TestApp, id: string) =>
  t.db.kysely
    .selectFrom('tournament_registrations')
    .selectAll()
    .where('tournament_id', '=', id)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
