import type { ScoringTable, StandingsRow, Tiebreaker } from './contract.ts';

/**
 * Battle-royale standings from a scoring table and the matches played. Pure and synchronous: the
 * server computes the live standings with it on every (micro-cached) read, the admin's preview
 * and the property tests use the same function.
 */

export interface ScoredLine {
  entrantId: string;
  placement: number;
  eliminations: number;
  /** ISO instant the line was entered or approved */
  submittedAt: string;
}

export interface ScoredMatch {
  number: number;
  voided: boolean;
  lines: readonly ScoredLine[];
}

export interface StandingsEntrant {
  id: string;
  name: string;
  /** usernames (a solo entrant: their own) */
  members: readonly string[];
}

/** Points one line earns: its placement range, plus per elimination, plus its elimination bracket. */
export function linePoints(table: ScoringTable, line: Pick<ScoredLine, 'placement' | 'eliminations'>): number {
  const byPlacement =
    table.placementPoints.find((r) => line.placement >= r.from && line.placement <= r.to)?.points ?? 0;
  const bracket =
    table.eliminationBrackets.find((r) => line.eliminations >= r.from && (r.to === null || line.eliminations <= r.to))
      ?.points ?? 0;
  return byPlacement + line.eliminations * table.pointsPerElimination + bracket;
}

/** One entrant's figures over the matches that count for them: what the order compares. */
export interface Tally {
  entrant: StandingsEntrant;
  points: number;
  matchesCounted: number;
  matchesPlayed: number;
  eliminations: number;
  bestPlacement: number;
  placementSum: number;
  /** the latest submission among the counted lines: whoever got there first ranks higher */
  lastSubmitted: string;
}

const NEVER = '\uffff';

function tallyOf(
  table: ScoringTable,
  entrant: StandingsEntrant,
  lines: { line: ScoredLine; match: number; points: number }[],
): Tally {
  // best N by points; equal points keep the earlier match, so the choice never depends on input order
  const counted =
    table.countedMatches === null
      ? lines
      : [...lines].sort((a, b) => b.points - a.points || a.match - b.match).slice(0, table.countedMatches);
  const t: Tally = {
    entrant,
    points: 0,
    matchesCounted: counted.length,
    matchesPlayed: lines.length,
    eliminations: 0,
    bestPlacement: Infinity,
    placementSum: 0,
    lastSubmitted: counted.length ? '' : NEVER,
  };
  for (const c of counted) {
    t.points += c.points;
    t.eliminations += c.line.eliminations;
    t.bestPlacement = Math.min(t.bestPlacement, c.line.placement);
    t.placementSum += c.line.placement;
    if (c.line.submittedAt > t.lastSubmitted) t.lastSubmitted = c.line.submittedAt;
  }
  return t;
}

const average = (t: Tally) => (t.matchesCounted ? t.placementSum / t.matchesCounted : Infinity);

/** Negative when `a` ranks above `b` on one tiebreaker, 0 when they are level on it. */
function byTiebreaker(k: Tiebreaker, a: Tally, b: Tally): number {
  switch (k) {
    case 'eliminations':
      return b.eliminations - a.eliminations;
    case 'best_placement':
      return a.bestPlacement === b.bestPlacement ? 0 : a.bestPlacement < b.bestPlacement ? -1 : 1;
    case 'average_placement': {
      // compared as fractions, so two equal averages are equal whatever their rounding
      const x = a.placementSum * b.matchesCounted;
      const y = b.placementSum * a.matchesCounted;
      if (!a.matchesCounted || !b.matchesCounted)
        return a.matchesCounted === b.matchesCounted ? 0 : a.matchesCounted ? -1 : 1;
      return x === y ? 0 : x < y ? -1 : 1;
    }
    case 'earliest_submission':
      return a.lastSubmitted === b.lastSubmitted ? 0 : a.lastSubmitted < b.lastSubmitted ? -1 : 1;
  }
}

/** The ranking order: points, then the table's tiebreakers in order. 0 means a true tie (a shared rank). */
export function compareTallies(table: ScoringTable, a: Tally, b: Tally): number {
  if (a.points !== b.points) return b.points - a.points;
  for (const k of table.tiebreakers) {
    const c = byTiebreaker(k, a, b);
    if (c !== 0) return c;
  }
  return 0;
}

/** Each entrant's tally, in the entrants' order (the property tests check the order on these). */
export function talliesOf(
  table: ScoringTable,
  entrants: readonly StandingsEntrant[],
  matches: readonly ScoredMatch[],
): Tally[] {
  const linesOf = new Map<string, { line: ScoredLine; match: number; points: number }[]>();
  for (const e of entrants) linesOf.set(e.id, []);
  for (const m of matches) {
    if (m.voided) continue;
    for (const line of m.lines)
      linesOf.get(line.entrantId)?.push({ line, match: m.number, points: linePoints(table, line) });
  }
  return entrants.map((e) => tallyOf(table, e, linesOf.get(e.id)!));
}

const byName = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/**
 * The standings: every entrant (those without a result last), ranked by points then the
 * tiebreakers; entrants level on all of them share a rank (1, 2, 2, 4) and are listed by name.
 * Voided matches and lines of entrants not in `entrants` do not count.
 */
export function computeStandings(
  table: ScoringTable,
  entrants: readonly StandingsEntrant[],
  matches: readonly ScoredMatch[],
): StandingsRow[] {
  const tallies = talliesOf(table, entrants, matches);
  tallies.sort(
    (a, b) =>
      compareTallies(table, a, b) ||
      byName.compare(a.entrant.name, b.entrant.name) ||
      (a.entrant.id < b.entrant.id ? -1 : a.entrant.id > b.entrant.id ? 1 : 0),
  );
  const rows: StandingsRow[] = [];
  tallies.forEach((t, i) => {
    const prev = i > 0 ? tallies[i - 1]! : null;
    const rank = prev && compareTallies(table, prev, t) === 0 ? rows[i - 1]!.rank : i + 1;
    rows.push({
      rank,
      entrantId: t.entrant.id,
      name: t.entrant.name,
      members: [...t.entrant.members],
      points: t.points,
      matchesCounted: t.matchesCounted,
      matchesPlayed: t.matchesPlayed,
      eliminations: t.eliminations,
      bestPlacement: t.matchesCounted ? t.bestPlacement : null,
      averagePlacement: t.matchesCounted ? Math.round((average(t) + Number.EPSILON) * 100) / 100 : null,
    });
  });
  return rows;
}
