import type { MatchLine } from './contract.ts';

/**
 * The rules of one match's lines, shared by the admin's grid (it marks the row at fault before
 * sending) and the server (which refuses the same lines with the same code). Pure.
 */

export type LineIssueCode = 'ENTRANT_REPEATED' | 'PLACEMENT_TAKEN' | 'PLACEMENT_OVER_LOBBY' | 'ENTRANT_NOT_CHECKED_IN';

export interface LineIssue {
  /** index of the line at fault (the second of two that clash) */
  index: number;
  code: LineIssueCode;
}

/**
 * What is wrong with a match's lines, one issue per faulty line, in line order: an entrant not on
 * the roster, a placement above the lobby, then an entrant or a placement already used by an
 * earlier line of the same match.
 */
export function lineIssues(
  lines: readonly Pick<MatchLine, 'entrantId' | 'placement'>[],
  entrantIds: ReadonlySet<string>,
  lobbySize: number,
): LineIssue[] {
  const issues: LineIssue[] = [];
  const seenEntrants = new Set<string>();
  const seenPlacements = new Set<number>();
  lines.forEach((line, index) => {
    const code: LineIssueCode | null = !entrantIds.has(line.entrantId)
      ? 'ENTRANT_NOT_CHECKED_IN'
      : line.placement > lobbySize
        ? 'PLACEMENT_OVER_LOBBY'
        : seenEntrants.has(line.entrantId)
          ? 'ENTRANT_REPEATED'
          : seenPlacements.has(line.placement)
            ? 'PLACEMENT_TAKEN'
            : null;
    seenEntrants.add(line.entrantId);
    seenPlacements.add(line.placement);
    if (code) issues.push({ index, code });
  });
  return issues;
}

/** Teams of `size` from players in order; the last one may be short. */
export function autoTeams<T>(players: readonly T[], size: number): T[][] {
  const teams: T[][] = [];
  for (let i = 0; i < players.length; i += size) teams.push(players.slice(i, i + size));
  return teams;
}
