import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { matchesSearch, PAGE_SIZE, pageCount, pageOffset, SEARCH_DEBOUNCE_MS } from './admin-lists.ts';
import { sortOf } from '../../list-sort.ts';

/** One page of a list, and the search it answers. */
export interface ListPage<Row> {
  query: string;
  rows: Row[];
  total: number;
}

/** A choice kept in the address as `?<name>=`: a filter, or `sort`. Its initial value is left out. */
export interface ListParam {
  values: readonly string[];
  initial: string;
  /** false for a choice that picks a view rather than narrowing the rows: its empty list is "empty", not "no match" */
  narrows?: boolean;
  /** a value outside `values` the address may hold (a record's id): kept when this says it is well formed */
  accepts?: (value: string) => boolean;
}
export type ListParams = Record<string, ListParam>;

/** The list's place in the address: `?q=` the search, `?page=` the page (1 is left out), and each param. */
export interface ListPlace {
  query: string;
  page: number;
  values: Record<string, string>;
}

export function readListPlace(search: string, params: ListParams = {}): ListPlace {
  const address = new URLSearchParams(search);
  const page = Number(address.get('page'));
  const values = Object.fromEntries(
    Object.entries(params).map(([name, p]) => {
      const wanted = address.get(name);
      const free = wanted !== null && p.accepts?.(wanted) ? wanted : undefined;
      return [name, p.values.find((v) => v === wanted) ?? free ?? p.initial];
    }),
  );
  return { query: address.get('q') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1, values };
}

/** The address search with the list's place written into it, other parameters kept. */
export function writeListPlace(search: string, place: ListPlace, params: ListParams = {}): string {
  const address = new URLSearchParams(search);
  const set = (name: string, value: string, initial: string) =>
    value === initial ? address.delete(name) : address.set(name, value);
  set('q', place.query, '');
  for (const [name, p] of Object.entries(params)) set(name, place.values[name] ?? p.initial, p.initial);
  set('page', String(place.page), '1');
  const text = address.toString();
  return text ? `?${text}` : '';
}

/**
 * What the admin does to a list's place: types a search (once it rests), picks a page, or sets a
 * param (a filter or the sort).
 */
export type PlaceStep = { query: string } | { page: number } | { param: string; value: string };

/** How a change of place enters the browser history: a search replaces the entry, a page, filter or sort pushes one. */
export type PlaceChange = 'push' | 'replace';

export const changeOf = (step: PlaceStep): PlaceChange => ('query' in step ? 'replace' : 'push');

/**
 * The place after a step: a new search or param starts on page 1; a step that changes nothing gives the same place
 * back.
 */
export function stepPlace(place: ListPlace, step: PlaceStep): ListPlace {
  if ('query' in step) return step.query === place.query ? place : { ...place, query: step.query, page: 1 };
  if ('page' in step) return step.page === place.page ? place : { ...place, page: step.page };
  return place.values[step.param] === step.value
    ? place
    : { ...place, values: { ...place.values, [step.param]: step.value }, page: 1 };
}

/** The bits of `window` the address needs, so the history logic can be tried without a browser. */
export interface AddressWindow {
  location: { pathname: string; search: string; hash: string };
  history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
}

/**
 * Writes a place into the address: a new history entry for a push, the same entry for a replace, nothing when it is
 * already there.
 */
export function writeAddress(win: AddressWindow, place: ListPlace, change: PlaceChange, params: ListParams = {}): void {
  const { pathname, search, hash } = win.location;
  const next = writeListPlace(search, place, params);
  if (next === search) return;
  const url = `${pathname}${next}${hash}`;
  if (change === 'push') win.history.pushState(win.history.state, '', url);
  else win.history.replaceState(win.history.state, '', url);
}

/** A page as a list reads it: rows and the total, or the API's failure code. */
export type Loaded<Row> = { ok: true; data: Row[]; total?: number } | { ok: false; code: string };

/** The request of a page: the search, the 1-based page and the value of each param (`sort` among them). */
export interface ListRequest {
  query: string;
  page: number;
  values: Record<string, string>;
}

