import { afterEach, describe, expect, test, vi } from 'vitest';
import itRewards from '../../../locales/it/rewards.json' with { type: 'json' };
import enRewards from '../../../locales/en/rewards.json' with { type: 'json' };
import { isCurrent } from '../../../src/layouts/site/nav-items.ts';
import { backpackEntries, safeIcon } from '../../../src/features/rewards/backpack-view.ts';
import {
  cardState,
  filtersActive,
  noFilters,
  priceBound,
  priceRangeInverted,
  productListParams,
  purchaseBlock,
} from '../../../src/features/rewards/shop-rules.ts';
import { loadCredits, setCredits } from '../../../src/features/rewards/ui/credits.ts';
import { rememberEarnedBadge, takeEarnedBadges } from '../../../src/platform/ui/earned-badges/earned-badge.ts';
import { translate } from '../../../src/platform/i18n/i18n.ts';
import { idempotentSender } from '../../../src/platform/browser/idempotency.ts';
import { pluralKey } from '../../../src/platform/i18n/plural.ts';
import { $credits, $token } from '../../../src/platform/browser/session.ts';
import itErrors from '../../../locales/it/errors.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };

const product = (over: Partial<{ _id: string; price: number; quantity: number }> = {}) => ({
  _id: 'p1',
  price: 100,
  quantity: 3,
  ...over,
});

describe('marketplace cards and purchases', () => {
  test('a card is owned, out of stock or redeemable; owning wins', () => {
    expect(cardState(product(), new Set())).toBe('redeemable');
    expect(cardState(product({ quantity: 0 }), new Set())).toBe('out_of_stock');
    expect(cardState(product({ quantity: 0 }), new Set(['p1']))).toBe('owned');
  });

  test('a purchase is blocked when owned or dearer than the balance, not when the balance is unknown', () => {
    expect(purchaseBlock(product(), new Set(['p1']), 1000)).toBe('ALREADY_PURCHASED');
    expect(purchaseBlock(product({ price: 101 }), new Set(), 100)).toBe('NOT_ENOUGH_CREDITS');
    expect(purchaseBlock(product({ price: 100 }), new Set(), 100)).toBeNull();
    expect(purchaseBlock(product({ quantity: 0 }), new Set(), 1000)).toBe('OUT_OF_STOCK');
    expect(purchaseBlock(product({ price: 5000 }), new Set(), null)).toBeNull();
  });
});

describe('marketplace filters', () => {
  test('price bounds are whole credits; anything else is ignored', () => {
    expect(priceBound(' 150 ')).toBe(150);
    expect(priceBound('')).toBeUndefined();
    expect(priceBound('-5')).toBeUndefined();
    expect(priceBound('1.5')).toBeUndefined();
    expect(priceBound('99999999')).toBeUndefined();
  });

  test('the query carries only the filters in use', () => {
    expect(productListParams(noFilters, 1)).toBe('limit=12&page=1');
    const q = new URLSearchParams(
      productListParams(
        { search: '  maglia ', minPrice: '100', maxPrice: '500', availability: 'available', onlyUnredeemed: true },
        3,
        100,
      ),
    );
    expect(Object.fromEntries(q)).toEqual({
      limit: '100',
      page: '3',
      name: 'maglia',
      minPrice: '100',
      maxPrice: '500',
      availability: 'available',
    });
  });

  test('a minimum above the maximum is reported, never swapped: the query leaves both bounds out', () => {
    const reversed = { ...noFilters, minPrice: '500', maxPrice: '100' };
    expect(priceRangeInverted(reversed)).toBe(true);
    expect(priceRangeInverted({ ...noFilters, minPrice: '100', maxPrice: '100' })).toBe(false);
    expect(priceRangeInverted({ ...noFilters, minPrice: '500', maxPrice: '' })).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(productListParams(reversed, 1)))).toEqual({ limit: '12', page: '1' });
  });

  test('filters are active when any of them narrows the list', () => {
    expect(filtersActive(noFilters)).toBe(false);
    expect(filtersActive({ ...noFilters, search: '  ' })).toBe(false);
    expect(filtersActive({ ...noFilters, onlyUnredeemed: true })).toBe(true);
    expect(filtersActive({ ...noFilters, maxPrice: '10' })).toBe(true);
  });
});

