/**
 * The seed orders a bracket is generated with, as pure functions: the server hands in the entrants
 * in check-in order (and, for a ranking, their points), the tests check the orders directly.
 */

/**
 * Entrants by points, most first; entrants with equal points (or none: 0) keep their check-in
 * order, so the order is total and the same on every generation.
 */
export function rankingOrder<T extends { id: string }>(checkedIn: readonly T[], points: ReadonlyMap<string, number>) {
  return checkedIn
    .map((e, i) => ({ e, i, p: points.get(e.id) ?? 0 }))
    .sort((x, y) => y.p - x.p || x.i - y.i)
    .map((x) => x.e);
}

/**
 * The entrants in the admin's order, or null when the order is not every entrant exactly once
 * (one missing, unknown or repeated: the field changed since the admin ordered it).
 */
export function manualOrder<T extends { id: string }>(checkedIn: readonly T[], order: readonly string[]): T[] | null {
  const byId = new Map(checkedIn.map((e) => [e.id, e]));
  if (order.length !== checkedIn.length || new Set(order).size !== order.length) return null;
  const out: T[] = [];
  for (const id of order) {
    const e = byId.get(id);
    if (!e) return null;
    out.push(e);
  }
  return out;
}

/** A line of a stage's table, as far as its order goes. */
interface StageLine {
  rank: number;
  entrantId: string;
  name: string;
  points: number;
  difference: number;
  /** disqualified mid-event: never seeded into a playoff */
  disqualified?: boolean;
}

/**
 * A Swiss or round-robin stage's order across its tables: every group's first, then every group's
 * second, …, each rank by points, then difference, then name; a single table (Swiss) keeps its own order.
 */
export function stageOrder<T extends StageLine>(tables: readonly { rows: readonly T[] }[]): T[] {
  return tables
    .flatMap((t) => t.rows)
    .sort(
      (x, y) =>
        x.rank - y.rank ||
        y.points - x.points ||
        y.difference - x.difference ||
        (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) ||
        (x.entrantId < y.entrantId ? -1 : x.entrantId > y.entrantId ? 1 : 0),
    );
}

/** The playoff's seeds: the stage's top `size` entrant ids, seed 1 first, passing over the disqualified. */
export const playoffSeeds = (tables: readonly { rows: readonly StageLine[] }[], size: number): string[] =>
  stageOrder(tables)
    .filter((l) => !l.disqualified)
    .slice(0, size)
    .map((l) => l.entrantId);
