import { expect } from 'vitest';
import type { TournamentInput } from '../../../src/features/tournaments/contract.ts';
import * as TournamentRepository from '../../../src/features/tournaments/server/repository.ts';
import type { TestApp } from './test-app.ts';
import { checkIn, createTournament, join, quickPlayers, setPhase, type Person } from './tournaments.ts';

/**
 * A tournament on match day: `checkedIn` players joined and checked in (in that order, one
 * millisecond apart so the check-in order is the order given), and `waiting` who joined but did not
 * check in. Fortnite by default, so battle royale.
 */
export async function matchDay(
  t: TestApp,
  adminToken: string,
  opts: { checkedIn: number; waiting?: number; overrides?: Partial<TournamentInput> },
) {
  const id = await createTournament(t, adminToken, 'registration', { maxPartecipants: 100, ...opts.overrides });
  const players = await quickPlayers(t, opts.checkedIn);
  const waiting = await quickPlayers(t, opts.waiting ?? 0);
  for (const p of [...players, ...waiting]) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, adminToken, id, 'checkinOpen');
  for (const p of players) await checkInNow(t, id, p);
  return { id, players, waiting };
}

/**
 * A check-in that must succeed. The service stamps each check-in after the previous one, so players checked in one
 * after another keep that order (the seeding) even within one millisecond.
 */
export async function checkInNow(t: TestApp, id: string, p: Person) {
  const res = await checkIn(t, id, p);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

export const line = (p: { id: string }, placement: number, eliminations = 0) => ({
  entrantId: p.id,
  placement,
  eliminations,
});

export function resultsApi(t: TestApp, token: string, id: string) {
  return {
    createMatch: (lines: unknown[]) => t.call('POST', `/api/tournaments/${id}/matches`, { token, body: { lines } }),
    updateMatch: (n: number, lines: unknown[]) =>
      t.call('PUT', `/api/tournaments/${id}/matches/${n}`, { token, body: { lines } }),
    voidMatch: (n: number, voided: boolean) =>
      t.call('POST', `/api/tournaments/${id}/matches/${n}/void`, { token, body: { voided } }),
    matches: () => t.call('GET', `/api/tournaments/${id}/matches`, { token }),
    preview: (csv: string) => t.call('POST', `/api/tournaments/${id}/matches/preview`, { token, body: { csv } }),
    setScoring: (table: unknown) => t.call('PUT', `/api/tournaments/${id}/scoring`, { token, body: table }),
    scoring: () => t.call('GET', `/api/tournaments/${id}/scoring`),
    standings: (as?: string) => t.call('GET', `/api/tournaments/${id}/standings`, as ? { token: as } : {}),
    entrants: () => t.call('GET', `/api/tournaments/${id}/entrants`, { token }),
    teams: () => t.call('GET', `/api/tournaments/${id}/teams`, { token }),
    setTeams: (teams: unknown[]) => t.call('PUT', `/api/tournaments/${id}/teams`, { token, body: { teams } }),
    autoTeams: () => t.call('POST', `/api/tournaments/${id}/teams/auto`, { token }),
  };
}

/** Finalises behind the API (the finalise call is another helper's): what the results calls must then refuse. */
export async function finalizeDirectly(t: TestApp, id: string, rows: unknown[] = []) {
  const now = new Date().toISOString();
  const done = await TournamentRepository.update(t.db.kysely, {
    owner: t.config.ownerId,
    id,
    set: { finalized_at: now, final_standings: JSON.stringify(rows) },
    now,
  });
  expect(done.ok).toBe(true);
}
