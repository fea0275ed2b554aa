import type { NewsArticle } from '../contract.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';

/** Articles per page of the public /news list. */
export const NEWS_PAGE_SIZE = 9;

type Data = App.Locals['data'];

const otherLocale = (l: Locale): Locale => (l === 'it' ? 'en' : 'it');

/** A text of the article in the visitor's language, else in the other one (only the title is required in both). */
export const inLocale = (pair: Record<Locale, string> | undefined, locale: Locale) => pair?.[locale]?.trim() || pair?.[otherLocale(locale)]?.trim() || '';

/** The body in the visitor's language when it has one, else the other language's. */
export const bodyIn = (a: NewsArticle, locale: Locale) => (a.body?.[locale]?.trim() ? a.body[locale] : (a.body?.[otherLocale(locale)] ?? ''));

/** "?page=3" → 3; anything else (absent, 0, "x", "2.5") is page 1, or null when present and not a page number. */
export function pageParam(raw: string | null): number | null {
  if (raw === null || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Published news, from the server's locals or, under `astro dev`, from the API. */
export async function loadNewsPage(data: Data, origin: string, page: number): Promise<{ data: NewsArticle[]; total: number }> {
  const offset = (page - 1) * NEWS_PAGE_SIZE;
  if (data) return data.news({ limit: NEWS_PAGE_SIZE, offset });
  const res = await fetch(new URL(`/api/news?limit=${NEWS_PAGE_SIZE}&offset=${offset}`, origin), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/news: ${res.status}`);
  const json = await res.json();
  return { data: json.data as NewsArticle[], total: Number(json.total ?? json.data.length) };
}

export { isId as isNewsId } from '../../../platform/ids.ts';

/** One published article, or null (unknown id or a draft: anonymous readers never see drafts). */
export async function loadArticle(data: Data, origin: string, id: string): Promise<NewsArticle | null> {
  if (data) return data.newsArticle(id);
  const res = await fetch(new URL(`/api/news/${encodeURIComponent(id)}`, origin), { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`GET /api/news/${id}: ${res.status}`);
  const article = (await res.json()).data as NewsArticle;
  return article.published ? article : null;
}

/** "22 novembre 2026" / "22 November 2026", in the site's zone. */
export function newsDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(d);
}

/** Readable defaults for admin-written HTML (as on the tournament page). */
export const richTextClass =
  'leading-relaxed text-slate-200 ' +
  '[&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-white [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-white ' +
  '[&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-white [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-white ' +
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 ' +
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:mt-3 [&_blockquote]:border-l-4 ' +
  '[&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:text-slate-300 [&_code]:rounded [&_code]:bg-black/40 [&_code]:px-1 ' +
  '[&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/40 [&_pre]:p-3 [&_img]:mt-3 [&_img]:max-w-full [&_img]:rounded-lg ' +
  '[&_hr]:my-6 [&_hr]:border-line [&>*:first-child]:mt-0';
