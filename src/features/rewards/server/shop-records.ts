import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/schema.ts';
import type { AppError } from '../../../platform/errors/app-error.ts';
import { auditedEdit, deleted, type Actor, type AuditedRecord } from '../../audit/server/service.ts';

/** What the repository of a shop record answers: products and giveaway codes, both deleted softly. */
interface ShopRecordRepository<T, Query, Page> {
  list(db: Kysely<Database>, owner: string, q: Query): Promise<Page>;
  findById(db: Kysely<Database>, owner: string, id: string): Promise<T | undefined>;
  softDelete(db: Kysely<Database>, owner: string, id: string): Promise<boolean>;
}

/**
 * The reads and the deletion a product and a giveaway code share: an unknown or deleted one is the record's own
 * not-found, its audit entries show it as `get` reads it in the write's transaction, and a deletion keeps the row
 * for the purchases and redemptions that point at it.
 */
export function shopRecords<T, Query, Page>(
  entityType: 'product' | 'giveaway',
  repository: ShopRecordRepository<T, Query, Page>,
  notFound: () => AppError,
) {
  async function get(ctx: ServiceContext, owner: string, id: string): Promise<T> {
    const found = await repository.findById(ctx.db.kysely, owner, id);
    if (!found) throw notFound();
    return found;
  }
  const record = (owner: string, id: string): AuditedRecord<T> => ({
    entityType,
    entityId: id,
    read: (tx) => get(tx, owner, id),
  });
  async function remove(ctx: ServiceContext, owner: string, actor: Actor, id: string): Promise<void> {
    const softDelete = async (tx: ServiceContext) => {
      if (!(await repository.softDelete(tx.db.kysely, owner, id))) throw notFound();
    };
    await auditedEdit(ctx, actor, `${entityType}.delete`, record(owner, id), softDelete, deleted);
  }
  return {
    list: (ctx: ServiceContext, owner: string, q: Query) => repository.list(ctx.db.kysely, owner, q),
    get,
    record,
    remove,
  };
}
