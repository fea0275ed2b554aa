import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as AuditRepository from './repository.ts';
import { AUDIT_EXPORT_MAX, type AuditAction, type AuditFilter } from '../contract.ts';

export interface AuditChange {
  /** e.g. 'product.update': one of the contract's actions, each with a text in both languages */
  action: AuditAction;
  entityType: string;
  entityId: string;
  /**
   * The name the entity is known by when neither record carries it (a player's username for a change of
   * their e-mail or wallet; for a results write the tournament's name, the match as `#3`, the player): the
   * writer knows it, the audit log does not look it up. Every entry needs a name a person reads.
   */
  label?: string;
  before?: unknown;
  after?: unknown;
}

/** An entry's label from its parts (a tournament's name, a match as `#3`, a player), the empty ones left out. */
export const auditLabel = (...parts: (string | null | undefined)[]): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' · ');

// never in an audit entry, whatever record is being stored
const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash', 'token_hash']);

function scrub(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrub);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(v)) if (!SECRET_KEYS.has(k)) out[k] = scrub(value);
    return out;
  }
  return v;
}

/**
 * Who made an admin write: the signed-in admin, by id and by the username the entry is signed with.
 * Routes build it from the session (`actorOf`); services know no request.
 */
export interface Actor {
  id: string;
  name: string;
}

/**
 * An admin write and its audit entry in one transaction. `work` gets the context bound to the
 * transaction (every read and write it makes through `tx.db.kysely` belongs to it) and `audit`,
 * which records a change signed by `actor`: the entry exists exactly when the change does, and a
 * failed entry undoes the change. Secrets (passwords, hashes) are dropped from before/after.
 */
export function audited<T>(
  ctx: ServiceContext,
  actor: Actor,
  work: (tx: ServiceContext, audit: (change: AuditChange) => Promise<void>) => Promise<T>,
): Promise<T> {
  return withTransaction(ctx, (tx) =>
    work(tx, (change) => appendAudit(tx.db.kysely, ctx.config.ownerId, actor, change)),
  );
}

/** One record an audited write is about: its type and id, and how the entry shows it (read in the transaction). */
export interface AuditedRecord<T> {
  entityType: string;
  entityId: string;
  read: (tx: ServiceContext) => Promise<T>;
}

/**
 * An admin's change of one record in one audited transaction: the record is read as it was, `write` changes it
 * (given what it was), it is read again (`readAfter`, by default as before; `deleted` after a deletion), and the
 * entry `action` holds both. Answers the record as it is now.
 */
export function auditedEdit<T, After = T>(
  ctx: ServiceContext,
  actor: Actor,
  action: AuditAction,
  record: AuditedRecord<T>,
  write: (tx: ServiceContext, before: T) => Promise<unknown>,
  // After is T when no other reading is given
  readAfter = record.read as unknown as (tx: ServiceContext) => Promise<After>,
): Promise<After> {
  return audited(ctx, actor, async (tx, audit) => {
    const before = await record.read(tx);
    await write(tx, before);
    const after = await readAfter(tx);
    await audit({ action, entityType: record.entityType, entityId: record.entityId, before, after });
    return after;
  });
}

/**
 * An admin's creation of one record in one audited transaction: `insert` writes it and answers its id, the record
 * (`recordOf` that id) is read as it now is, and the entry `action` holds it as `after`. Answers the new record.
 */
export function auditedCreate<T>(
  ctx: ServiceContext,
  actor: Actor,
  action: AuditAction,
  insert: (tx: ServiceContext) => Promise<string>,
  recordOf: (id: string) => AuditedRecord<T>,
): Promise<T> {
  return audited(ctx, actor, async (tx, audit) => {
    const { entityType, entityId, read } = recordOf(await insert(tx));
    const after = await read(tx);
    await audit({ action, entityType, entityId, before: null, after });
    return after;
  });
}

/** What is left of a record after its deletion, for `auditedEdit`: nothing. */
export const deleted = async (): Promise<null> => null;

/**
 * Records an admin write whose actor the caller already knows (id and name), in the caller's
 * transaction: the entry exists exactly when the change does.
 */
export async function appendAudit(
  trx: Kysely<Database>,
  owner: string,
  actor: Actor,
  change: AuditChange,
): Promise<void> {
  // the label's parts one by one: a player named in the label and in the records is named once
  const names = [...(change.label?.split(' · ') ?? []), ...namesIn(change.after), ...namesIn(change.before)];
  await AuditRepository.insert(trx, {
    owner,
    actorId: actor.id,
    actorName: actor.name,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    entityLabel: [...new Set(names)].join(' · ').slice(0, 300),
    before: scrub(change.before ?? null),
    after: scrub(change.after ?? null),
  });
}

/**
 * The names a record is known by, for the entry's label: a product's, badge's, tournament's or
 * competition's name in each language, a news title, a giveaway code, a username, the product of
 * a purchase. Before and after both count, so a renamed object is found by either name.
 */
function namesIn(record: unknown): string[] {
  if (record === null || typeof record !== 'object') return [];
  const r = record as Record<string, unknown>;
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) out.push(v.trim());
  };
  for (const key of ['name', 'username', 'productName', 'token']) add(r[key]);
  if (typeof r.title === 'string') add(r.title);
  else if (r.title && typeof r.title === 'object') Object.values(r.title).forEach(add);
  if (r.translations && typeof r.translations === 'object')
    for (const t of Object.values(r.translations)) add((t as Record<string, unknown> | null)?.name);
  return out;
}

export async function list(ctx: ServiceContext, q: { limit: number; offset: number } & AuditFilter) {
  return AuditRepository.list(ctx.db.kysely, ctx.config.ownerId, q);
}

/** The newest AUDIT_EXPORT_MAX entries under the filter, for the CSV export. */
export async function exportRows(ctx: ServiceContext, q: AuditFilter) {
  return (await AuditRepository.list(ctx.db.kysely, ctx.config.ownerId, { ...q, limit: AUDIT_EXPORT_MAX, offset: 0 }))
    .rows;
}

/**
 * A closed account's traces in the audit log: each of the person's own texts (`replace`'s keys: a name, an address)
 * becomes its stand-in in the entries about them. The entries themselves stay, as the record of what admins did.
 */
export function forgetTexts(ctx: ServiceContext, personId: string, replace: Map<string, string>): Promise<void> {
  return AuditRepository.rewriteTexts(ctx.db.kysely, ctx.config.ownerId, personId, replace);
}