describe('backpack', () => {
  const badge = (id: string) => ({ _id: id, slug: id, name: id, description: '', icon: '', credits: 10 });
  test('every listed badge in order, with first and last earned dates and a count', () => {
    const entries = backpackEntries(
      [badge('a'), badge('b')],
      [
        { badge: badge('b') as any, earnedAt: '2026-02-01T00:00:00.000Z' },
        { badge: badge('b') as any, earnedAt: '2026-01-01T00:00:00.000Z' },
      ],
    );
    expect(entries.map((e) => [e.badge._id, e.count, e.earnedAt, e.lastEarnedAt])).toEqual([
      ['a', 0, null, null],
      ['b', 2, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    ]);
  });

  test('an earned badge no longer offered stays in the backpack, last', () => {
    const entries = backpackEntries(
      [badge('a')],
      [{ badge: badge('old') as any, earnedAt: '2026-01-01T00:00:00.000Z' }],
    );
    expect(entries.map((e) => e.badge._id)).toEqual(['a', 'old']);
  });

  test('only our uploads and https icons reach an <img>', () => {
    expect(safeIcon('/media/Nexus/x.webp')).toBe('/media/Nexus/x.webp');
    expect(safeIcon('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(safeIcon('javascript:alert(1)')).toBe('');
    expect(safeIcon('http://x/y.png')).toBe('');
  });
});

describe('earned badges across a navigation', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    } as Storage;
  };
  test('parked badges are shown once, in order', () => {
    const s = memory();
    rememberEarnedBadge({ name: 'A', description: '', icon: '', credits: 50 }, s);
    rememberEarnedBadge({ name: 'B', description: '', icon: '', credits: 0 }, s);
    expect(takeEarnedBadges(s).map((b) => b.name)).toEqual(['A', 'B']);
    expect(takeEarnedBadges(s)).toEqual([]);
  });
});

describe('idempotent sends', () => {
  const ok = { ok: true as const, data: 1 };
  const offline = { ok: false as const, status: 0, code: 'NETWORK_ERROR' };
  const conflict = { ok: false as const, status: 409, code: 'GIVEAWAY_USED_UP' };
  let n = 0;
  const newKey = () => `k${++n}`;

  test('a transient failure is retried once with the same key', async () => {
    const send = idempotentSender<number>({ retryDelay: 0, newKey });
    const keys: string[] = [];
    const answers = [offline, ok];
    const res = await send('CODE', async (key) => (keys.push(key), answers.shift()!));
    expect(res).toEqual(ok);
    expect(new Set(keys).size).toBe(1);
  });

  test('the same attempt after an unknown outcome reuses the key; a known outcome starts a new one', async () => {
    const send = idempotentSender<number>({ retryDelay: 0, newKey });
    const keys: string[] = [];
    await send('CODE', async (key) => (keys.push(key), offline));
    await send('CODE', async (key) => (keys.push(key), conflict));
    await send('CODE', async (key) => (keys.push(key), ok));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
  });

  test('another attempt never reuses a pending key', async () => {
    const send = idempotentSender<number>({ retryDelay: 0, newKey });
    const keys: string[] = [];
    await send('A', async (key) => (keys.push(key), offline));
    await send('B', async (key) => (keys.push(key), ok));
    expect(keys.at(-1)).not.toBe(keys[0]);
  });
});

describe('header credits', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    $token.set(null);
  });

  test('a wallet read in flight never overwrites a newer balance', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((r) => (answer = r)));
    $token.set('t');
    const reading = loadCredits();
    setCredits(70);
    answer(new Response(JSON.stringify({ status: 'SUCCESS', data: { balance: 20 } }), { status: 200 }));
    await reading;
    expect($credits.get()).toBe(70);
  });

  test('a failed read makes the balance unknown', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 'ERROR', error: { code: 'UNAUTHORIZED' } }), { status: 401 }),
    );
    $token.set('t2');
    setCredits(5);
    await loadCredits();
    expect($credits.get()).toBeNull();
  });
});

describe('rewards texts', () => {
  test('the texts the original client showed are there, in both languages', () => {
    const it = (k: string, v?: Record<string, string | number>) => translate(itRewards, k, v);
    const en = (k: string, v?: Record<string, string | number>) => translate(enRewards, k, v);
    // the field errors of every form are errors.validation.*, in the original client's words
    expect(translate(itErrors, 'validation.required')).toBe('Questo campo è obbligatorio');
    expect(translate(enErrors, 'validation.required')).toBe('This field is required');
    expect(en('market.alreadyOwned')).toBe('You have already redeemed this product');
    expect(en('market.notEnoughCredits')).toBe('Not enough credits');
    expect(en('market.purchaseError')).toBe('Error during product redemption');
    expect(en('backpack.error')).toBe('Failed to load backpack');
    expect(it('market.error')).toBe('Errore nel caricamento prodotti');
    expect(it('wallet.error')).toBe('Errore nel recupero dei movimenti');
    expect(it(pluralKey('credits', 120), { amount: 120 })).toBe('120 crediti');
    expect(it(pluralKey('credits', 1), { amount: 1 })).toBe('1 credito');
    // a badge's reward says credits like every other place (the original client's "token" is gone)
    expect(en(pluralKey('credits', 50), { amount: 50 })).toBe('50 credits');
  });

  test('on /marketplace/redeem only the redeem item is current', () => {
    expect(isCurrent('/marketplace/redeem', '/marketplace/redeem')).toBe(true);
    expect(isCurrent('/marketplace', '/marketplace/redeem')).toBe(false);
    expect(isCurrent('/marketplace', '/marketplace')).toBe(true);
  });
});
