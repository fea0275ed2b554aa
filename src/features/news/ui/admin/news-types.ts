import type { NewsArticle } from '../../contract.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';

export type { NewsArticle };

/** What the form edits: the body of POST /api/news (and of PUT, sent whole). */
export type NewsInput = Pick<NewsArticle, 'title' | 'summary' | 'body' | 'image' | 'published'>;

export const toNewsInput = (a: NewsArticle): NewsInput => ({
  title: { ...a.title },
  summary: { ...a.summary },
  body: { ...a.body },
  image: a.image ?? '',
  published: a.published,
});

/** The title in the admin's language, else in the other one. */
export const titleIn = (a: Pick<NewsArticle, 'title'>, locale: Locale, fallback: string) =>
  a.title?.[locale]?.trim() || a.title?.[locale === 'it' ? 'en' : 'it']?.trim() || fallback;
