import type { ServiceContext } from '../../../platform/context.ts';
import type { Actor } from '../../audit/server/service.ts';
import type { BracketMatch } from '../contract.ts';
import { GRAND_FINAL } from '../double-elimination.ts';
import { bracket, createPlayoff, generate, report } from './service.ts';

/** The scores of the demo's matches, round by round: mostly the better seed, one upset to talk about. */
const scores: [number, number][] = [
  [3, 1],
  [1, 2],
  [2, 0],
  [4, 3],
];

/** How a demo match ends: A's score and B's, given the match and how many matches were played before it. */
type Outcome = (m: BracketMatch, played: number) => [number, number];

/**
 * Plays a generated bracket out: both players of every match that has its two sides report the
 * same score, through the services as they would through the API, so every match is confirmed by
 * its two sides, until no match is left to play (the next matches, rounds or the reset open as
 * the results come in).
 */
async function playOut(ctx: ServiceContext, tournamentId: string, outcome: Outcome): Promise<void> {
  for (let played = 0; ;) {
    const b = await bracket(ctx, tournamentId);
    // a stage's playoff keeps its rounds apart from the stage's
    const open = [...b.rounds, ...(b.playoff?.rounds ?? [])]
      .flatMap((r) => r.matches)
      .filter((m) => m.state === 'awaiting' && m.sideA && m.sideB);
    if (!open.length) return;
    for (const m of open) {
      const [scoreA, scoreB] = outcome(m, played++);
      // solo entrants: a side's id is its player's user id
      await report(ctx, m.sideA!.id, tournamentId, m.id, { scoreA, scoreB });
      await report(ctx, m.sideB!.id, tournamentId, m.id, { scoreA, scoreB });
    }
  }
}

/** A win by a score of the list, turned so that side A (`aWins`) or side B wins. */
const win = (aWins: boolean, played: number): [number, number] => {
  const [w, l] = [...scores[played % scores.length]!].sort((x, y) => y - x) as [number, number];
  return aWins ? [w, l] : [l, w];
};

/**
 * The brackets part of the demo: a finished single-elimination bracket. The admin generates it
 * from the checked-in players in check-in order, and the players play it out.
 */
export async function seedBracket(ctx: ServiceContext, p: { admin: Actor; tournamentId: string }): Promise<void> {
  await generate(ctx, p.admin, p.tournamentId, { seeding: 'checkin' });
  await playOut(ctx, p.tournamentId, (_, played) => scores[played % scores.length]!);
}

/**
 * A finished double-elimination bracket whose grand final needs its reset: the better seed wins
 * every match until the grand final, where the second seed, back from the losers' bracket after
 * losing the winners' final, beats the first seed twice.
 */
export async function seedDoubleElimination(
  ctx: ServiceContext,
  p: { admin: Actor; tournamentId: string },
): Promise<void> {
  await generate(ctx, p.admin, p.tournamentId, { seeding: 'checkin', grandFinalReset: true });
  await playOut(ctx, p.tournamentId, (m, played) => {
    const aBetter = m.sideA!.seed < m.sideB!.seed;
    return win(m.group === GRAND_FINAL ? !aBetter : aBetter, played);
  });
}

/**
 * A finished Swiss stage of three rounds and its playoff: mostly the better seed wins, some matches
 * are drawn and a few go to the underdog, so the table needs its tiebreakers; then the table's top
 * four play a single-elimination playoff with a third-place match, where the better seed wins.
 */
export async function seedSwiss(ctx: ServiceContext, p: { admin: Actor; tournamentId: string }): Promise<void> {
  await generate(ctx, p.admin, p.tournamentId, { seeding: 'checkin', rounds: 3 });
  await playOut(ctx, p.tournamentId, (m, played) => {
    if (played % 5 === 3) return [1, 1];
    const aBetter = m.sideA!.seed < m.sideB!.seed;
    return win(played % 4 === 2 ? !aBetter : aBetter, played);
  });
  await createPlayoff(ctx, p.admin, p.tournamentId, { format: 'single_elimination', size: 4, thirdPlace: true });
  await playOut(ctx, p.tournamentId, (m, played) => win(m.sideA!.seed < m.sideB!.seed, played));
}
