import type { FastifyInstance } from 'fastify';
import type { Transaction as Trx } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { transaction } from '../../../platform/db/database.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as AuditRepository from './repository.ts';
import { AUDIT_EXPORT_MAX, type AuditFilter } from '../contract.ts';

export interface AuditChange {
  /** e.g. 'product.update' */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

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

/** Who made an admin write: the signed-in admin. Routes build it from the session; services know no request. */
export interface Actor {
  id: string;
}

/**
 * An admin write and its audit entry in one transaction. `work` gets the app bound to the
 * transaction (every read and write it makes through `tx.db.kysely` belongs to it) and `audit`,
 * which records a change signed by `actor`: the entry exists exactly when the change does, and a
 * failed entry undoes the change. Secrets (passwords, hashes) are dropped from before/after.
 */
export function audited<T>(
  app: FastifyInstance,
  actor: Actor,
  work: (tx: FastifyInstance, audit: (change: AuditChange) => Promise<void>) => Promise<T>,
): Promise<T> {
  return transaction(app.db.kysely, async (trx) => {
    const tx = Object.create(app, { db: { value: { ...app.db, kysely: trx } } }) as FastifyInstance;
    let name: string | undefined;
    return work(tx, async (change) => {
      name ??= (await Directory.findPlayer(tx, app.config.ownerId, actor.id))?.username ?? actor.id;
      await appendAudit(trx, app.config.ownerId, { id: actor.id, name }, change);
    });
  });
}

/**
 * Records an admin write whose actor the caller already knows (id and name), in the caller's
 * transaction: the entry exists exactly when the change does.
 */
export async function appendAudit(
  trx: Trx<Database>,
  owner: string,
  actor: { id: string; name: string },
  change: AuditChange,
): Promise<void> {
  const names = [...namesIn(change.after), ...namesIn(change.before)];
  if (PLAYER_ENTITIES.has(change.entityType)) {
    // a player's entries (their wallet, their e-mail) are found by the username they had then;
    // the directory reads through this transaction, the only handle the caller gave
    const player = await Directory.findPlayer(
      { db: { kysely: trx } } as unknown as FastifyInstance,
      owner,
      change.entityId,
    );
    if (player) names.unshift(player.username);
  }
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

// entity types whose id is a player's: their label is the player's username
const PLAYER_ENTITIES = new Set(['user', 'wallet']);

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

export async function list(app: FastifyInstance, q: { limit: number; offset: number } & AuditFilter) {
  return AuditRepository.list(app.db.kysely, app.config.ownerId, q);
}

/** The newest AUDIT_EXPORT_MAX entries under the filter, for the CSV export. */
export async function exportRows(app: FastifyInstance, q: AuditFilter) {
  return (await AuditRepository.list(app.db.kysely, app.config.ownerId, { ...q, limit: AUDIT_EXPORT_MAX, offset: 0 }))
    .rows;
}