/** One page of rows held whole on the client: searched on `text`, ordered by `order` (if any), then cut. */
export function pageOfAll<Row>(
  all: Row[],
  req: ListRequest,
  text: (row: Row) => string,
  order?: (a: Row, b: Row) => number,
): Loaded<Row> {
  const matches = all.filter((row) => matchesSearch(text(row), req.query));
  if (order) matches.sort(order);
  return {
    ok: true,
    data: matches.slice(pageOffset(req.page), pageOffset(req.page) + PAGE_SIZE),
    total: matches.length,
  };
}

/**
 * The comparison of a `?sort=` value among a list's `orders` (`newest` included if it has one), or none: the API's
 * order.
 */
export function comparisonOf<Row>(
  orders: Partial<Record<string, (a: Row, b: Row) => number>>,
  sort: string | undefined,
): ((a: Row, b: Row) => number) | undefined {
  const order = sortOf(sort ?? 'newest');
  const compare = orders[order?.key ?? 'newest'];
  return compare && order?.direction === 'desc' ? (a, b) => compare(b, a) : compare;
}

/**
 * A loader for an API that pages by limit/offset but cannot search: without a search it reads the
 * page; with one it reads every row in batches and searches them here. `read` is the feature's typed call.
 */
export function searchingEveryPage<Row>(
  read: (limit: number, offset: number, req: ListRequest) => Promise<Loaded<Row>>,
  text: (row: Row) => string,
) {
  const BATCH = 100;
  const MAX_BATCHES = 50;
  return async (req: ListRequest): Promise<Loaded<Row>> => {
    if (!req.query) return read(PAGE_SIZE, pageOffset(req.page), req);
    // the API sorts every batch (`req` carries the sort), so the matches keep its order
    const all: Row[] = [];
    for (let i = 0; i < MAX_BATCHES; i++) {
      const res = await read(BATCH, i * BATCH, req);
      if (!res.ok) return res;
      all.push(...res.data);
      if (res.data.length < BATCH || all.length >= (res.total ?? 0)) break;
    }
    return pageOfAll(all, req, text);
  };
}

/**
 * How a list reads its rows, through its feature's typed call (TypedCall), so the route, its query and
 * the rows' type are checked by the compiler: `load(req)` reads the page the request names; `whole` is a
 * list the API answers whole, read once (again on retry and after a delete), then searched on `text`,
 * ordered by `orders[<sort key>]` and paged here, so a search or a page costs no request.
 */
export type ListReader<Row> =
  | { load: (req: ListRequest) => Promise<Loaded<Row>>; whole?: never }
  | {
      load?: never;
      whole: {
        read: () => Promise<Loaded<Row>>;
        text: (row: Row) => string;
        orders: Partial<Record<string, (a: Row, b: Row) => number>>;
      };
    };

/** What a delete answers, as the list needs it for its toast. */
type Outcome = { ok: true } | { ok: false; code: string };

/**
 * The one list hook of the dashboard: a debounced search, the page and each param (filters and the
 * sort), kept in the address so a reload or the back button returns to the same place; the read of
 * the page (`ListReader`), a stale answer dropped; loading and failure; a page past the end falls
 * back to the last one; and delete-with-confirm, which reloads the page after.
 */
