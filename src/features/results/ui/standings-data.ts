import type { Standings } from '../contract.ts';

/**
 * The standings a page reads: from the server's locals (src/app/site.ts, the results
 * service the API answers from) or, under `astro dev` where there are none, from the API.
 */
export async function loadStandings(
  data: App.Locals['data'],
  origin: string,
  tournamentId: string,
): Promise<Standings | null> {
  if (data) return data.standings(tournamentId);
  const res = await fetch(new URL(`/api/tournaments/${encodeURIComponent(tournamentId)}/standings`, origin), {
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET standings of ${tournamentId}: ${res.status}`);
  return ((await res.json()) as { data: Standings }).data;
}
