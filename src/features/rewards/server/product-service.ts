import type { z } from 'zod';
import type { Product, productInputSchema, productUpdateSchema } from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { translationColumns } from '../../../platform/i18n/content-translations.ts';
import { auditedCreate, auditedEdit, type Actor } from '../../audit/server/service.ts';
import * as ProductRepository from './product-repository.ts';
import { shopRecords } from './shop-records.ts';
import type { ServiceContext } from '../../../platform/context.ts';

export const productNotFound = () => new AppError('notFound', 'PRODUCT_NOT_FOUND', 'Product not found');

const products = shopRecords('product', ProductRepository, productNotFound);
export const { list, get, remove } = products;

type ProductFields = z.output<typeof productInputSchema>;
type ProductChanges = z.output<typeof productUpdateSchema>;

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
  return auditedCreate(ctx, actor, 'product.create', insert, (id) => products.record(owner, id));
}

export const update = (ctx: ServiceContext, owner: string, actor: Actor, id: string, input: ProductChanges) =>
  auditedEdit(ctx, actor, 'product.update', products.record(owner, id), async (tx) => {
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

/** Products on sale (not deleted), for the dashboard's stat cards. */
export const countActive = (ctx: ServiceContext, owner: string) => ProductRepository.countActive(ctx.db.kysely, owner);
