import { bracketSize, seedOrder } from './rules.ts';

/**
 * The pure logic of a double-elimination bracket: its shape (which match feeds which), how results
 * flow through it (who plays where, which matches are byes), the champion and the final places.
 * Nothing is stored but the results: the server stores what `flow` says after every decision, and
 * a result that would change a match already played downstream is refused there.
 */

/** The bracket's parts, kept in the match's group: winners' bracket, losers' bracket, grand final(s). */
export const WINNERS = 1;
export const LOSERS = 2;
export const GRAND_FINAL = 3;

/** Where a side of a match comes from: a seed, or the winner or loser of an earlier match (by key). */
export type Feed = { seed: number } | { winnerOf: string } | { loserOf: string };

export interface ShapedMatch {
  group: number;
  round: number;
  slot: number;
  a: Feed;
  b: Feed;
}

export const keyOf = (group: number, round: number, slot: number): string => `${group}:${round}:${slot}`;
const key = (m: { group: number; round: number; slot: number }) => keyOf(m.group, m.round, m.slot);

/**
 * The order the losers of winners' round `r + 1` take in losers' round `2r`: reversed, then halves
 * swapped, alternately, so a dropped entrant does not meet at once the one it already met.
 */
function dropSlot(r: number, j: number, count: number): number {
  return r % 2 === 1 ? count - 1 - j : (j + Math.floor(count / 2)) % count;
}

/**
 * Every match of a double-elimination bracket for `n` entrants, in the order results flow (winners'
 * rounds, losers' rounds, grand final, reset). The winners' bracket is a single-elimination bracket
 * with the byes to the top seeds; losers' round 1 pairs the first-round losers, each even losers'
 * round takes the losers of the next winners' round, each odd one halves the field; the grand final
 * sets the winners' champion (side A) against the losers' (side B), and with `reset` a second match
 * is played when side B wins the first.
 */
export function doubleEliminationShape(n: number, reset: boolean): ShapedMatch[] {
  const size = bracketSize(n);
  const k = Math.log2(size);
  const order = seedOrder(size);
  const out: ShapedMatch[] = [];
  for (let round = 1; round <= k; round++)
    for (let slot = 0; slot < size / 2 ** round; slot++)
      out.push({
        group: WINNERS,
        round,
        slot,
        a: round === 1 ? { seed: order[slot * 2]! } : { winnerOf: keyOf(WINNERS, round - 1, slot * 2) },
        b: round === 1 ? { seed: order[slot * 2 + 1]! } : { winnerOf: keyOf(WINNERS, round - 1, slot * 2 + 1) },
      });
  if (k >= 2) {
    for (let slot = 0; slot < size / 4; slot++)
      out.push({
        group: LOSERS,
        round: 1,
        slot,
        a: { loserOf: keyOf(WINNERS, 1, slot * 2) },
        b: { loserOf: keyOf(WINNERS, 1, slot * 2 + 1) },
      });
    for (let r = 1; r <= k - 1; r++) {
      const count = size / 2 ** (r + 1);
      for (let slot = 0; slot < count; slot++)
        out.push({
          group: LOSERS,
          round: 2 * r,
          slot,
          a: { winnerOf: keyOf(LOSERS, 2 * r - 1, slot) },
          b: { loserOf: keyOf(WINNERS, r + 1, dropSlot(r, slot, count)) },
        });
      if (r === k - 1) break;
      for (let slot = 0; slot < count / 2; slot++)
        out.push({
          group: LOSERS,
          round: 2 * r + 1,
          slot,
          a: { winnerOf: keyOf(LOSERS, 2 * r, slot * 2) },
          b: { winnerOf: keyOf(LOSERS, 2 * r, slot * 2 + 1) },
        });
    }
  }
  const grandFinal = keyOf(GRAND_FINAL, 1, 0);
  out.push({
    group: GRAND_FINAL,
    round: 1,
    slot: 0,
    a: { winnerOf: keyOf(WINNERS, k, 0) },
    b: k >= 2 ? { winnerOf: keyOf(LOSERS, 2 * (k - 1), 0) } : { loserOf: keyOf(WINNERS, 1, 0) },
  });
  // the reset's sides are the grand final's own, played only when side B won it (see flow)
  if (reset)
    out.push({ group: GRAND_FINAL, round: 2, slot: 0, a: { winnerOf: grandFinal }, b: { loserOf: grandFinal } });
  return out;
}

/**
 * A match as the results so far make it: `ready` has both sides and takes reports; `bye` is not
 * played, its `winner` (when there is one) goes on; `pending` waits for an earlier match.
 */
export interface FlowMatch {
  group: number;
  round: number;
  slot: number;
  sideA: string | null;
  sideB: string | null;
  state: 'pending' | 'ready' | 'bye';
  /** the bye's entrant going on, or the decided winner of a ready match; null otherwise */
  winner: string | null;
}

// an entrant, nobody ever (null), or still to come (undefined)
type Value = string | null | undefined;

