import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Product } from '../contract.ts';
import {
  cardState,
  noFilters,
  productListParams,
  creditsShort,
  purchaseBlock,
  SHOP_PAGE_SIZE,
  type ShopFilters as Filters,
} from '../shop-rules.ts';
import { formatNumber } from '../rewards-format.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { ensureCredits, loadCredits, setCredits } from './credits.ts';
import { localizePath, type IslandProps } from '../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import { $credits, $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';
import ProductCard from './ProductCard.tsx';
import type { PurchaseOutcome } from './ShippingDialog.tsx';
import type { EarnedBadge } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import ShopFilters from './ShopFilters.tsx';
import DeferredToaster from '../../../platform/ui/DeferredToaster.tsx';
import { notify } from '../../../platform/ui/notify.ts';
import Pagination from '../../../platform/ui/Pagination.tsx';
import { useDebouncedValue } from '../../../platform/ui/use-debounced-value.ts';
import { useAtom } from '../../../platform/ui/use-atom.ts';
import { useHydrated } from '../../../platform/ui/use-hydrated.ts';
import { useT } from '../../../platform/ui/use-t.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

interface Props extends IslandProps {
  /** the login page in this locale: a visitor's redeem goes there */
  loginHref: string;
}

/** Filters typed by hand wait this long before searching. */
const FILTER_DEBOUNCE_MS = 300;
/** "only unredeemed" filters on the client, over the whole catalogue read this many at a time. */
const CATALOGUE_CHUNK = 100;
const MAX_CHUNKS = 20;

type Listing = { items: Product[]; total: number };

// the address dialog (with its form library and the purchase schema) loads when a redeem is
// intended, not with the shop: the page's JavaScript before interaction stays inside its budget
const loadShippingDialog = () => import('./ShippingDialog.tsx');
const ShippingDialog = lazy(loadShippingDialog);

async function fetchListing(filters: Filters, page: number, owned: ReadonlySet<string>): Promise<Listing | null> {
  if (!filters.onlyUnredeemed || owned.size === 0) {
    const res = await call<'GET /marketplace/products'>(`/marketplace/products?${productListParams(filters, page)}`, {
      base: marketplaceApiBase,
    });
    return res.ok ? { items: res.data, total: res.total ?? res.data.length } : null;
  }
  // the server does not know what "unredeemed" means for this player: read all matches, then page here
  const all: Product[] = [];
  for (let chunk = 1; chunk <= MAX_CHUNKS; chunk++) {
    const res = await call<'GET /marketplace/products'>(
      `/marketplace/products?${productListParams(filters, chunk, CATALOGUE_CHUNK)}`,
      { base: marketplaceApiBase },
    );
    if (!res.ok) return null;
    all.push(...res.data);
    if (res.data.length < CATALOGUE_CHUNK || all.length >= (res.total ?? 0)) break;
  }
  const visible = all.filter((p) => !owned.has(p._id));
  return { items: visible.slice((page - 1) * SHOP_PAGE_SIZE, page * SHOP_PAGE_SIZE), total: visible.length };
}

/**
 * /marketplace: product cards with filters and pagination, the redeem
 * flow through the shipping address dialog. Anyone may browse; redeeming needs a login. The
 * header balance ($credits) is read and updated through src/features/rewards/ui/credits.ts.
 */
