import type { Forfeit, TableRow } from './contract.ts';
import { blankRow, byNameThenId, headToHead, outcomeFor, pointsFor, POINTS_WIN, tallyGame } from './rules.ts';

/**
 * The pure Swiss logic: the pairing of a round and the table with its tiebreakers. Like rules.ts
 * it knows no database: the server stores the pairs these plan, the tests check them directly.
 */

/** An entrant as seeded at generation (seed 1 first). */
export interface SwissEntrant {
  id: string;
  name: string;
  seed: number;
}

/**
 * A round's result for the table and the pairing: `b` null is a bye for `a`, which counts as a win; a forfeit is a
 * win for the side that did not forfeit (rules.ts outcomeFor).
 */
export interface SwissGame {
  a: string;
  b: string | null;
  scoreA: number;
  scoreB: number;
  forfeit?: Forfeit | null;
}

/** A line of the Swiss table: the round-robin columns plus the two tiebreakers that follow the points. */
export type SwissRow = TableRow & { buchholz: number; opponentsWin: number };

/** Rounds when the admin does not choose: enough for one unbeaten entrant to remain, ceil(log2 n). */
export const defaultSwissRounds = (n: number): number => Math.max(1, Math.ceil(Math.log2(Math.max(2, n))));

/** The most rounds before a rematch is certain: everybody has met everybody (and, when odd, had the bye). */
export const maxSwissRounds = (n: number): number => (n % 2 === 0 ? n - 1 : n);

/**
 * The pairing search's budget, in pairs of entrants looked at (a step costs the square of those
 * left): past it the search gives up on avoiding rematches rather than hold a request for seconds.
 * Only a field playing nearly every possible round gets there; a small field's search is whole.
 */
const SEARCH_BUDGET = 4_000_000;

