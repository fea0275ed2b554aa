import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { orderFor } from '../../../platform/db/search.ts';
import { countAll } from '../../../platform/db/database.ts';
import type { Database, NewsTable } from '../../../platform/db/schema.ts';
import type { NewsArticle } from '../contract.ts';
import { findOwned, updateOwned } from '../../../platform/db/owned-rows.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database>;
type Row = Selectable<NewsTable>;

export type NewsFields = Omit<
  NewsTable,
  | 'id'
  | 'owner'
  | 'created_at'
  | 'updated_at'
  | 'summary_it'
  | 'summary_en'
  | 'body_it'
  | 'body_en'
  | 'image'
  | 'published'
> & {
  summary_it: string;
  summary_en: string;
  body_it: string;
  body_en: string;
  image: string;
  published: number;
};

/** Published articles newest first by publication, or (drafts included) newest updated first. */
export async function list(
  db: Db,
  owner: string,
  q: { limit: number; offset: number; includeDrafts: boolean; sort?: string; lang?: 'it' | 'en' },
): Promise<{ data: NewsArticle[]; total: number }> {
  let base = db.selectFrom('news').where('owner', '=', owner);
  if (!q.includeDrafts) base = base.where('published', '=', 1);
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  // the title in the admin's language, and the date the list shows
  const title = q.lang === 'en' ? sql`lower(title_en)` : sql`lower(title_it)`;
  const order = orderFor(q.sort ?? 'newest', { title, date: sql`coalesce(published_at, updated_at)` });
  let rows = base.selectAll();
  rows = order
    ? rows.orderBy(...order)
    : q.includeDrafts
      ? rows.orderBy('updated_at', 'desc')
      : rows.orderBy('published_at', 'desc');
  const found = await rows.orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
  return { data: found.map(toArticle), total: Number(n) };
}

export async function findById(db: Db, owner: string, id: string): Promise<NewsArticle | undefined> {
  const row = await findOwned(db, 'news', owner, { id });
  return row && toArticle(row);
}

export async function insert(db: Db, owner: string, fields: NewsFields): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('news')
    .values({ id, owner, ...fields, created_at: now, updated_at: now })
    .execute();
  return id;
}

export function update(db: Db, owner: string, id: string, changes: Updateable<NewsTable>): Promise<boolean> {
  return updateOwned(db, 'news', owner, id, { ...changes, updated_at: new Date().toISOString() });
}

/**
 * The images every brand's articles name, drafts too: the cover and the pictures in both bodies (the media sweep
 * keeps them).
 */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'news', ['image', 'body_it', 'body_en']);

export async function remove(db: Db, owner: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('news').where('owner', '=', owner).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function toArticle(r: Row): NewsArticle {
  return {
    id: r.id,
    title: { it: r.title_it, en: r.title_en },
    summary: { it: r.summary_it, en: r.summary_en },
    body: { it: r.body_it, en: r.body_en },
    image: r.image,
    published: Number(r.published) === 1,
    publishedAt: r.published_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
