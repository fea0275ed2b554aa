import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import { sitePathOf } from '../tournament-view.ts';

const call: TypedCall<TournamentsApi> = api;

export interface CompetitionSummary {
  id: string;
  name: string;
  translations?: { it?: { name?: string }; en?: { name?: string } };
  thumbnail: string;
  game: string;
  url: string;
  playoffsAt: string | null;
  finalsAt: string | null;
  finalsCity: string;
}

let listing: Promise<{ ok: true; data: CompetitionSummary[] } | { ok: false }> | null = null;

/** The owner's competitions, fetched once per page however many elements ask. */
export function listCompetitions(owner: string) {
  listing ??= call<'GET /tournaments/competitions'>(
    `/tournaments/competitions?owner=${encodeURIComponent(owner)}`,
  ).then((res) => (res.ok ? { ok: true as const, data: res.data } : ((listing = null), { ok: false as const })));
  return listing;
}

/**
 * The competition whose landing page is `path` (the championship at /<brand>-bomber-championship):
 * pages are static and the competition's id is data, so the page finds it by its url field.
 */
export async function findCompetitionByPath(
  owner: string,
  path: string,
): Promise<{ ok: true; competition: CompetitionSummary | null } | { ok: false }> {
  const res = await listCompetitions(owner);
  if (!res.ok) return res;
  return { ok: true, competition: res.data.find((c) => sitePathOf(c.url, location.origin) === path) ?? null };
}
