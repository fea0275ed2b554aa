import type { Locale } from '../../../platform/i18n/i18n.ts';
import { pickText } from '../../../platform/i18n/content-translations.ts';
import { HISTORY_PAGE, playerParamsSchema, type HistoryEntry, type PlayerProfile } from '../contract.ts';

type Data = App.Locals['data'];

/** "?offset=20" → 20 when it is a page boundary; absent is 0; anything else is null (a bad address). */
export function offsetParam(raw: string | null): number | null {
  if (raw === null || raw === '') return 0;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n % HISTORY_PAGE === 0 ? n : null;
}

/** The username a valid address names, else null (the page answers 404 without asking). */
export const usernameParam = (raw: string | undefined): string | null => {
  const parsed = playerParamsSchema.safeParse({ username: raw ?? '' });
  return parsed.success ? parsed.data.username : null;
};

/** The public page's data, from the server's locals or, under `astro dev`, from the API; null when not found. */
export async function loadPlayer(
  data: Data,
  origin: string,
  username: string,
  offset: number,
): Promise<PlayerProfile | null> {
  if (data) return data.player(username, offset);
  const res = await fetch(new URL(`/api/players/${encodeURIComponent(username)}?offset=${offset}`, origin), {
    headers: { accept: 'application/json' },
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`GET /api/players/${username}: ${res.status}`);
  return (await res.json()).data as PlayerProfile;
}

/** A bilingual name in the page's language, the Italian when the English is empty. */
export const nameIn = (name: { it: string; en: string }, locale: Locale) => pickText(name.it, name.en, locale);

/** What the placing column says: the bracket's words, a rank, or why there is none. */
export function placingKey(e: HistoryEntry): { key: string; rank?: number } {
  if (!e.started) return { key: 'history.none' };
  if (e.disqualified) return { key: 'history.disqualified' };
  if (e.placing) return { key: `history.${e.placing}` };
  if (e.rank !== null) return { key: 'history.rank', rank: e.rank };
  return { key: 'history.unranked' };
}

export type HistoryPhase = 'upcoming' | 'checkinOpen' | 'live';

/** Where a tournament of the history stands, when not over: not begun (its check-in open or not yet), or live. */
export function historyPhase(e: HistoryEntry): HistoryPhase | null {
  if (!e.started) return e.checkinOpen ? 'checkinOpen' : 'upcoming';
  return e.finalized ? null : 'live';
}
