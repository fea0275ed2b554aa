import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll, monotonicTimestamps } from '../../../platform/db/database.ts';
import type { AuditLogTable, Database } from '../../../platform/db/schema.ts';
import { actionsIn, type AuditEntry, type AuditFilter } from '../contract.ts';
import { byText, contains, orderFor } from '../../../platform/db/search.ts';

type Db = Kysely<Database> | Trx<Database>;

export interface NewAuditEntry {
  owner: string;
  actorId: string;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string;
  before: unknown;
  after: unknown;
}

// entries written in the same millisecond still list in the order they happened
const nextTimestamp = monotonicTimestamps();

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function insert(db: Db, e: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      owner: e.owner,
      actor_id: e.actorId,
      actor_name: e.actorName,
      action: e.action,
      entity_type: e.entityType,
      entity_id: e.entityId,
      entity_label: e.entityLabel,
      before: json(e.before),
      after: json(e.after),
      created_at: nextTimestamp(),
    })
    .execute();
}

/**
 * Newest first unless `sort` asks otherwise. `action` is an exact action or a prefix ending in '.' ('product.'),
 * `category` a group of actions, `tournament` a tournament's id; `search` looks in the actor's name, the action, the
 * entity's id and its label (the names it had).
 */
export async function list(
  db: Db,
  owner: string,
  q: { limit: number; offset: number } & AuditFilter,
): Promise<{ rows: AuditEntry[]; total: number }> {
  let base = db.selectFrom('audit_log').where('owner', '=', owner);
  if (q.action) {
    if (q.action.endsWith('.')) {
      const prefix = q.action;
      base = base.where((eb) => eb(eb.fn('substr', ['action', eb.lit(1), eb.lit(prefix.length)]), '=', prefix));
    } else base = base.where('action', '=', q.action);
  }
  if (q.category) base = base.where('action', 'in', actionsIn(q.category));
  if (q.tournament) {
    // a tournament's own entries (its roster, scoring, teams, matches, bracket and prizes among them) carry
    // its id; a report's entry carries the report's, and names its tournament in the record it kept
    const named = `%"tournamentId":${JSON.stringify(q.tournament).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('entity_type', '=', 'tournament'), eb('entity_id', '=', q.tournament!)]),
        eb.and([eb('entity_type', '=', 'report'), sql<boolean>`${sql.ref('after')} like ${named} escape '\\'`]),
      ]),
    );
  }
  if (q.search)
    base = base.where((eb) =>
      eb.or([
        contains('actor_name', q.search!),
        contains('entity_id', q.search!),
        contains('action', q.search!),
        contains('entity_label', q.search!),
      ]),
    );
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  // the id breaks ties (and follows the date within a second) so pages never overlap
  const order = orderFor(q.sort ?? 'newest', {
    date: sql.ref('created_at'),
    who: byText('actor_name'),
    action: sql.ref('action'),
  }) ?? [sql.ref('created_at'), 'desc' as const];
  const rows = await base
    .selectAll()
    .orderBy(...order)
    .orderBy('id', order[1])
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: rows.map(toEntry), total: Number(n) };
}

function parse(v: string | null): Record<string, unknown> | null {
  if (v === null) return null;
  try {
    const parsed = JSON.parse(v);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { value: parsed };
  } catch {
    return null;
  }
}

function toEntry(r: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: r.id,
    actor: { id: r.actor_id, name: r.actor_name },
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    entityLabel: r.entity_label,
    before: parse(r.before),
    after: parse(r.after),
    createdAt: r.created_at,
  };
}

/**
 * In the entries of `owner` that concern a person (their id as the entity, or anywhere in what was recorded), each
 * text of theirs (`replace`'s keys) becomes its stand-in: every string of an entry whose entity they are, and
 * elsewhere only inside the records that name their id (an order's, a roster line's), so a tournament's own fields
 * are never touched; in the label, a part that is exactly their name or address (labels join parts with ' · '), which
 * becomes its stand-in.
 * What the admins did, and when, stays.
 */
export async function rewriteTexts(db: Db, owner: string, personId: string, replace: Map<string, string>) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'entity_id', 'entity_label', 'before', 'after'])
    .where('owner', '=', owner)
    .where((eb) =>
      eb.or([
        eb('entity_id', '=', personId),
        eb('before', 'like', `%${personId}%`),
        eb('after', 'like', `%${personId}%`),
      ]),
    )
    .execute();
  const swap = (v: unknown, theirs: boolean): unknown => {
    if (typeof v === 'string') return theirs ? (replace.get(v) ?? v) : v;
    if (Array.isArray(v)) return v.map((x) => swap(x, theirs));
    if (!v || typeof v !== 'object') return v;
    const record = theirs || Object.values(v).includes(personId);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x, record)]));
  };
  const rewrite = (text: string | null, theirs: boolean) =>
    text === null ? null : JSON.stringify(swap(JSON.parse(text), theirs));
  for (const row of rows) {
    const theirs = row.entity_id === personId;
    const label = row.entity_label
      .split(' · ')
      .map((part) => replace.get(part) || part)
      .join(' · ');
    await db
      .updateTable('audit_log')
      .set({ entity_label: label, before: rewrite(row.before, theirs), after: rewrite(row.after, theirs) })
      .where('id', '=', row.id)
      .execute();
  }
}