const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** Points of each entrant: 3 a win (a bye is one, so is an opponent's forfeit), 1 a draw. */
export function swissPoints(entrants: readonly SwissEntrant[], games: readonly SwissGame[]): Map<string, number> {
  const points = new Map(entrants.map((e) => [e.id, 0]));
  const add = (id: string, p: number) => points.set(id, (points.get(id) ?? 0) + p);
  for (const g of games) {
    if (g.b === null) add(g.a, POINTS_WIN);
    else {
      add(g.a, pointsFor(outcomeFor(g, 'a')));
      add(g.b, pointsFor(outcomeFor(g, 'b')));
    }
  }
  return points;
}

/**
 * The order pairings are made in: points, then seed, so round one is the seed order and a later
 * score group keeps its seeds' order (the table's tiebreakers are for ranking, not for pairing).
 */
export function pairingOrder(entrants: readonly SwissEntrant[], games: readonly SwissGame[]): SwissEntrant[] {
  const points = swissPoints(entrants, games);
  return [...entrants].sort(
    (x, y) => points.get(y.id)! - points.get(x.id)! || x.seed - y.seed || (x.id < y.id ? -1 : 1),
  );
}

/**
 * Pairs the next round. With an odd field the bye goes to the lowest-ranked entrant among those
 * with the fewest byes (so nobody has a second while another has none). The rest are paired by a
 * backtracking search: the top unpaired entrant meets, by preference, the entrant half its score
 * group below it (top half against bottom half), then the others of its group, then lower groups
 * (floating down). Rematches are refused while any pairing avoids them, trying the other bye
 * candidates too; only when none does are they allowed.
 */
export function swissPairing(
  entrants: readonly SwissEntrant[],
  games: readonly SwissGame[],
): { pairs: [string, string][]; bye: string | null } {
  const order = pairingOrder(entrants, games);
  const points = swissPoints(entrants, games);
  const met = new Set(games.filter((g) => g.b !== null).map((g) => pairKey(g.a, g.b!)));
  const byes = new Map(entrants.map((e) => [e.id, 0]));
  for (const g of games) if (g.b === null) byes.set(g.a, (byes.get(g.a) ?? 0) + 1);
  const ids = order.map((e) => e.id);
  let candidates: (string | null)[] = [null];
  if (ids.length % 2 === 1) {
    const fewest = Math.min(...ids.map((id) => byes.get(id)!));
    candidates = ids.filter((id) => byes.get(id) === fewest).reverse();
  }
  const budget = { left: SEARCH_BUDGET };
  for (const bye of candidates) {
    const pairs = search(
      ids.filter((id) => id !== bye),
      points,
      met,
      false,
      budget,
    );
    if (pairs) return { pairs, bye };
  }
  const bye = candidates[0]!;
  const pairs = search(
    ids.filter((id) => id !== bye),
    points,
    met,
    true,
    { left: Infinity },
  )!;
  return { pairs, bye };
}

/** The partners to try for `x`, the top of `rest` (which is in pairing order), best first. */
function preferred(x: string, rest: readonly string[], points: Map<string, number>): string[] {
  const same = rest.filter((id) => points.get(id) === points.get(x));
  const lower = rest.filter((id) => points.get(id) !== points.get(x));
  // the group with x in it has same.length + 1 entrants; x meets the one half of it below
  const half = Math.floor((same.length + 1) / 2) - 1;
  return [...same.slice(half), ...same.slice(0, half).reverse(), ...lower];
}

function search(
  ids: readonly string[],
  points: Map<string, number>,
  met: Set<string>,
  allowRematch: boolean,
  budget: { left: number },
): [string, string][] | null {
  const pairs: [string, string][] = [];
  const go = (rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    budget.left -= rest.length * rest.length;
    if (budget.left < 0) return false;
    let [x, ...others] = rest as [string, ...string[]];
    let tries: string[] | null = null;
    if (!allowRematch) {
      // nobody left may be without a possible opponent (cut the branch), and somebody with only one
      // is paired with them first: any pairing of the rest has that pair, so nothing is lost
      for (const p of rest) {
        const open = rest.filter((q) => q !== p && !met.has(pairKey(p, q)));
        if (open.length === 0) return false;
        if (open.length === 1 && tries === null) {
          x = p;
          others = rest.filter((q) => q !== p);
          tries = open;
        }
      }
    }
    tries ??= preferred(x, others, points);
    // with rematches allowed, new opponents still come first
    const ordered = allowRematch
      ? [...tries.filter((y) => !met.has(pairKey(x, y))), ...tries.filter((y) => met.has(pairKey(x, y)))]
      : tries.filter((y) => !met.has(pairKey(x, y)));
    for (const y of ordered) {
      pairs.push([x, y]);
      if (go(others.filter((id) => id !== y))) return true;
      pairs.pop();
      if (allowRematch) break;
    }
    return false;
  };
  return go(ids) ? pairs : null;
}

/**
 * The Swiss table. Ordered by points (3 a win, a bye included, 1 a draw), then Buchholz (the sum of
 * the opponents' points), then the opponents' match-win percentage (each opponent's points over 3
 * per round played, at least a third, averaged), then head-to-head (the points among the entrants
 * still tied in their own games), then name, then id, so the order is total. A bye is no opponent.
 */
export function swissTable(entrants: readonly SwissEntrant[], games: readonly SwissGame[]): SwissRow[] {
  const points = swissPoints(entrants, games);
  const rows = new Map<string, SwissRow>(
    entrants.map((e) => [e.id, { ...blankRow(e), points: points.get(e.id)!, buchholz: 0, opponentsWin: 0 }]),
  );
  const opponents = new Map<string, string[]>(entrants.map((e) => [e.id, []]));
  for (const g of games) {
    const a = rows.get(g.a);
    if (!a) continue;
    if (g.b === null) {
      a.played++;
      a.wins++;
      continue;
    }
    const b = rows.get(g.b);
    if (!b) continue;
    opponents.get(g.a)!.push(g.b);
    opponents.get(g.b)!.push(g.a);
    tallyGame(a, b, g);
  }
  const matchWin = (id: string) => {
    const r = rows.get(id)!;
    return r.played === 0 ? 1 / 3 : Math.max(1 / 3, r.points / (POINTS_WIN * r.played));
  };
  for (const r of rows.values()) {
    const opp = opponents.get(r.entrantId)!;
    r.buchholz = opp.reduce((sum, o) => sum + points.get(o)!, 0);
    const average = opp.length === 0 ? 1 / 3 : opp.reduce((sum, o) => sum + matchWin(o), 0) / opp.length;
    // rounded to a hundredth of a per cent, so equal averages summed in another order compare equal
    r.opponentsWin = Math.round(average * 10_000) / 100;
  }
  const all = [...rows.values()];
  // a bye is no game against anyone
  const played = games.flatMap((g) =>
    g.b === null ? [] : [{ sideA: g.a, sideB: g.b, scoreA: g.scoreA, scoreB: g.scoreB, forfeit: g.forfeit }],
  );
  const h2h = headToHead(all, played, (r) => `${r.points}:${r.buchholz}:${r.opponentsWin}`);
  all.sort(
    (x, y) =>
      y.points - x.points ||
      y.buchholz - x.buchholz ||
      y.opponentsWin - x.opponentsWin ||
      h2h.get(y.entrantId)! - h2h.get(x.entrantId)! ||
      byNameThenId(x, y),
  );
  return all.map((r, i) => ({ ...r, rank: i + 1 }));
}
