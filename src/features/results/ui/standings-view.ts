import type { ScoringTable, Standings, StandingsRow } from '../contract.ts';

/**
 * What the standings page, the tournament page's top 10 and the live refresh show of a standings
 * row, in one place so the server's rows and the ones the browser redraws cannot differ.
 */

/** The team of a duo, trio or squad lists its players under its name; a solo entrant is its own name. */
export const membersText = (row: Pick<StandingsRow, 'members'>, teamSize: number): string =>
  teamSize > 1 ? row.members.join(', ') : '';

/** A best placement, or a dash before the first counted match. */
export const placementText = (placement: number | null): string => (placement === null ? '–' : String(placement));

/** `template` is results.standings.detail: the phone's one line of the columns it hides. */
export const detailText = (
  template: string,
  row: Pick<StandingsRow, 'matchesCounted' | 'eliminations' | 'bestPlacement'>,
): string =>
  template
    .replace('{matches}', String(row.matchesCounted))
    .replace('{eliminations}', String(row.eliminations))
    .replace('{best}', placementText(row.bestPlacement));

/** What the rank cell says: the rank, or DQ for a player disqualified mid-event (listed last, unranked). */
export const rankText = (row: Pick<StandingsRow, 'rank' | 'disqualified'>): string =>
  row.disqualified ? 'DQ' : String(row.rank);

/** A solo entrant's public page (/player/{username}); a team has none, so its name is no link. */
export const playerPath = (row: Pick<StandingsRow, 'members'>, teamSize: number): string | null =>
  teamSize === 1 && row.members[0] ? `/player/${encodeURIComponent(row.members[0])}` : null;

/** The cells a row fills, by their `data-f` name. */
export function rowFields(row: StandingsRow, teamSize: number, detailTemplate: string): Record<string, string> {
  return {
    rank: rankText(row),
    name: row.name,
    members: membersText(row, teamSize),
    points: String(row.points),
    matches: String(row.matchesCounted),
    eliminations: String(row.eliminations),
    best: placementText(row.bestPlacement),
    detail: detailText(detailTemplate, row),
  };
}

type Say = (key: string, vars?: Record<string, string | number>) => string;
type Plural = (base: string, count: number) => string;

/**
 * The scoring table in a few short lines (results.scoring texts): placements, eliminations, counted matches,
 * tiebreakers.
 */
export function scoringLines(
  table: ScoringTable,
  t: Say,
  plural: Plural,
): { placements: string[]; eliminations: string[]; counted: string; lobby: string; tiebreakers: string[] } {
  const pts = (n: number) => t(plural('scoring.points', n), { count: n });
  return {
    placements: table.placementPoints.map(
      (r) =>
        `${
          r.from === r.to
            ? t('scoring.placementOne', { from: r.from })
            : t('scoring.placementRange', { from: r.from, to: r.to })
        }: ${pts(r.points)}`,
    ),
    eliminations: [
      ...(table.pointsPerElimination > 0
        ? [t(plural('scoring.perElimination', table.pointsPerElimination), { count: table.pointsPerElimination })]
        : []),
      ...table.eliminationBrackets.map(
        (b) =>
          `${
            b.to === null
              ? t('scoring.bracketOpen', { from: b.from })
              : t('scoring.bracketRange', { from: b.from, to: b.to })
          }: ${pts(b.points)}`,
      ),
    ],
    counted:
      table.countedMatches === null
        ? t('scoring.countedAll')
        : t('scoring.countedBest', { count: table.countedMatches }),
    lobby: t('scoring.lobby', { size: table.lobbySize }),
    tiebreakers: table.tiebreakers.map((k) => t(`scoring.tiebreaker.${k}`)),
  };
}

/** Whether a tournament page shows standings: a battle royale that has played a match or is final. */
export const hasStandings = (s: Pick<Standings, 'format' | 'matches' | 'final'> | null): s is Standings =>
  s !== null && s.format === 'battle_royale' && (s.matches > 0 || s.final);