/**
 * Where everybody stands given the seeds (first = seed 1) and the winners decided so far (by match
 * key; a winner that is not one of the match's sides as they now are is ignored). A side nobody
 * will ever fill (a missing seed, the loser of a bye) makes the match a bye for the other side.
 */
export function flow(
  shape: readonly ShapedMatch[],
  seeded: readonly string[],
  winners: ReadonlyMap<string, string>,
): FlowMatch[] {
  const outcome = new Map<string, { winner: Value; loser: Value }>();
  const out: FlowMatch[] = [];
  const valueOf = (f: Feed): Value => {
    if ('seed' in f) return seeded[f.seed - 1] ?? null;
    const o = outcome.get('winnerOf' in f ? f.winnerOf : f.loserOf);
    return 'winnerOf' in f ? o?.winner : o?.loser;
  };
  const grandFinal = keyOf(GRAND_FINAL, 1, 0);
  for (const m of shape) {
    let a = valueOf(m.a);
    let b = valueOf(m.b);
    if (m.group === GRAND_FINAL && m.round === 2) {
      // the reset: the grand final's sides again, when the losers' side (B) won it; nobody otherwise
      const gf = out.find((x) => key(x) === grandFinal)!;
      const decided = gf.state === 'ready' && gf.winner !== null;
      a = !decided ? undefined : gf.winner === gf.sideB ? gf.sideA : null;
      b = !decided ? undefined : gf.winner === gf.sideB ? gf.sideB : null;
    }
    let state: FlowMatch['state'] = 'pending';
    let winner: string | null = null;
    if (a === null || b === null) {
      const other = a === null ? b : a;
      if (other !== undefined) {
        state = 'bye';
        winner = other;
      }
    } else if (a !== undefined && b !== undefined) {
      state = 'ready';
      const w = winners.get(key(m));
      winner = w === a || w === b ? w : null;
    }
    out.push({ group: m.group, round: m.round, slot: m.slot, sideA: a ?? null, sideB: b ?? null, state, winner });
    outcome.set(key(m), {
      winner: state === 'bye' ? winner : state === 'ready' && winner ? winner : undefined,
      loser: state === 'bye' ? null : state === 'ready' && winner ? (winner === a ? b : a) : undefined,
    });
  }
  return out;
}

/** The champion: the reset's winner, or the grand final's when no reset is (or will be) played. */
export function championOf(flowed: readonly FlowMatch[]): string | null {
  const reset = flowed.find((m) => key(m) === keyOf(GRAND_FINAL, 2, 0));
  const gf = flowed.find((m) => key(m) === keyOf(GRAND_FINAL, 1, 0));
  if (reset?.state === 'ready') return reset.winner;
  if (!gf || gf.state !== 'ready' || gf.winner === null) return null;
  return !reset || gf.winner === gf.sideA ? gf.winner : null;
}

/**
 * The place a loser of losers' round `round` gets: 3 for the losers' final, then one place after
 * everybody out later (4 for the round before it, then places shared by a round's losers). A bye
 * puts nobody out, so the later rounds' byes do not count.
 */
export function losersRoundPlace(flowed: readonly FlowMatch[], round: number): number {
  return 3 + flowed.filter((m) => m.group === LOSERS && m.round > round && m.state !== 'bye').length;
}

/**
 * Final places from the results so far: 1 the champion, 2 the runner-up, 3 the loser of the losers'
 * final, then by the losers' round each went out in. An entrant still in play gets the place losing
 * its current match would lead to (a winners' match: the losers' round it drops to), so finalising
 * early never gives two entrants the same top place.
 */
export function doubleEliminationPlaces(flowed: readonly FlowMatch[]): Map<string, number> {
  const places = new Map<string, number>();
  const lastLosers = Math.max(0, ...flowed.filter((m) => m.group === LOSERS).map((m) => m.round));
  const dropPlace = (winnersRound: number) =>
    lastLosers === 0 ? 2 : losersRoundPlace(flowed, winnersRound === 1 ? 1 : 2 * (winnersRound - 1));
  // the provisional place of every entrant from the last match they appear in
  for (const m of flowed) {
    const provisional =
      m.group === WINNERS ? dropPlace(m.round) : m.group === LOSERS ? losersRoundPlace(flowed, m.round) : 2;
    for (const id of [m.sideA, m.sideB]) if (id) places.set(id, provisional);
  }
  for (const m of flowed) {
    if (m.state !== 'ready' || m.winner === null) continue;
    const loser = m.winner === m.sideA ? m.sideB! : m.sideA!;
    if (m.group === LOSERS) places.set(loser, losersRoundPlace(flowed, m.round));
  }
  const champion = championOf(flowed);
  if (champion) {
    places.set(champion, 1);
    const final = flowed.filter((m) => m.group === GRAND_FINAL && m.state === 'ready').at(-1)!;
    places.set(final.sideA === champion ? final.sideB! : final.sideA!, 2);
  }
  return places;
}
