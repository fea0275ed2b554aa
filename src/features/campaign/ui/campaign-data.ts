import type { Campaign, Standings } from '../contract.ts';
import { CAMPAIGN_SLUG } from '../contract.ts';
import type { Tournament } from '../../tournaments/contract.ts';

/**
 * Reads of the campaign pages: from the server's locals (src/app/site.ts, same services as the
 * API) or, under `astro dev` where there are none, from the API.
 */
type Data = App.Locals['data'];

/** Rows per standings page unless ?limit says otherwise (the API's default page size). */
export const STANDINGS_PAGE_SIZE = 100;
/** Tournaments listed on /cortina. */
export const CAMPAIGN_TOURNAMENTS = 8;

async function getJson<T>(origin: string, path: string): Promise<{ data: T; total?: number }> {
  const res = await fetch(new URL(`/api${path}`, origin), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api${path}: ${res.status}`);
  return res.json();
}

export async function loadCampaign(data: Data, origin: string): Promise<Campaign> {
  if (data) return data.campaign();
  return (await getJson<Campaign>(origin, `/campaigns/${CAMPAIGN_SLUG}`)).data;
}

export async function loadStandings(
  data: Data,
  origin: string,
  phase: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<Standings> {
  if (data) return data.campaignStandings(phase, { limit, offset });
  return (
    await getJson<Standings>(
      origin,
      `/campaigns/${CAMPAIGN_SLUG}/phases/${phase}/standings?limit=${limit}&offset=${offset}`,
    )
  ).data;
}

/** The campaign competition's tournaments when it has one, else the brand's next ones. */
export async function loadCampaignTournaments(
  data: Data,
  origin: string,
  competitionId: string | null,
): Promise<Tournament[]> {
  const limit = CAMPAIGN_TOURNAMENTS;
  if (data) return (await data.tournaments({ competitionId, limit })).data;
  const query = competitionId ? `competitionId=${encodeURIComponent(competitionId)}` : 'showAllTournament=false';
  return (await getJson<Tournament[]>(origin, `/tournaments?${query}&limit=${limit}`)).data;
}

/**
 * ?limit&offset of a standings page: limit 1..500 (default 100), offset from 0 (default 0), as
 * the API takes them; null when either is present and not such a number (the page is then "not found").
 */
export function standingsPageParams(params: URLSearchParams): { limit: number; offset: number } | null {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = params.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d{1,7}$/.test(raw)) return null;
    const n = Number(raw);
    return n >= min && n <= max ? n : null;
  };
  const limit = read('limit', STANDINGS_PAGE_SIZE, 1, 500);
  const offset = read('offset', 0, 0, 1_000_000);
  return limit === null || offset === null ? null : { limit, offset };
}

/** "2" → 2 for a phase of the campaign (1..count); anything else null. */
export function phaseParam(raw: string | undefined, count: number): number | null {
  if (!raw || !/^[1-9]$/.test(raw)) return null;
  const n = Number(raw);
  return n <= count ? n : null;
}
