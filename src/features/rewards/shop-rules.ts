/**
 * The player's side of the marketplace rules, pure so the island, the
 * tests and the server's answers agree: a card is owned, out of stock or redeemable; a purchase is
 * refused on the client when already owned, out of stock or dearer than the balance (the server
 * checks the same again).
 */
// types only: the shop page must not pull the schema library (zod) in before interaction
import type { Product } from './contract.ts';
import { MAX_CREDITS } from './limits.ts';

export type Availability = 'all' | 'available' | 'out_of_stock';
export type CardState = 'owned' | 'out_of_stock' | 'redeemable';

/** Cards per page of the shop. */
export const SHOP_PAGE_SIZE = 12;

type Stocked = Pick<Product, '_id' | 'price' | 'quantity'>;

/** Owned wins over out of stock: the player bought the last one. */
export function cardState(product: Stocked, owned: ReadonlySet<string>): CardState {
  if (owned.has(product._id)) return 'owned';
  if (product.quantity <= 0) return 'out_of_stock';
  return 'redeemable';
}

export type PurchaseBlock = 'ALREADY_PURCHASED' | 'OUT_OF_STOCK' | 'NOT_ENOUGH_CREDITS';

/**
 * Why this purchase cannot go ahead, or null. An unknown balance (null) does not block: the
 * server has the last word and answers NOT_ENOUGH_CREDITS itself.
 */
export function purchaseBlock(
  product: Stocked,
  owned: ReadonlySet<string>,
  credits: number | null,
): PurchaseBlock | null {
  if (owned.has(product._id)) return 'ALREADY_PURCHASED';
  if (product.quantity <= 0) return 'OUT_OF_STOCK';
  if (credits !== null && product.price > credits) return 'NOT_ENOUGH_CREDITS';
  return null;
}

/**
 * The credits a player still needs for a product, when their balance is known to be too low; 0 when
 * it is enough or unknown (then the server decides). The shop disables the card's button and says it.
 */
export const creditsShort = (price: number, credits: number | null) =>
  credits === null ? 0 : Math.max(0, price - credits);

export interface ShopFilters {
  /** matched on name or description by the server */
  search: string;
  /** as typed; anything that is not a whole number of credits is ignored */
  minPrice: string;
  maxPrice: string;
  availability: Availability;
  /** hide the products the player already owns */
  onlyUnredeemed: boolean;
}

export const noFilters: ShopFilters = {
  search: '',
  minPrice: '',
  maxPrice: '',
  availability: 'all',
  onlyUnredeemed: false,
};

/** A typed price bound as credits, or undefined when empty or not a whole number in range. */
export function priceBound(raw: string): number | undefined {
  const s = raw.trim();
  if (!/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n <= MAX_CREDITS ? n : undefined;
}

export function filtersActive(f: ShopFilters): boolean {
  return (
    f.search.trim() !== '' ||
    priceBound(f.minPrice) !== undefined ||
    priceBound(f.maxPrice) !== undefined ||
    f.availability !== 'all' ||
    f.onlyUnredeemed
  );
}

/** A minimum above the maximum: the filters say so instead of guessing which bound was meant. */
export function priceRangeInverted(f: ShopFilters): boolean {
  const min = priceBound(f.minPrice);
  const max = priceBound(f.maxPrice);
  return min !== undefined && max !== undefined && min > max;
}

/** The query string of GET /marketplace/products for these filters (no price bounds while they are reversed). */
export function productListParams(f: ShopFilters, page: number, limit: number = SHOP_PAGE_SIZE): string {
  const q = new URLSearchParams({ limit: String(limit), page: String(Math.max(1, Math.floor(page))) });
  const name = f.search.trim().slice(0, 120);
  if (name) q.set('name', name);
  const min = priceBound(f.minPrice);
  const max = priceBound(f.maxPrice);
  if (!priceRangeInverted(f)) {
    if (min !== undefined) q.set('minPrice', String(min));
    if (max !== undefined) q.set('maxPrice', String(max));
  }
  if (f.availability !== 'all') q.set('availability', f.availability);
  return q.toString();
}

/** The credits left after buying, never shown below zero. */
export const balanceAfter = (credits: number, price: number) => Math.max(0, credits - price);
