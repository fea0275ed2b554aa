import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import { countAll } from './database.ts';
import type { Database } from './schema.ts';

/** What a table that keeps a sent picture's pixel hash holds beside it. */
interface PictureColumns {
  id: string;
  owner: string;
  user_id: string;
  image_hash: string;
  created_at: string;
}
/** The tables that keep a sent picture's pixel hash (each owned by its feature, which calls this with it). */
type PictureTable = { [K in keyof Database]: Database[K] extends PictureColumns ? K : never }[keyof Database];
/** The players' names to join on, as the owner of the accounts exports them, aliased `u`. */
export type AccountNames = AliasedSelectQueryBuilder<{ id: string; username: string }, 'u'>;

export interface DuplicateRow {
  id: string;
  hash: string;
  userId: string;
  /** the account's username: a moderator compares accounts, not what each typed */
  username: string;
  createdAt: string;
}

/**
 * For each hash, how many rows of `table` in the owner carry it, and the oldest `perHash` of them
 * (ROW_NUMBER per hash, so one picture sent a thousand times still costs one short list). The
 * duplicate check of both moderation queues asks both tables through this one query.
 */
export async function picturesWithHashes(
  db: Kysely<Database>,
  table: PictureTable,
  owner: string,
  hashes: string[],
  perHash: number,
  accounts: AccountNames,
): Promise<{ counts: Map<string, number>; rows: DuplicateRow[] }> {
  const counts = new Map<string, number>();
  if (!hashes.length) return { counts, rows: [] };
  const unique = [...new Set(hashes)];
  // the two tables are one shape for the columns used here (id, owner, user_id, image_hash, created_at)
  const k = db as unknown as Kysely<Pick<Database, 'screenshot_submissions'>>;
  const from = table as 'screenshot_submissions';
  const counted = await k
    .selectFrom(from)
    .select(['image_hash', countAll().as('n')])
    .where('owner', '=', owner)
    .where('image_hash', 'in', unique)
    .groupBy('image_hash')
    .execute();
  for (const c of counted) counts.set(c.image_hash, Number(c.n));
  const rows = await k
    .with('numbered', (w) =>
      w
        .selectFrom(`${from} as p`)
        .innerJoin(accounts, 'u.id', 'p.user_id')
        .select(['p.id', 'p.image_hash', 'p.user_id', 'u.username', 'p.created_at'])
        .select(
          sql<number>`cast(row_number() over (partition by p.image_hash order by p.created_at, p.id) as integer)`.as(
            'rn',
          ),
        )
        .where('p.owner', '=', owner)
        .where('p.image_hash', 'in', unique),
    )
    .selectFrom('numbered')
    .selectAll()
    .where('rn', '<=', perHash)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    counts,
    rows: rows.map((r) => ({
      id: r.id,
      hash: r.image_hash,
      userId: r.user_id,
      username: r.username,
      createdAt: r.created_at,
    })),
  };
}

/**
 * The rows of `rows` that carry `hash`, but the picture `exceptId` itself, without the hash: the duplicates a
 * moderation queue lists beside one picture.
 */
export function duplicatesOf(rows: DuplicateRow[], hash: string, exceptId?: string) {
  return rows
    .filter((d) => d.hash === hash && d.id !== exceptId)
    .map((d) => ({ id: d.id, userId: d.userId, username: d.username, createdAt: d.createdAt }));
}