export function useAdminList<Row>(
  opts: ListReader<Row> & {
    /** filters and `sort`; a new value starts on page 1 */
    params?: ListParams;
    /** the toast of a failed read (the code's own text when omitted) */
    loadError?: string | ((code: string) => string);
  },
) {
  const params = opts.params ?? {};
  // the address is read when the list opens, and again when back or forward returns to an earlier place
  const [initial] = useState(() =>
    typeof location === 'undefined' ? readListPlace('', params) : readListPlace(location.search, params),
  );
  const [search, setSearch] = useState(initial.query);
  // the place the rows answer and the address shows; `how` says how its next change enters the history
  const [place, setPlace] = useState<ListPlace>(initial);
  const how = useRef<PlaceChange>('replace');
  // functional, so a search that rests after a filter was picked keeps the filter
  const move = (step: PlaceStep) => {
    how.current = changeOf(step);
    setPlace((p) => stepPlace(p, step));
  };
  const { query, page, values } = place;
  const key = JSON.stringify([query, values]);
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<ListPage<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  // the rows of a whole list, and the reload they were read for
  const whole = useRef<{ reload: number; rows: Row[] } | null>(null);
  // every in-place change of rows, in order: an answer read before a change (a search still on its way
  // when a row was edited) gets the changes made since it was asked for, so it cannot bring the old row back
  const edits = useRef<((rows: Row[]) => Row[])[]>([]);
  const req: ListRequest = { query, page, values };
  // what the answer depends on: the search, the params and the page
  const request = `${key}\u0000${page}`;

  // a search is typed: once it rests, page 1 of its rows; the address follows without a history entry per key
  useEffect(() => {
    const typed = search.trim();
    if (typed === query) return;
    const timer = setTimeout(() => move({ query: typed }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  useEffect(() => {
    const change = how.current;
    how.current = 'replace';
    writeAddress(window, place, change, params);
    /* eslint-disable-next-line react-hooks/exhaustive-deps --
       the params' names never change; `key` and `page` hold the place */
  }, [key, page]);

  // back and forward move between the places pushed above (same page, another query string)
  useEffect(() => {
    const path = location.pathname;
    const follow = () => {
      if (location.pathname !== path) return;
      const back = readListPlace(location.search, params);
      how.current = 'replace';
      setSearch(back.query);
      setPlace(back);
    };
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params' names and values never change
  }, []);

  useEffect(() => {
    let live = true;
    const editsBefore = edits.current.length;
    const since = (rows: Row[]) => edits.current.slice(editsBefore).reduce((r, change) => change(r), rows);
    setLoading(true);
    const readWhole = async (w: NonNullable<typeof opts.whole>): Promise<Loaded<Row>> => {
      if (whole.current?.reload !== reload) {
        const res = await w.read();
        if (!res.ok) return res;
        whole.current = { reload, rows: since(res.data) };
      }
      return pageOfAll(whole.current.rows, req, w.text, comparisonOf(w.orders, req.values.sort));
    };
    const read: Promise<Loaded<Row>> = opts.whole ? readWhole(opts.whole) : opts.load(req);
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
      if (page > last) {
        how.current = 'replace';
        setPlace((p) => ({ ...p, page: last }));
      } else setData({ rows: opts.whole ? res.data : since(res.data), total, query });
    });
    return () => {
      live = false;
    };
    // `request` names everything the answer depends on; reload asks again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, reload]);

  /** Deletes the row awaiting confirmation with `remove` (the feature's typed DELETE); `done` gets the outcome. */
  const confirmDelete = async (remove: () => Promise<Outcome>, done: (result: Outcome) => void) => {
    if (!pendingDelete) return;
    setDeleting(true);
    const res = await remove();
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
    /** a new page, a filter or a sort is a step the back button returns from */
    setPage: (n: number) => move({ page: n }),
    /** the value of each param, `sort` among them */
    values,
    setValue: (name: string, value: string) => move({ param: name, value }),
    /** a search or a filter (not the sort) narrows the rows: the empty text is "no match" */
    filtered:
      query !== '' ||
      Object.entries(params).some(([name, p]) => name !== 'sort' && p.narrows !== false && values[name] !== p.initial),
    data,
    loading,
    failure,
    retry: () => setReload((n) => n + 1),
    /** changes rows in place (an edit answered with the new row), without reading the page again */
    updateRows: (change: (rows: Row[]) => Row[]) => {
      edits.current.push(change);
      if (whole.current) whole.current = { ...whole.current, rows: change(whole.current.rows) };
      setData((d) => (d ? { ...d, rows: change(d.rows) } : d));
    },
    pendingDelete,
    setPendingDelete,
    deleting,
    confirmDelete,
  };
}

export type AdminListState<Row> = ReturnType<typeof useAdminList<Row>>;