export default function MarketplaceApp({ locale, messages, loginHref }: Props) {
  const t = useT(messages);
  const hydrated = useHydrated();
  const user = useAtom($user);
  const token = useAtom($token);
  const credits = useAtom($credits);
  const loggedIn = hydrated && Boolean(user && token);

  const [filters, setFilters] = useState<Filters>(noFilters);
  const debounced = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [query, setQuery] = useState({ filters: noFilters, page: 1 });
  const [owned, setOwned] = useState<ReadonlySet<string>>(() => new Set());
  const [ownedReady, setOwnedReady] = useState(false);
  const [listing, setListing] = useState<Listing | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [buying, setBuying] = useState<Product | null>(null);
  // the last product bought here: a lasting pointer to /my-orders, where its shipping shows
  const [ordered, setOrdered] = useState<string | null>(null);

  useEffect(() => {
    if ($sessionLoading.get()) loadSession();
  }, []);

  // new filters start again from the first page
  useEffect(() => setQuery((q) => (q.filters === debounced ? q : { filters: debounced, page: 1 })), [debounced]);

  // what the player already owns: the "owned" cards and the "only unredeemed" filter
  useEffect(() => {
    if (!hydrated) return;
    if (!loggedIn || !user) {
      setOwned(new Set());
      setOwnedReady(true);
      return;
    }
    let live = true;
    setOwnedReady(false);
    void ensureCredits();
    call<'GET /marketplace/purchases/user/:user'>(
      `/marketplace/purchases/user/${encodeURIComponent(user.id)}?limit=500`,
      { base: marketplaceApiBase },
    ).then((res) => {
      if (!live) return;
      if (res.ok) setOwned(new Set(res.data.map((p) => p.productId)));
      else console.error('the purchases could not be read', res);
      setOwnedReady(true);
    });
    return () => {
      live = false;
    };
    /* eslint-disable-next-line react-hooks/exhaustive-deps --
       the user's id is what matters; a new object for the same user must not refetch */
  }, [hydrated, loggedIn, user?.id]);

  // the owned set matters to the listing only when it filters on it
  const ownedKey = query.filters.onlyUnredeemed ? [...owned].sort().join() : '';
  useEffect(() => {
    if (!ownedReady) return;
    let live = true;
    setStatus('loading');
    fetchListing(query.filters, query.page, owned).then((res) => {
      if (!live) return;
      if (!res) return setStatus('error');
      const pages = Math.max(1, Math.ceil(res.total / SHOP_PAGE_SIZE));
      // a page that no longer exists (fewer matches now): show the last one
      if (query.page > pages) return setQuery((q) => ({ ...q, page: pages }));
      setListing(res);
      setStatus('ready');
    });
    return () => {
      live = false;
    };
    // `owned` is read through ownedKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, ownedReady, ownedKey, attempt]);

  const updateFilters = useCallback((patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch })), []);

  const onRedeem = (product: Product) => {
    if (!loggedIn) {
      window.location.assign(loginHref);
      return;
    }
    const blocked = purchaseBlock(product, owned, credits);
    if (blocked === 'ALREADY_PURCHASED') void notify(t('rewards.market.alreadyOwned'), 'error');
    else if (blocked === 'NOT_ENOUGH_CREDITS') void notify(t('rewards.market.notEnoughCredits'), 'error');
    else if (blocked === 'OUT_OF_STOCK') void notify(t.error('OUT_OF_STOCK'), 'error');
    else setBuying(product);
  };

  const patchProduct = (id: string, patch: Partial<Product>) =>
    setListing((l) => l && { ...l, items: l.items.map((p) => (p._id === id ? { ...p, ...patch } : p)) });

  // the server awarded them (the purchase's, and the profile's when saving the address completed it); the modal
  // (and the balance they pay) load only then
  const celebrate = (badges: EarnedBadge[] | undefined) => {
    if (badges?.length)
      void import('../../../platform/ui/earned-badges/earned-badge.ts').then(({ celebrateEarnedBadges }) =>
        celebrateEarnedBadges(badges),
      );
  };

  const onOutcome = (product: Product, outcome: PurchaseOutcome) => {
    celebrate(outcome.earnedBadges);
    if (outcome.ok) {
      setBuying(null);
      setOwned((o) => new Set(o).add(product._id));
      patchProduct(product._id, { quantity: Math.max(0, product.quantity - 1) });
      setCredits(outcome.result.balance);
      void notify(t('rewards.market.purchased', { name: product.name }));
      setOrdered(product.name);
      return;
    }
    switch (outcome.code) {
      case 'ALREADY_PURCHASED':
        setBuying(null);
        setOwned((o) => new Set(o).add(product._id));
        void notify(t('rewards.market.alreadyOwned'), 'error');
        return;
      case 'NOT_ENOUGH_CREDITS':
        setBuying(null);
        void loadCredits();
        void notify(t('rewards.market.notEnoughCredits'), 'error');
        return;
      case 'OUT_OF_STOCK':
        setBuying(null);
        patchProduct(product._id, { quantity: 0 });
        void notify(t.error('OUT_OF_STOCK'), 'error');
        return;
      default: {
        // the dialog stays open: the player can try again (same Idempotency-Key if the outcome is unknown)
        const text = t.error(outcome.code);
        void notify(text === t('errors.INTERNAL_ERROR') ? t('rewards.market.purchaseError') : text, 'error');
      }
    }
  };

  const pageCount = Math.max(1, Math.ceil((listing?.total ?? 0) / SHOP_PAGE_SIZE));
  const paginationLabels = useMemo(
    () => ({
      nav: t('rewards.market.pagination.nav'),
      previous: t('rewards.market.pagination.previous'),
      next: t('rewards.market.pagination.next'),
      page: (n: number) => t('rewards.market.pagination.page', { n }),
    }),
    [t],
  );
  const goToPage = (page: number) => {
    setQuery((q) => ({ ...q, page }));
    document.getElementById('market-results')?.scrollIntoView({ block: 'start' });
  };

  const stateBox = 'rounded-2xl border border-dashed border-line px-6 py-10 text-center text-slate-300';
  return (
    <div className="space-y-6">
      <DeferredToaster />
      <ShopFilters
        filters={filters}
        onChange={updateFilters}
        onReset={() => setFilters(noFilters)}
        loggedIn={loggedIn}
        t={t}
      />
      {ordered && (
        <p
          role="status"
          className="rounded-2xl border border-emerald-400/40 bg-emerald-400/10 px-5 py-4 text-sm text-emerald-100"
          data-testid="market-ordered"
        >
          {t('rewards.market.ordered', { name: ordered })}{' '}
          <a
            href={localizePath('/my-orders', locale)}
            className="font-semibold text-white underline underline-offset-4"
            data-testid="market-to-orders"
          >
            {t('rewards.market.toOrders')}
          </a>
        </p>
      )}
      <div id="market-results" className="scroll-mt-20 space-y-6">
        <p className="text-sm text-slate-400" aria-live="polite" data-testid="market-count">
          {status === 'ready' && listing
            ? t(pluralKey('rewards.market.results', listing.total), { count: formatNumber(listing.total, locale) })
            : ''}
        </p>
        {status === 'loading' && !listing && (
          <div
            role="status"
            className={`${stateBox} flex items-center justify-center gap-3`}
            data-testid="market-loading"
          >
            <span
              aria-hidden="true"
              className={
                'size-5 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none'
              }
            />
            {t('rewards.market.loading')}
          </div>
        )}
        {status === 'error' && (
          <div role="alert" className={`${stateBox} border-rose-500/40 text-rose-200`} data-testid="market-error">
            <p>{t('rewards.market.error')}</p>
            <button
              type="button"
              onClick={() => setAttempt((a) => a + 1)}
              className={
                'mt-4 rounded-lg border border-line px-4 py-2 text-sm ' +
                'font-medium text-slate-200 hover:border-accent hover:text-white'
              }
              data-testid="market-retry"
            >
              {t('rewards.market.retry')}
            </button>
          </div>
        )}
        {status !== 'error' && listing && listing.items.length === 0 && status === 'ready' && (
          <div className={stateBox} data-testid="market-empty">
            {t('rewards.market.empty')}
          </div>
        )}
        {status !== 'error' && listing && listing.items.length > 0 && (
          <ul
            className={
              'grid grid-cols-1 gap-5 transition-opacity aria-busy:opacity-60 ' +
              'sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4'
            }
            aria-busy={status === 'loading' || undefined}
            data-testid="market-list"
          >
            {listing.items.map((p) => (
              <li key={p._id}>
                <ProductCard
                  product={p}
                  state={cardState(p, owned)}
                  locale={locale}
                  t={t}
                  onRedeem={onRedeem}
                  onIntent={loggedIn ? loadShippingDialog : undefined}
                  disabled={!hydrated}
                  shortBy={loggedIn ? creditsShort(p.price, credits) : 0}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={query.page}
          pageCount={status === 'error' ? 1 : pageCount}
          onPageChange={goToPage}
          labels={paginationLabels}
          testId="market-pagination"
        />
      </div>
      {buying && user && (
        <Suspense fallback={null}>
          <ShippingDialog
            product={buying}
            user={user}
            credits={credits}
            locale={locale}
            t={t}
            onClose={(earned) => {
              setBuying(null);
              celebrate(earned);
            }}
            onOutcome={(outcome) => onOutcome(buying, outcome)}
          />
        </Suspense>
      )}
    </div>
  );
}
