import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../browser/api-client.ts';
import { pageCount, SEARCH_DEBOUNCE_MS } from './admin-lists.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** One page of a list, and the search it answers. */
export interface ListPage<Row> {
  query: string;
  rows: Row[];
  total: number;
}

/** The list's place in the address: `?q=` the search, `?page=` the page (1 is left out). */
export function readListPlace(search: string): { query: string; page: number } {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { query: params.get('q') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The address search with the list's place written into it, other parameters kept. */
export function writeListPlace(search: string, place: { query: string; page: number }): string {
  const params = new URLSearchParams(search);
  if (place.query) params.set('q', place.query);
  else params.delete('q');
  if (place.page > 1) params.set('page', String(place.page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

const initialPlace = () => (typeof location === 'undefined' ? { query: '', page: 1 } : readListPlace(location.search));

/** A page as a list reads it: rows and the total, or the API's failure code. */
export type Loaded<Row> = { ok: true; data: Row[]; total?: number } | { ok: false; code: string };

/**
 * The one list hook of the dashboard: a debounced search and the page, kept in the address so a
 * reload or the back button returns to the same place; the fetch of the page (`url(query, page)`,
 * or `load` for a list that searches on the client), a stale answer dropped; loading and failure; a
 * page past the end falls back to the last one; and delete-with-confirm, which reloads the page after.
 */
export function useAdminList<Row, Filter extends string = string>(opts: {
  url?: (query: string, page: number, filter: Filter) => string;
  load?: (query: string, page: number) => Promise<Loaded<Row>>;
  /** a filter kept in the address as `?<param>=` (its default is left out); a new value starts on page 1 */
  filter?: { param: string; values: readonly Filter[]; initial: Filter };
  base?: string;
  /** the toast of a failed read (the code's own text when omitted) */
  loadError?: string | ((code: string) => string);
}) {
  // the address is read once, when the list opens
  const [initial] = useState(initialPlace);
  const [search, setSearch] = useState(initial.query);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Filter>(() => {
    const wanted = typeof location === 'undefined' || !opts.filter ? null : new URLSearchParams(location.search).get(opts.filter.param);
    return opts.filter?.values.find((v) => v === wanted) ?? (opts.filter?.initial as Filter);
  });
  // the page belongs to a search and a filter: a new one starts on page 1 without reading the old page first
  const key = `${query}\u0000${filter}`;
  const [paging, setPaging] = useState(() => ({ key: `${initial.query}\u0000${filter}`, page: initial.page }));
  const page = paging.key === key ? paging.page : 1;
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<ListPage<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  // what the answer depends on: the address of the page, or the search and page for a loader
  const request = opts.url ? opts.url(query, page, filter) : `${key}\u0000${page}`;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (opts.filter) {
      if (filter === opts.filter.initial) params.delete(opts.filter.param);
      else params.set(opts.filter.param, filter);
    }
    const next = writeListPlace(params.toString() ? `?${params}` : '', { query, page });
    if (next !== location.search) history.replaceState(history.state, '', `${location.pathname}${next}${location.hash}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter's parameter name never changes
  }, [query, page, filter]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const read: Promise<Loaded<Row>> = opts.load ? opts.load(query, page) : api<Row[]>(request, { base: opts.base });
    read.then((res) => {
      if (!live) return;
      setLoading(false);
      if (!res.ok) {
        setFailure(res.code);
        if (opts.loadError) toast.error(typeof opts.loadError === 'string' ? opts.loadError : opts.loadError(res.code));
        return;
      }
      setFailure(null);
      const total = res.total ?? res.data.length;
      const last = pageCount(total);
      if (page > last) setPaging({ key, page: last });
      else setData({ rows: res.data, total, query });
    });
    return () => {
      live = false;
    };
    // `request` names everything the answer depends on; reload asks again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, reload]);

  /** DELETE `path` of the row awaiting confirmation; `done` gets the outcome for its toast. */
  const confirmDelete = async (path: string, done: (result: { ok: true } | { ok: false; code: string }) => void) => {
    if (!pendingDelete) return;
    setDeleting(true);
    const res = await api<unknown>(path, { method: 'DELETE', base: opts.base });
    setDeleting(false);
    if (!res.ok) return done({ ok: false, code: res.code });
    done({ ok: true });
    setPendingDelete(null);
    setReload((n) => n + 1);
  };

  return {
    search,
    setSearch,
    query,
    page,
    setPage: (n: number) => setPaging({ key, page: n }),
    filter,
    setFilter,
    data,
    loading,
    failure,
    retry: () => setReload((n) => n + 1),
    /** changes rows in place (an edit answered with the new row), without reading the page again */
    updateRows: (change: (rows: Row[]) => Row[]) => setData((d) => (d ? { ...d, rows: change(d.rows) } : d)),
    pendingDelete,
    setPendingDelete,
    deleting,
    confirmDelete,
  };
}
