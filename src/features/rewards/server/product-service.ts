import type { z } from 'zod';
import type { Product, ProductListQuery, productInputSchema, productUpdateSchema } from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { translationColumns } from '../../../platform/i18n/content-translations.ts';
import { auditedCreate, auditedEdit, deleted, type Actor, type AuditedRecord } from '../../audit/server/service.ts';
import * as ProductRepository from './product-repository.ts';
import type { ServiceContext } from '../../../platform/context.ts';

export const productNotFound = () => new AppError('notFound', 'PRODUCT_NOT_FOUND', 'Product not found');

export async function list(ctx: ServiceContext, owner: string, q: ProductListQuery) {
  return ProductRepository.list(ctx.db.kysely, owner, q);
}

export async function get(ctx: ServiceContext, owner: string, id: string): Promise<Product> {
  const product = await ProductRepository.findById(ctx.db.kysely, owner, id);
  if (!product) throw productNotFound();
  return product;
}

type ProductFields = z.output<typeof productInputSchema>;
type ProductChanges = z.output<typeof productUpdateSchema>;

/** A product as its audit entries show it, read in the write's transaction. */
const productRecord = (owner: string, id: string): AuditedRecord<Product> => ({
  entityType: 'product',
  entityId: id,
  read: (tx) => get(tx, owner, id),
});

export function create(ctx: ServiceContext, owner: string, actor: Actor, input: ProductFields): Promise<Product> {
  // an empty brand is the brand of the deployment
  const { translations, ...fields } = input;
  const insert = (tx: ServiceContext) =>
    ProductRepository.create(tx.db.kysely, {
      owner,
      ...fields,
      ...translatedColumns(translations),
      brand: fields.brand || ctx.config.brandSlug,
    });
  return auditedCreate(ctx, actor, 'product.create', insert, (id) => productRecord(owner, id));
}

export const update = (ctx: ServiceContext, owner: string, actor: Actor, id: string, input: ProductChanges) =>
  auditedEdit(ctx, actor, 'product.update', productRecord(owner, id), async (tx) => {
    const { translations, ...fields } = input;
    const changes = {
      ...fields,
      ...translatedColumns(translations),
      ...(fields.brand === '' ? { brand: ctx.config.brandSlug } : {}),
    };
    if (!(await ProductRepository.update(tx.db.kysely, owner, id, changes))) throw productNotFound();
  });

const translatedColumns = (tr: ProductChanges['translations']) =>
  translationColumns(tr, { name: 'name', description: 'description' });

export async function remove(ctx: ServiceContext, owner: string, actor: Actor, id: string): Promise<void> {
  const softDelete = async (tx: ServiceContext) => {
    if (!(await ProductRepository.softDelete(tx.db.kysely, owner, id))) throw productNotFound();
  };
  await auditedEdit(ctx, actor, 'product.delete', productRecord(owner, id), softDelete, deleted);
}

/** Products on sale (not deleted), for the dashboard's stat cards. */
export const countActive = (ctx: ServiceContext, owner: string) => ProductRepository.countActive(ctx.db.kysely, owner);
