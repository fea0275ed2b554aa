import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll, monotonicTimestamps } from '../../../platform/db/database.ts';
import { softDelete as softDeleteLive, updateLive } from '../../../platform/db/live-rows.ts';
import type { Database, ProductsTable } from '../../../platform/db/schema.ts';
import type { Product, ProductListQuery } from '../contract.ts';
import { byText, contains, orderFor } from '../../../platform/db/search.ts';
import { findOwned } from '../../../platform/db/owned-rows.ts';
import { translationsOf } from '../../../platform/i18n/content-translations.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database>;
type Row = Selectable<ProductsTable>;

export interface NewProduct {
  owner: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  brand: string;
  image: string;
  name_en?: string;
  description_en?: string;
}

/**
 * Products in the shop (never the deleted ones), newest first or in the asked order; the id breaks ties so pages never
 * overlap.
 */
export async function list(db: Db, owner: string, q: ProductListQuery): Promise<{ rows: Product[]; total: number }> {
  let base = db.selectFrom('products').where('owner', '=', owner).where('deleted_at', 'is', null);
  // either language: a visitor searches in the language the shop shows them
  if (q.name)
    base = base.where((eb) =>
      eb.or((['name', 'description', 'name_en', 'description_en'] as const).map((c) => contains(c, q.name!))),
    );
  if (q.minPrice !== undefined) base = base.where('price', '>=', q.minPrice);
  if (q.maxPrice !== undefined) base = base.where('price', '<=', q.maxPrice);
  if (q.availability === 'available') base = base.where('quantity', '>', 0);
  if (q.availability === 'out_of_stock') base = base.where('quantity', '=', 0);
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  const order = orderFor(q.sort, {
    name: byText('name'),
    brand: byText('brand'),
    price: sql.ref('price'),
    quantity: sql.ref('quantity'),
  });
  const rows = await (order ? base.selectAll().orderBy(...order) : base.selectAll().orderBy('created_at', 'desc'))
    .orderBy('id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { rows: rows.map(toProduct), total: Number(n) };
}

export async function findById(db: Db | Trx<Database>, owner: string, id: string): Promise<Product | undefined> {
  const row = await findOwned(db, 'products', owner, { id }, true);
  return row && toProduct(row);
}

// newest first is the list's default order: products this process makes in one millisecond still order as they
// came
const nextTimestamp = monotonicTimestamps();

export async function create(db: Db, p: NewProduct): Promise<string> {
  const id = randomUUID();
  const now = nextTimestamp();
  await db
    .insertInto('products')
    .values({ id, ...p, deleted_at: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

export function update(
  db: Db,
  owner: string,
  id: string,
  changes: Partial<Omit<NewProduct, 'owner'>>,
): Promise<boolean> {
  return updateLive(db, 'products', owner, id, changes);
}

/** Soft delete: the row stays for what points at it. */
export function softDelete(db: Db, owner: string, id: string): Promise<boolean> {
  return softDeleteLive(db, 'products', owner, id);
}

/**
 * Takes one unit if there is one, in a single statement: the `quantity > 0` condition is what keeps
 * stock from going below zero under concurrent purchases. Returns the product as it is at that
 * moment (the price charged is read here, under the row lock), or undefined when none was left.
 */
export async function takeOne(trx: Trx<Database>, owner: string, id: string) {
  const row = await trx
    .updateTable('products')
    .set({ quantity: sql`quantity - 1` })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('quantity', '>', 0)
    .returning(['id', 'name', 'name_en', 'price', 'image', 'brand', 'quantity'])
    .executeTakeFirst();
  return row && { ...row, price: Number(row.price), quantity: Number(row.quantity) };
}

/** The pictures of every brand's products, deleted ones too: their purchases show them (the media sweep keeps them). */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'products', ['image']);

export async function countActive(db: Db, owner: string): Promise<number> {
  const { n } = await db
    .selectFrom('products')
    .select(countAll().as('n'))
    .where('owner', '=', owner)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

function toProduct(r: Row): Product {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    price: Number(r.price),
    quantity: Number(r.quantity),
    brand: r.brand,
    image: r.image,
    owner: r.owner,
    translations: translationsOf(r, { name: 'name', description: 'description' }),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
