import { z } from 'zod';
import { imageUrl, limitQuery, offsetQuery, sortQuery } from '../../platform/schemas.ts';
import { sortValues } from '../../platform/list-sort.ts';
import { locales } from '../../platform/i18n/i18n.ts';

/**
 * News articles (admin dashboard): every text in Italian and English. The body is HTML cleaned on
 * save with the tournaments' rich-text rules. Safe on client and server.
 */
const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) => z.string().trim().max(max).refine(noNul, 'nul');
const bilingual = <T extends z.ZodType>(field: T) => z.object({ it: field, en: field });

export const NEWS_TITLE_MAX = 160;
export const NEWS_SUMMARY_MAX = 400;
export const NEWS_BODY_MAX = 50_000;

export const newsArticleSchema = z.object({
  id: z.string(),
  title: bilingual(z.string()),
  summary: bilingual(z.string()),
  /** sanitised HTML */
  body: bilingual(z.string()),
  /** '' or /media/… or https://… */
  image: z.string(),
  published: z.boolean(),
  /** set the first time the article is published; cleared when it is unpublished */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsInputSchema = z.object({
  title: bilingual(text(NEWS_TITLE_MAX).min(1)),
  summary: bilingual(text(NEWS_SUMMARY_MAX)).default({ it: '', en: '' }),
  body: bilingual(z.string().max(NEWS_BODY_MAX).refine(noNul, 'nul')).default({ it: '', en: '' }),
  image: z.union([z.literal(''), imageUrl]).default(''),
  published: z.boolean().default(false),
});
export type NewsInput = z.output<typeof newsInputSchema>;

/** PUT /news/{id}: any subset; a language pair is sent whole. */
export const newsUpdateSchema = z
  .object({
    title: bilingual(text(NEWS_TITLE_MAX).min(1)),
    summary: bilingual(text(NEWS_SUMMARY_MAX)),
    body: bilingual(z.string().max(NEWS_BODY_MAX).refine(noNul, 'nul')),
    image: z.union([z.literal(''), imageUrl]),
    published: z.boolean(),
  })
  .partial();
export type NewsUpdate = z.output<typeof newsUpdateSchema>;

/** How the news list may be ordered: its own order (the default), by title or by the date the list shows. */
export const newsSorts = sortValues(['title', 'date']);

export const newsListQuerySchema = z.object({
  limit: limitQuery(10, 100),
  offset: offsetQuery,
  /** admins only: drafts too, newest updated first */
  all: z.enum(['true', 'false']).optional(),
  sort: sortQuery(newsSorts),
  /** the language whose title `sort=title` orders by */
  lang: z.enum(locales).default('it'),
});
export type NewsListQuery = z.output<typeof newsListQuerySchema>;

/** Error codes of news (each has a text in errors.<CODE>). */
export const newsErrors = ['NEWS_NOT_FOUND'] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    news: (typeof newsErrors)[number];
  }
}
