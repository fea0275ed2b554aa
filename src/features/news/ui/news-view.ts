import type { NewsArticle } from '../contract.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';

/** Articles per page of the public /news list. */
export const NEWS_PAGE_SIZE = 9;

type Data = App.Locals['data'];

const otherLocale = (l: Locale): Locale => (l === 'it' ? 'en' : 'it');

/** A text of the article in the visitor's language, else in the other one (only the title is required in both). */
export const inLocale = (pair: Record<Locale, string> | undefined, locale: Locale) =>
  pair?.[locale]?.trim() || pair?.[otherLocale(locale)]?.trim() || '';

/** The body in the visitor's language when it has one, else the other language's. */
export const bodyIn = (a: NewsArticle, locale: Locale) =>
  a.body?.[locale]?.trim() ? a.body[locale] : (a.body?.[otherLocale(locale)] ?? '');

/** "?page=3" → 3; anything else (absent, 0, "x", "2.5") is page 1, or null when present and not a page number. */
export function pageParam(raw: string | null): number | null {
  if (raw === null || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Published news, from the server's locals or, under `astro dev`, from the API. */
export async function loadNewsPage(
  data: Data,
  origin: string,
  page: number,
): Promise<{ data: NewsArticle[]; total: number }> {
  const offset = (page - 1) * NEWS_PAGE_SIZE;
  if (data) return data.news({ limit: NEWS_PAGE_SIZE, offset });
  const res = await fetch(new URL(`/api/news?limit=${NEWS_PAGE_SIZE}&offset=${offset}`, origin), {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`GET /api/news: ${res.status}`);
  const json = await res.json();
  return { data: json.data as NewsArticle[], total: Number(json.total ?? json.data.length) };
}

export { isId as isNewsId } from '../../../platform/ids.ts';

/** One published article, or null (unknown id or a draft: anonymous readers never see drafts). */
export async function loadArticle(data: Data, origin: string, id: string): Promise<NewsArticle | null> {
  if (data) return data.newsArticle(id);
  const res = await fetch(new URL(`/api/news/${encodeURIComponent(id)}`, origin), {
    headers: { accept: 'application/json' },
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`GET /api/news/${id}: ${res.status}`);
  const article = (await res.json()).data as NewsArticle;
  return article.published ? article : null;
}
