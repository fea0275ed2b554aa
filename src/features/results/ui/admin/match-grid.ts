/** A grid row of the match entry as typed: numbers stay text until saved. */
export interface GridLine {
  entrantId: string;
  placement: string;
  eliminations: string;
}

/** A blank row: no entrant, no placement, no eliminations. */
export const emptyLine = (): GridLine => ({ entrantId: '', placement: '', eliminations: '0' });

/**
 * The grid with one row per entrant: the rows already there stay (an entrant keeps its numbers),
 * every entrant without a row gets an empty one, in the entrants' order; blank rows go.
 */
export function fillRows(lines: readonly GridLine[], entrants: readonly { id: string }[]): GridLine[] {
  const kept = lines.filter((l) => l.entrantId !== '');
  const have = new Set(kept.map((l) => l.entrantId));
  return [...kept, ...entrants.filter((e) => !have.has(e.id)).map((e) => ({ ...emptyLine(), entrantId: e.id }))];
}

/** How many lines of a match name an entrant playing now: fewer than the entrants, and the match is short. */
export const playingLines = (lines: readonly { entrantId: string }[], entrants: readonly { id: string }[]): number =>
  lines.filter((l) => entrants.some((e) => e.id === l.entrantId)).length;
