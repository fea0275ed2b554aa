import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Product, ProductListQuery, productInputSchema, productUpdateSchema } from '../contract.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { translationColumns } from '../../../platform/i18n/content-translations.ts';
import * as ProductRepository from './product-repository.ts';

export const productNotFound = () => new AppError(404, 'PRODUCT_NOT_FOUND', 'Product not found');

export async function list(app: FastifyInstance, owner: string, q: ProductListQuery) {
  return ProductRepository.list(app.db.kysely, owner, q);
}

export async function get(app: FastifyInstance, owner: string, id: string): Promise<Product> {
  const product = await ProductRepository.findById(app.db.kysely, owner, id);
  if (!product) throw productNotFound();
  return product;
}

export async function create(app: FastifyInstance, owner: string, input: z.output<typeof productInputSchema>): Promise<Product> {
  // SPEC section 5: an empty brand is the brand of the deployment
  const { translations, ...fields } = input;
  const id = await ProductRepository.create(app.db.kysely, { owner, ...fields, ...translatedColumns(translations), brand: fields.brand || app.config.brandSlug });
  return get(app, owner, id);
}

export async function update(app: FastifyInstance, owner: string, id: string, input: z.output<typeof productUpdateSchema>): Promise<Product> {
  const { translations, ...fields } = input;
  const changes = { ...fields, ...translatedColumns(translations), ...(fields.brand === '' ? { brand: app.config.brandSlug } : {}) };
  if (!(await ProductRepository.update(app.db.kysely, owner, id, changes))) throw productNotFound();
  return get(app, owner, id);
}

const translatedColumns = (tr: z.output<typeof productUpdateSchema>['translations']) => translationColumns(tr, { name: 'name', description: 'description' });

export async function remove(app: FastifyInstance, owner: string, id: string): Promise<void> {
  if (!(await ProductRepository.softDelete(app.db.kysely, owner, id))) throw productNotFound();
}

/** Products on sale (not deleted), for the dashboard's stat cards. */
export const countActive = (app: FastifyInstance, owner: string) => ProductRepository.countActive(app.db.kysely, owner);
