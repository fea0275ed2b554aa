import type { BracketScore, Forfeit, MatchState, TableRow } from './contract.ts';

/**
 * The pure bracket logic: seeding with byes, advancement, round-robin pairings and group tables.
 * No database, no clock: the server stores what these plan, the tests check them directly.
 */

/** A match as planned at generation: `sideA`/`sideB` are entrant ids, null for a slot still to fill or a bye. */
export interface PlannedMatch {
  group: number;
  round: number;
  slot: number;
  sideA: string | null;
  sideB: string | null;
  /** set for a first-round bye: that entrant goes through without playing */
  byeWinner: string | null;
}

/** The smallest power of two holding `n` (at least 2). */
export const bracketSize = (n: number): number => {
  let size = 2;
  while (size < n) size *= 2;
  return size;
};

/** Rounds of a single-elimination bracket for `n` entrants (the final is the last). */
export const roundsFor = (n: number): number => Math.log2(bracketSize(n));

/**
 * The standard seed order of the first round's slots (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight):
 * seeds 1 and 2 can meet only in the final, and with fewer entrants than slots the missing
 * (highest) seeds are the byes, so the byes fall to the top seeds.
 */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((s) => [s, next - s]);
  }
  return order;
}

/** Where the winner of a single-elimination match goes: the next round, half the slot, side a from an even slot. */
export const nextOf = (round: number, slot: number): { round: number; slot: number; side: 'a' | 'b' } => ({
  round: round + 1,
  slot: Math.floor(slot / 2),
  side: slot % 2 === 0 ? 'a' : 'b',
});

/**
 * Every match of a single-elimination bracket for entrants in seed order (first = seed 1). A
 * first-round bye's entrant is already placed in its second-round match; with standard seeding no
 * match is two byes, since more than half the slots hold an entrant.
 */
export function singleElimination(seeded: readonly string[]): PlannedMatch[] {
  const size = bracketSize(seeded.length);
  const rounds = Math.log2(size);
  const order = seedOrder(size);
  const matches: PlannedMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (let slot = 0; slot < size / 2 ** round; slot++)
      matches.push({ group: 0, round, slot, sideA: null, sideB: null, byeWinner: null });
  }
  const at = (round: number, slot: number) => matches.find((m) => m.round === round && m.slot === slot)!;
  for (let slot = 0; slot < size / 2; slot++) {
    const m = at(1, slot);
    m.sideA = seeded[order[slot * 2]! - 1] ?? null;
    m.sideB = seeded[order[slot * 2 + 1]! - 1] ?? null;
    if (m.sideA === null || m.sideB === null) {
      m.byeWinner = m.sideA ?? m.sideB;
      const next = nextOf(1, slot);
      if (rounds > 1) at(next.round, next.slot)[next.side === 'a' ? 'sideA' : 'sideB'] = m.byeWinner;
    }
  }
  return matches;
}

/**
 * The third-place match of a single-elimination bracket: in the final's round, after the final
 * (slot 1), between the two semi-final losers (the loser of semi-final slot 0 on side A). Only
 * from four entrants, when both semi-finals are played (with three, one of them is a bye).
 */
export function thirdPlaceMatch(entrants: number): PlannedMatch | null {
  if (entrants < 4) return null;
  return { group: 0, round: roundsFor(entrants), slot: 1, sideA: null, sideB: null, byeWinner: null };
}

/** Largest round-robin group: 8 entrants play 7 rounds; a larger field is split into groups. */
export const MAX_GROUP = 8;

/**
 * Entrants in seed order dealt into ceil(n / 8) groups like cards (seed 1 to group 1, seed 2 to
 * group 2, …), so the groups differ by at most one entrant and the top seeds are spread.
 */
export function groupsOf<T>(seeded: readonly T[], max: number = MAX_GROUP): T[][] {
  const count = Math.max(1, Math.ceil(seeded.length / max));
  const groups: T[][] = Array.from({ length: count }, () => []);
  seeded.forEach((e, i) => groups[i % count]!.push(e));
  return groups;
}

/**
 * Where a stage's playoff stores its matches: under groups of their own, this first group added to the ones its
 * format uses alone (single elimination 0, double elimination 1 to 3), so they never meet the stage's groups (a
 * Swiss stage's 0, a round robin's 1, 2, …). It is 1000, where every playoff of a stage of fewer groups is stored,
 * and just past the stage's last group otherwise: a round robin of the largest field has 1,250.
 */
