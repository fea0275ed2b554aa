import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction as Trx } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import * as AuditRepository from './repository.ts';

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

/** The admin's username, read once per request. */
async function actorName(db: Kysely<Database> | Trx<Database>, req: FastifyRequest): Promise<string> {
  const cached = (req as { auditActorName?: string }).auditActorName;
  if (cached) return cached;
  const row = await db.selectFrom('users').select('username').where('id', '=', req.user!.id).executeTakeFirst();
  const name = row?.username ?? req.user!.id;
  (req as { auditActorName?: string }).auditActorName = name;
  return name;
}

/**
 * Records an admin write in the audit log: pass the service's transaction when it has one, so the
 * entry and the change commit together; otherwise call it right after the change succeeded.
 * Secrets (passwords, hashes) are dropped from before/after.
 */
export async function recordAudit(app: FastifyInstance, req: FastifyRequest, change: AuditChange, trx?: Trx<Database>): Promise<void> {
  const db = trx ?? app.db.kysely;
  await AuditRepository.insert(db, {
    owner: app.config.ownerId,
    actorId: req.user!.id,
    actorName: await actorName(db, req),
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    before: scrub(change.before ?? null),
    after: scrub(change.after ?? null),
  });
}

/**
 * Records an admin write whose actor the caller already knows (id and name), in the caller's
 * transaction: the entry exists exactly when the change does.
 */
export async function appendAudit(trx: Trx<Database>, owner: string, actor: { id: string; name: string }, change: AuditChange): Promise<void> {
  await AuditRepository.insert(trx, {
    owner,
    actorId: actor.id,
    actorName: actor.name,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    before: scrub(change.before ?? null),
    after: scrub(change.after ?? null),
  });
}

export async function list(app: FastifyInstance, q: { limit: number; offset: number; action?: string; search?: string }) {
  return AuditRepository.list(app.db.kysely, app.config.ownerId, q);
}
