import { MAX_REPORTED_MATCH } from '../../report-limits.ts';
import type { AdminReport, ReportFilter } from '../../contract.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { UrlOf } from '../../../../platform/browser/typed-api.ts';

/**
 * The pure side of the match reports queue: its filters and its address, kept apart from the
 * components so unit tests cover them without a browser.
 */

/** The queue opens on what still needs a decision, flagged ones among them. */
export const reportFilterValues: readonly ReportFilter[] = ['pending', 'flagged', 'approved', 'rejected', 'all'];
export const matchFilterValues: readonly string[] = [
  'all',
  ...Array.from({ length: MAX_REPORTED_MATCH }, (_, i) => String(i + 1)),
];

/**
 * The match filter's choices: "all", then only the matches this tournament has (recorded, or
 * reported by a player), in order, and the one chosen in the address even when it has neither.
 */
export function matchChoices(numbers: Iterable<number>, chosen: string): string[] {
  const present = new Set<number>();
  for (const n of numbers) if (Number.isInteger(n) && n >= 1 && n <= MAX_REPORTED_MATCH) present.add(n);
  const picked = Number(chosen);
  if (chosen !== 'all' && Number.isInteger(picked)) present.add(picked);
  return ['all', ...[...present].sort((a, b) => a - b).map(String)];
}

/** GET /tournaments/{id}/reports with the filters ("all" filters left out). */
export function reportsPath(
  tournamentId: string,
  status: string,
  match: string,
): UrlOf<ResultsApi, 'GET /tournaments/:id/reports'> {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (match !== 'all') params.set('matchNumber', match);
  const query = params.toString();
  const path = `/tournaments/${encodeURIComponent(tournamentId)}/reports` as const;
  return query ? `${path}?${query}` : path;
}

/** What the search matches: the reporter's username and the entrant's name. */
export const reportText = (r: Pick<AdminReport, 'username' | 'entrantName'>) => `${r.username} ${r.entrantName}`;
