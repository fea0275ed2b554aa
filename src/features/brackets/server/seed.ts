import type { ServiceContext } from '../../../platform/context.ts';
import type { Actor } from '../../audit/server/service.ts';
import { bracket, generate, report } from './service.ts';

/** The scores of the demo's matches, round by round: mostly the better seed, one upset to talk about. */
const scores: [number, number][] = [
  [3, 1],
  [1, 2],
  [2, 0],
  [4, 3],
];

/**
 * The brackets part of the demo: a finished single-elimination bracket. The
 * admin generates it from the checked-in players in check-in order, then both players of every
 * match report the same score, through the services as they would through the API, so every
 * match is confirmed by its two sides and the champion comes out of the final.
 */
export async function seedBracket(ctx: ServiceContext, p: { admin: Actor; tournamentId: string }): Promise<void> {
  await generate(ctx, p.admin, p.tournamentId, { seeding: 'checkin' });
  for (let played = 0; ;) {
    const open = (await bracket(ctx, p.tournamentId)).rounds
      .flatMap((r) => r.matches)
      .filter((m) => m.state === 'awaiting' && m.sideA && m.sideB);
    if (!open.length) return;
    for (const m of open) {
      const [scoreA, scoreB] = scores[played++ % scores.length]!;
      // solo entrants: a side's id is its player's user id
      await report(ctx, m.sideA!.id, p.tournamentId, m.id, { scoreA, scoreB });
      await report(ctx, m.sideB!.id, p.tournamentId, m.id, { scoreA, scoreB });
    }
  }
}
