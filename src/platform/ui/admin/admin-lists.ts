/** Admin list constants (docs/product-rules.md "Limits and timings"), shared by every dashboard table. */
export const PAGE_SIZE = 10;
/** How many numbered page buttons the pagination shows at once. */
export const PAGE_WINDOW = 5;
export const SEARCH_DEBOUNCE_MS = 300;

export const pageCount = (total: number, size: number = PAGE_SIZE) => Math.max(1, Math.ceil(Math.max(0, total) / size));

/**
 * The numbered buttons around `page` (1-based): up to `width` consecutive pages, the current one
 * centred when possible and the window shifted at either end so it always holds `width` pages
 * when there are that many.
 */
export function pageWindow(page: number, pages: number, width: number = PAGE_WINDOW): number[] {
  const count = Math.max(1, Math.floor(pages));
  const size = Math.min(width, count);
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The offset of a 1-based page, for limit/offset APIs. */
export const pageOffset = (page: number, size: number = PAGE_SIZE) => (Math.max(1, page) - 1) * size;

/** A list's filters as a query; one without a value (no search, "all") is left out, so the API applies its default. */
export function filledQuery(filters: Record<string, string | undefined>): URLSearchParams {
  return new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));
}

/** The query of one page of a limit/offset list, with the list's own filters (as filledQuery). */
export const pageQuery = (page: number, filters: Record<string, string | undefined> = {}) =>
  filledQuery({ limit: String(PAGE_SIZE), offset: String(pageOffset(page)), ...filters });

/** Case- and accent-insensitive "contains", for searching names on the client. */
export function matchesSearch(text: string, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const q = fold(query.trim());
  return q === '' || fold(text).includes(q);
}
