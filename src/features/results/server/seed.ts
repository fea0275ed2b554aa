import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../../platform/context.ts';
import { DEFAULT_SCORING, type PrizeRange } from '../contract.ts';
import type { Actor } from '../../audit/server/service.ts';
import { finalise, type FinaliseLinks } from './finalise-service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import * as ResultsRepository from './repository.ts';
import { autoLobbies, setCode } from './lobby-service.ts';
import { entrants, inLobby, lobbyPlan, setScoring } from './service.ts';

const MINUTE = 60_000;

/** A played battle-royale tournament of the demo: how many matches it had and what it paid. */
export interface PlayedTournament {
  id: string;
  /** when it started (ISO): the matches are dated from then, 25 minutes apart */
  start: string;
  /** battle-royale matches to write; 0 for a bracket, whose matches its own domain seeded */
  matches: number;
  prizes: PrizeRange[];
  /** a seed for the placements, so two tournaments do not end in the same order */
  seed: number;
  /**
   * a lobby size smaller than the field: the admin splits the entrants into lobbies first and the
   * matches take turns between them (one standings table adds them up); unset: everyone in one lobby
   */
  lobbySize?: number;
}

/**
 * A demo prize table: the credits of each place from the first down, then optionally one amount for
 * every place after them up to `rest.to` ([500, 300] and { to: 5, credits: 80 }: 500, 300, then 80 to 3rd-5th).
 */
export function prizeLadder(credits: number[], rest?: { to: number; credits: number }): PrizeRange[] {
  const places = credits.map((amount, i) => ({ from: i + 1, to: i + 1, credits: amount }));
  return rest ? [...places, { from: places.length + 1, ...rest }] : places;
}

/**
 * The default table cut to a smaller lobby: the placement ranges end at the lobby's last place, as
 * the scoring table's rules require.
 */
const scoringFor = (lobbySize: number) => ({
  ...DEFAULT_SCORING,
  preset: 'custom' as const,
  lobbySize,
  placementPoints: DEFAULT_SCORING.placementPoints
    .filter((r) => r.from <= lobbySize)
    .map((r) => ({ ...r, to: Math.min(r.to, lobbySize) })),
});

/** A small deterministic generator (mulberry32): the demo's results are the same on every seeding. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The results part of the demo: the championship's played qualifiers have their matches (every checked-in player in
 * every lobby, placements and eliminations that look like a Fortnite evening), a prize table, and are finalised, like
 * the finished bracket: the standings freeze and the prizes and the podium badges are paid through the ledger, as an
 * admin's click would pay them. The matches are history, written through the repository with their own dates; the
 * finalisation is the admin's act, through the service (audited, paid once).
 */
export async function seedResults(
  ctx: ServiceContext,
  p: { admin: Actor; played: PlayedTournament[]; links: FinaliseLinks },
): Promise<void> {
  const db = ctx.db.kysely;
  for (const t of p.played) {
    const next = random(t.seed);
    if (t.lobbySize) {
      await setScoring(ctx, p.admin, t.id, scoringFor(t.lobbySize));
      await autoLobbies(ctx, p.admin, t.id);
    }
    const all = t.matches > 0 ? await entrants(ctx, t.id) : [];
    const plan = await lobbyPlan(ctx, t.id);
    const field = all.filter((e) => plan.of(e.id) !== null);
    // some players are steadier than others: a per-player form bends every lobby's order
    const form = new Map(field.map((e) => [e.id, next()]));
    for (let number = 1; number <= t.matches; number++) {
      const at = new Date(Date.parse(t.start) + number * 25 * MINUTE).toISOString();
      // with lobbies the matches take turns: lobby 1, lobby 2, …, lobby 1 again
      const lobby = ((number - 1) % plan.count) + 1;
      const order = inLobby(field, plan, lobby)
        .map((e) => ({ e, key: form.get(e.id)! * 0.6 + next() }))
        .sort((a, b) => b.key - a.key);
      const matchId = randomUUID();
      await ResultsRepository.insertMatch(db, { id: matchId, tournamentId: t.id, number, lobby, now: at });
      await ResultsRepository.replaceLines(db, {
        matchId,
        tournamentId: t.id,
        lines: order.map(({ e }, i) => ({
          entrant_id: e.id,
          placement: i + 1,
          // the last ones standing took the most players out
          eliminations: Math.max(0, Math.round((order.length - i) / 4 + next() * 3 - 1)),
          submitted_at: at,
        })),
      });
    }
    await TournamentService.setPrizes(ctx, t.id, JSON.stringify(t.prizes), t.start);
    await finalise(ctx, p.links, p.admin, t.id);
  }
}

/**
 * The custom-match key of a tournament about to start, posted by the admin for its one lobby: its
 * checked-in players see it from ten minutes before the start, the others never.
 */
export async function seedLobbyCode(
  ctx: ServiceContext,
  p: { admin: Actor; tournament: { id: string; start: string }; code: string },
): Promise<void> {
  const visibleFrom = new Date(Date.parse(p.tournament.start) - 10 * MINUTE).toISOString();
  await setCode(ctx, p.admin, p.tournament.id, 1, { code: p.code, visibleFrom });
}