export const firstPlayoffGroup = (lastStageGroup: number): number => Math.max(1000, lastStageGroup + 1);

/**
 * Every pairing of one group by the circle method: the first entrant stays, the others rotate one
 * place per round, so each pair meets exactly once in n-1 rounds (n rounds for an odd group, where
 * the entrant facing the empty seat rests that round).
 */
export function roundRobin(entrants: readonly string[], group = 1): PlannedMatch[] {
  const seats: (string | null)[] = [...entrants];
  if (seats.length % 2 === 1) seats.push(null);
  const n = seats.length;
  const matches: PlannedMatch[] = [];
  for (let r = 0; r < n - 1; r++) {
    let slot = 0;
    for (let k = 0; k < n / 2; k++) {
      const a = seats[k]!;
      const b = seats[n - 1 - k]!;
      // alternate home and away of the fixed seat so nobody is always side A
      const [sideA, sideB] = k === 0 && r % 2 === 1 ? [b, a] : [a, b];
      if (sideA !== null && sideB !== null)
        matches.push({ group, round: r + 1, slot: slot++, sideA, sideB, byeWinner: null });
    }
    // rotate every seat but the first one place clockwise
    seats.splice(1, 0, seats.pop()!);
  }
  return matches;
}

/** Whether two reports say the same. */
export const sameScore = (x: BracketScore, y: BracketScore): boolean => x.scoreA === y.scoreA && x.scoreB === y.scoreB;

/** The winning side of a score, null for a draw. */
export const winnerSide = (s: BracketScore): 'a' | 'b' | null =>
  s.scoreA > s.scoreB ? 'a' : s.scoreB > s.scoreA ? 'b' : null;

/** A decided match for the table: sides and a result (both scores set), or a forfeit, whose scores count for nobody. */
export interface PlayedMatch {
  sideA: string;
  sideB: string;
  scoreA: number;
  scoreB: number;
  /** the side that forfeited (both, when both did); null or absent for a match decided on its score */
  forfeit?: Forfeit | null;
}

export const POINTS_WIN = 3;
export const POINTS_DRAW = 1;

/** How a decided match ended for one of its sides. */
export type Outcome = 'win' | 'draw' | 'loss';

/**
 * What a result gives `side`: a forfeit is lost by the side that forfeited (by both, when both did) and won by the
 * other, whatever the scores say; any other result goes by its score.
 */
export function outcomeFor(m: Pick<PlayedMatch, 'scoreA' | 'scoreB' | 'forfeit'>, side: 'a' | 'b'): Outcome {
  if (m.forfeit) return m.forfeit === side || m.forfeit === 'both' ? 'loss' : 'win';
  const [mine, theirs] = side === 'a' ? [m.scoreA, m.scoreB] : [m.scoreB, m.scoreA];
  return mine > theirs ? 'win' : mine < theirs ? 'loss' : 'draw';
}

/** The table points of an outcome: 3 a win, 1 a draw. */
export const pointsFor = (o: Outcome): number => (o === 'win' ? POINTS_WIN : o === 'draw' ? POINTS_DRAW : 0);

/**
 * Whether an open match (awaiting or disputed, both sides known) is a forfeit now that the entrants in `out` are
 * disqualified, and who goes on: the side still playing; when both sides are out, nobody in a table's format, and
 * side A in an elimination (`needsWinner`), which forfeits its next match in turn. Null for a match to play.
 */
export function forfeitOf(
  m: { sideA: string | null; sideB: string | null; state: MatchState },
  out: ReadonlySet<string>,
  needsWinner: boolean,
): { forfeit: Forfeit; winner: string | null } | null {
  if ((m.state !== 'awaiting' && m.state !== 'disputed') || !m.sideA || !m.sideB) return null;
  const a = out.has(m.sideA);
  const b = out.has(m.sideB);
  if (a && b) return { forfeit: 'both', winner: needsWinner ? m.sideA : null };
  if (a) return { forfeit: 'a', winner: m.sideB };
  return b ? { forfeit: 'b', winner: m.sideA } : null;
}

/** A table line with nothing played yet. */
export const blankRow = (e: { id: string; name: string }): TableRow => ({
  rank: 0,
  entrantId: e.id,
  name: e.name,
  played: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  scoreFor: 0,
  scoreAgainst: 0,
  difference: 0,
  points: 0,
});

