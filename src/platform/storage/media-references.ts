import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { BUCKET_PATTERN, NAME_PATTERN } from './media-storage.ts';

/** A stored object as an address names it: /media/{bucket}/{name}. */
export interface MediaKey {
  bucket: string;
  name: string;
}

/**
 * A feature's answer to "which stored images do your rows name?", asked by the media sweep (media-sweep.ts), which
 * deletes an old object no answer names. So a feature that keeps an image address in a column hands one of these to
 * the composition root, and it names every address of every row, whatever the brand: brands sharing a database may
 * share a bucket, and a row of another brand naming an object must keep it as well as one of ours. It reads in
 * pages, each one short statement, so a large table neither holds a connection (SQLite's only one) nor a snapshot
 * while the sweep goes on; a failed read throws, and the sweep then deletes nothing.
 */
export type MediaReferences = (db: Kysely<Database>) => AsyncIterable<MediaKey>;

const inner = (pattern: RegExp) => pattern.source.replace(/^\^/, '').replace(/\$$/, '');
const mediaAddress = new RegExp(`/media/(${inner(BUCKET_PATTERN)})/(${inner(NAME_PATTERN)})`, 'g');

/**
 * Every media address in a text: a column holding one, our own site's https URL of one, or HTML with pictures in it
 * (a tournament's rules, a news article's body). A text naming no object of ours yields nothing.
 */
export function* mediaKeysIn(text: string | null | undefined): Generator<MediaKey> {
  if (!text) return;
  for (const match of text.matchAll(mediaAddress)) yield { bucket: match[1], name: match[2] };
}

/** The tables whose rows have a text `id` to page by. */
type PagedTable = keyof Database &
  { [T in keyof Database]: Selectable<Database[T]> extends { id: string } ? T : never }[keyof Database];

/** The columns of a table that hold text. */
type TextColumn<T extends PagedTable> = {
  [C in keyof Selectable<Database[T]>]: Selectable<Database[T]>[C] extends string | null ? C : never;
}[keyof Selectable<Database[T]>] &
  string;

/** Kysely types a query for one named table; this helper serves several, so it builds through one loose shape. */
type Loose = Record<string, Record<string, string | null>>;

/** Rows a page reads at most: a page of tournaments may carry four rich texts of up to 50,000 characters each. */
const PAGE_ROWS = 200;

/**
 * The media addresses in some text columns of a table, every row's, read in pages of rows by `id`. Only rows with
 * "/media/" in one of the columns are read (a superset: SQLite's LIKE ignores case), so rows without images cost a
 * scan of the index and no transfer.
 */
export async function* mediaInColumns<T extends PagedTable>(
  db: Kysely<Database>,
  table: T,
  columns: TextColumn<T>[],
  pageRows = PAGE_ROWS,
): AsyncGenerator<MediaKey> {
  const loose = db as unknown as Kysely<Loose>;
  const names: string[] = columns;
  let after: string | null = null;
  for (;;) {
    let query = loose
      .selectFrom(table as string)
      .select(['id', ...names])
      .where((eb) => eb.or(names.map((column) => eb(column, 'like', '%/media/%'))))
      .orderBy('id')
      .limit(pageRows);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.execute();
    for (const row of rows) for (const column of names) yield* mediaKeysIn(row[column]);
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Several reads of one feature, one after the other. The order can matter: a row that copies another's address
 * (a purchase keeps its product's picture) is read after the row it copies from, so an address moving from one to
 * the other while the sweep reads is seen in one of them.
 */
export function inTurn(...reads: MediaReferences[]): MediaReferences {
  return async function* (db) {
    for (const read of reads) yield* read(db);
  };
}
