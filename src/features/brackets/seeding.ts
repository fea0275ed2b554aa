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