/**
 * Counts one decided game into both sides' lines (played, won, drawn, lost, scores; a forfeit adds no score to
 * either side); points are the caller's.
 */
export function tallyGame(a: TableRow, b: TableRow, game: Pick<PlayedMatch, 'scoreA' | 'scoreB' | 'forfeit'>): void {
  for (const [row, side] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    row.played++;
    if (!game.forfeit) {
      row.scoreFor += side === 'a' ? game.scoreA : game.scoreB;
      row.scoreAgainst += side === 'a' ? game.scoreB : game.scoreA;
      row.difference = row.scoreFor - row.scoreAgainst;
    }
    const outcome = outcomeFor(game, side);
    if (outcome === 'win') row.wins++;
    else if (outcome === 'loss') row.losses++;
    else row.draws++;
  }
}

/**
 * Each entrant's head-to-head points: 3 a win and 1 a draw, counted only in its games against the
 * entrants that share its `tieKey` (those still level on every earlier tiebreaker).
 */
export function headToHead<R extends TableRow>(
  rows: readonly R[],
  played: readonly PlayedMatch[],
  tieKey: (r: R) => string,
): Map<string, number> {
  const h2h = new Map<string, number>();
  for (const r of rows) {
    const tied = new Set(rows.filter((o) => tieKey(o) === tieKey(r)).map((o) => o.entrantId));
    let pts = 0;
    for (const m of played) {
      if (!tied.has(m.sideA) || !tied.has(m.sideB)) continue;
      if (m.sideA !== r.entrantId && m.sideB !== r.entrantId) continue;
      pts += pointsFor(outcomeFor(m, m.sideA === r.entrantId ? 'a' : 'b'));
    }
    h2h.set(r.entrantId, pts);
  }
  return h2h;
}

/** Name, then id: the last tiebreakers of every table, so its order is total. */
export const byNameThenId = (x: TableRow, y: TableRow): number =>
  (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) || (x.entrantId < y.entrantId ? -1 : 1);

/**
 * A round-robin group's table: played, wins, draws, losses, score for and against, difference,
 * points (3 a win, 1 a draw; a forfeit is a win for the side that did not forfeit, with no score).
 * Ordered by points, then difference, then head-to-head (the points among the tied entrants in
 * their own matches), then name, then id, so the order is total.
 */
export function groupTable(
  entrants: readonly { id: string; name: string }[],
  played: readonly PlayedMatch[],
): TableRow[] {
  const rows = new Map(entrants.map((e) => [e.id, blankRow(e)]));
  for (const m of played) {
    const a = rows.get(m.sideA);
    const b = rows.get(m.sideB);
    if (!a || !b) continue;
    tallyGame(a, b, m);
    for (const row of [a, b]) row.points = row.wins * POINTS_WIN + row.draws * POINTS_DRAW;
  }
  const all = [...rows.values()];
  const h2h = headToHead(all, played, (r) => `${r.points}:${r.difference}`);
  const ordered = all.sort(
    (x, y) =>
      y.points - x.points ||
      y.difference - x.difference ||
      h2h.get(y.entrantId)! - h2h.get(x.entrantId)! ||
      byNameThenId(x, y),
  );
  return ordered.map((r, i) => ({ ...r, rank: i + 1 }));
}

/**
 * Final places of a single-elimination bracket from its decided matches: the champion 1, the
 * runner-up 2, the losers of round r share place 2^(rounds - r) + 1 (both semi-final losers 3,
 * the quarter-final losers 5, …); a third-place match (the final's round, slot 1) makes its
 * winner 3 and its loser 4. Entrants still in play get no place yet.
 */
export function eliminationPlaces(
  rounds: number,
  decided: readonly { round: number; slot?: number; sideA: string; sideB: string; winner: string }[],
): Map<string, number> {
  const places = new Map<string, number>();
  // the third-place match after the semi-finals, whatever order the matches come in
  const ordered = [...decided].sort((x, y) => x.round - y.round || (x.slot ?? 0) - (y.slot ?? 0));
  for (const m of ordered) {
    const loser = m.winner === m.sideA ? m.sideB : m.sideA;
    if (m.round === rounds && m.slot === 1) {
      places.set(m.winner, 3);
      places.set(loser, 4);
      continue;
    }
    places.set(loser, 2 ** (rounds - m.round) + 1);
    if (m.round === rounds) places.set(m.winner, 1);
  }
  return places;
}

/** A Fisher–Yates shuffle with the given random source (crypto on the server, seeded in tests). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
