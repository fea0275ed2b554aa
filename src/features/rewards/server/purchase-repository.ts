import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll, monotonicTimestamps } from '../../../platform/db/database.ts';
import type { Database, PurchasesTable } from '../../../platform/db/schema.ts';
import type { Purchase, ShippingAddress } from '../contract.ts';
import { idPrefixOfOrderNumber, orderNumberOf } from '../order-view.ts';
import { byText, contains, containsFolded, orderFor } from '../../../platform/db/search.ts';
import { accountRows } from '../../accounts/server/directory-service.ts';
import { rowExists } from '../../../platform/db/matching-rows.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database>;

export interface NewPurchase {
  id: string;
  owner: string;
  userId: string;
  productId: string;
  productName: string;
  /** the English name when bought ('' when the product has none) */
  productNameEn: string;
  productImage: string;
  brand: string;
  price: number;
  address: ShippingAddress;
}

// newest first is the purchases' default order: purchases this process records in one millisecond still order as
// they came
const nextTimestamp = monotonicTimestamps();

/** False when the user already owns the product: the unique (user, product) key decides. */
export async function insert(trx: Trx<Database> | Db, p: NewPurchase, createdAt = nextTimestamp()): Promise<boolean> {
  const result = await trx
    .insertInto('purchases')
    .values({
      id: p.id,
      owner: p.owner,
      user_id: p.userId,
      product_id: p.productId,
      product_name: p.productName,
      product_name_en: p.productNameEn,
      product_image: p.productImage,
      brand: p.brand,
      price: p.price,
      ship_first_name: p.address.first_name,
      ship_last_name: p.address.last_name,
      ship_street_name: p.address.street_name,
      ship_additional_address_info: p.address.additional_address_info ?? '',
      ship_zip_code: p.address.zip_code,
      ship_city: p.address.city,
      ship_country: p.address.country,
      ship_phone_number: p.address.phone_number,
      fulfilled: 0,
      fulfilled_at: null,
      fulfilled_by: null,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The product pictures every brand's purchases keep as they were when bought (the media sweep keeps them). */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'purchases', ['product_image']);

export function exists(db: Db, userId: string, productId: string): Promise<boolean> {
  return rowExists(db, 'purchases', { user_id: userId, product_id: productId });
}

export async function findById(db: Db | Trx<Database>, owner: string, id: string): Promise<Purchase | undefined> {
  const row = await query(db).where('purchases.owner', '=', owner).where('purchases.id', '=', id).executeTakeFirst();
  return row && toPurchase(row);
}

type PurchaseFilter = { search?: string; fulfilled?: 'true' | 'false'; userId?: string; sort?: string };

/**
 * The purchases of a brand a list or an export asks for: a buyer, the fulfilled filter, the search on
 * username or product name, or an order number (the id's beginning it names, order-view.ts).
 */
function filtered<QB extends ReturnType<typeof joined>>(qb: QB, owner: string, q: PurchaseFilter): QB {
  let base = qb.where('purchases.owner', '=', owner) as QB;
  if (q.userId) base = base.where('purchases.user_id', '=', q.userId) as QB;
  if (q.fulfilled) base = base.where('purchases.fulfilled', '=', q.fulfilled === 'true' ? 1 : 0) as QB;
  if (q.search) {
    const order = idPrefixOfOrderNumber(q.search);
    base = base.where((eb) =>
      eb.or([
        containsFolded('users.username_search', q.search!),
        contains('purchases.product_name', q.search!),
        ...(order ? [eb('purchases.id', 'like', `${order}%`)] : []),
      ]),
    ) as QB;
  }
  return base;
}

const joined = (db: Db | Trx<Database>) =>
  db.selectFrom('purchases').innerJoin(accountRows(db).as('users'), 'users.id', 'purchases.user_id');

/** `?sort=` of the purchases: newest first unless another key is asked; the id breaks ties so pages never overlap. */
const orderOf = (sort: string | undefined) =>
  orderFor(sort ?? 'newest', {
    date: sql.ref('purchases.created_at'),
    price: sql.ref('purchases.price'),
    product: byText('purchases.product_name'),
    buyer: byText('users.username'),
  }) ?? [sql.ref('purchases.created_at'), 'desc' as const];

export async function list(
  db: Db,
  owner: string,
  q: PurchaseFilter & { limit: number; offset: number },
): Promise<{ rows: Purchase[]; total: number }> {
  const base = filtered(joined(db), owner, q);
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  const ids = await base
    .select('purchases.id')
    .orderBy(...orderOf(q.sort))
    .orderBy('purchases.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  if (!ids.length) return { rows: [], total: Number(n) };
  const rows = await query(db)
    .where(
      'purchases.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute();
  // the page's order is the one its ids were chosen in
  const at = new Map(ids.map((r, i) => [r.id, i]));
  return { rows: rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!).map(toPurchase), total: Number(n) };
}

/** A purchase as exported: the buyer's e-mail beside it, for shipping questions. */
export type ExportedPurchase = Purchase & { email: string };

/** Every purchase the list shows for these filters, in its order, up to `max` rows (one query: no id list to pass). */
export async function listForExport(
  db: Db,
  owner: string,
  q: PurchaseFilter,
  max: number,
): Promise<ExportedPurchase[]> {
  const rows = await filtered(query(db), owner, q)
    .select('users.email')
    .orderBy(...orderOf(q.sort))
    .orderBy('purchases.id')
    .limit(max)
    .execute();
  return rows.map((r) => ({ ...toPurchase(r), email: r.email }));
}

/** Marks it fulfilled once; the first admin's time and id are kept. */
export async function fulfill(db: Db, owner: string, id: string, adminId: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ fulfilled: 1, fulfilled_at: new Date().toISOString(), fulfilled_by: adminId })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('fulfilled', '=', 0)
    .execute();
}

/** Takes a fulfilment back (marked by mistake): the purchase waits to be shipped again. */
export async function unfulfill(db: Db, owner: string, id: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ fulfilled: 0, fulfilled_at: null, fulfilled_by: null })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('fulfilled', '=', 1)
    .execute();
}

