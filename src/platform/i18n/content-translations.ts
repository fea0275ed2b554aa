import { z } from 'zod';

/**
 * Texts an admin writes in both languages (tournaments, badges, products, competitions), stored as
 * news stores them: the original columns are the Italian text, `<column>_en` the English one. The
 * API answers with the original client's flat fields in the request's language and, for the admin forms,
 * `translations: {it: {...}, en: {...}}`. An empty English text falls back to the Italian one.
 */
export type ContentLocale = 'it' | 'en';

/** The answer's `translations` for the given text fields. */
export const translationsSchema = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ it: z.object(shape), en: z.object(shape) });

/**
 * The write's `translations` (optional): either language and any of its fields may be left out. `it` wins over
 * the flat fields (which the original client still sends, and which are the Italian text).
 */
export const translationsInputSchema = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ it: z.object(shape).partial().optional(), en: z.object(shape).partial().optional() }).optional();

/** The text shown in `locale`: English when there is one, else the Italian. */
export const pickText = (it: string, en: string, locale: ContentLocale): string =>
  locale === 'en' && en.trim() !== '' ? en : it;

type Texts = Record<string, string>;
const isTexts = (v: unknown): v is Texts =>
  !!v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string');

/**
 * The answer with every object carrying `translations` given its flat fields in `locale`, at any
 * depth (a purchase's product, a tournament list). Returns new objects; the input is not changed.
 */
export function localizeContent<T>(value: T, locale: ContentLocale): T {
  if (Array.isArray(value)) return value.map((v) => localizeContent(v, locale)) as T;
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'translations' ? v : localizeContent(v, locale);
  const tr = (value as { translations?: { it?: unknown; en?: unknown } }).translations;
  if (tr && isTexts(tr.it) && isTexts(tr.en)) {
    for (const [field, it] of Object.entries(tr.it)) out[field] = pickText(it, tr.en[field] ?? '', locale);
  }
  return out as T;
}

/**
 * The request's language, from Accept-Language: English when English is the first language the
 * client names, else Italian (the product's default language). The site's client sends the page's language.
 */
export function localeOfHeader(acceptLanguage: string | string[] | undefined): ContentLocale {
  const first = String(Array.isArray(acceptLanguage) ? acceptLanguage[0] : (acceptLanguage ?? ''))
    .split(',')[0]
    .trim()
    .toLowerCase();
  return first === 'en' || first.startsWith('en-') ? 'en' : 'it';
}

/**
 * Copies the per-language write fields onto the row's columns: `it` over the flat (Italian) columns, `en` onto
 * `<column>_en`.
 */
export function translationColumns(
  tr: { it?: Record<string, string | undefined>; en?: Record<string, string | undefined> } | undefined,
  columns: Record<string, string>,
  clean: (field: string, text: string) => string = (_f, t) => t,
): Record<string, string> {
  const set: Record<string, string> = {};
  if (!tr) return set;
  for (const [field, column] of Object.entries(columns)) {
    const it = tr.it?.[field];
    const en = tr.en?.[field];
    if (it !== undefined) set[column] = clean(field, it);
    if (en !== undefined) set[`${column}_en`] = clean(field, en);
  }
  return set;
}

/**
 * The answer's `translations` of a row, the other way round from translationColumns: each field from its Italian
 * column and the `<column>_en` beside it.
 */
export function translationsOf<F extends string>(
  row: object,
  columns: Record<F, string>,
): { it: Record<F, string>; en: Record<F, string> } {
  const cells = row as Record<string, string>;
  const it = {} as Record<F, string>;
  const en = {} as Record<F, string>;
  for (const [field, column] of Object.entries(columns) as [F, string][]) {
    it[field] = cells[column];
    en[field] = cells[`${column}_en`];
  }
  return { it, en };
}