function query(db: Db | Trx<Database>) {
  return joined(db)
    .innerJoin('products', 'products.id', 'purchases.product_id')
    .selectAll('purchases')
    .select([
      'users.username',
      'products.name as current_name',
      'products.image as current_image',
      'products.deleted_at as product_deleted_at',
    ]);
}

type JoinedRow = Selectable<PurchasesTable> & {
  username: string;
  current_name: string;
  current_image: string;
  product_deleted_at: string | null;
};

function toPurchase(r: JoinedRow): Purchase {
  return {
    id: r.id,
    orderNumber: orderNumberOf({ id: r.id, createdAt: r.created_at }),
    userId: r.user_id,
    username: r.username,
    productId: r.product_id,
    productName: r.product_name,
    productImage: r.product_image,
    translations: { it: { productName: r.product_name }, en: { productName: r.product_name_en } },
    product: {
      _id: r.product_id,
      name: r.current_name,
      image: r.current_image,
      deleted: r.product_deleted_at !== null,
    },
    price: Number(r.price),
    brand: r.brand,
    owner: r.owner,
    shippingAddress: {
      first_name: r.ship_first_name,
      last_name: r.ship_last_name,
      street_name: r.ship_street_name,
      additional_address_info: r.ship_additional_address_info,
      zip_code: r.ship_zip_code,
      city: r.ship_city,
      country: r.ship_country,
      phone_number: r.ship_phone_number,
    },
    fulfilled: r.fulfilled === 1,
    fulfilledAt: r.fulfilled_at,
    fulfilledBy: r.fulfilled_by,
    createdAt: r.created_at,
  };
}

/** How many of the player's orders at `owner` wait to be shipped. */
export async function unshippedCount(db: Db, owner: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('purchases')
    .select(countAll().as('n'))
    .where('owner', '=', owner)
    .where('user_id', '=', userId)
    .where('fulfilled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Empties the shipping address of every order of the player (a closed account's); the orders themselves stay. */
export async function forgetAddresses(db: Db, owner: string, userId: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({
      ship_first_name: '',
      ship_last_name: '',
      ship_street_name: '',
      ship_additional_address_info: '',
      ship_zip_code: '',
      ship_city: '',
      ship_country: '',
      ship_phone_number: '',
    })
    .where('owner', '=', owner)
    .where('user_id', '=', userId)
    .execute();
}
