import type { ReactNode } from 'react';
import type { Product } from '../contract.ts';
import type { CardState } from '../shop-rules.ts';
import { formatNumber } from '../rewards-format.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { primaryButtonClass } from '../../../platform/ui/ui.ts';
import LineIcon from '../../../platform/ui/LineIcon.tsx';

interface Props {
  product: Product;
  state: CardState;
  locale: Locale;
  t: Translator;
  onRedeem: (product: Product) => void;
  /** called when the pointer or focus reaches the redeem button: start loading what it opens */
  onIntent?: () => void;
  /** true until the island runs: the button cannot do anything yet */
  disabled?: boolean;
  /** credits the player still needs for it, when their balance is known to be too low (else 0) */
  shortBy?: number;
}

const imageOk = (src: string) => /^(\/media\/|https:\/\/)[^\s"'<>]*$/.test(src);

/**
 * A product of the marketplace: image, name, description, price in credits and
 * the redeem button, or "owned", or "out of stock". A player whose balance is known to be too low sees the
 * button disabled and how many credits they still need. Test ids: product-card (data-product-id,
 * data-state), product-name, product-price, product-stock, product-redeem, product-short, product-owned,
 * product-out-of-stock. What stands in the button's place (data-card-state) takes the focus the shipping dialog
 * hands back once the button is gone or disabled.
 */
export default function ProductCard(props: Props) {
  const { product, state, locale, t, onRedeem, onIntent, disabled = false, shortBy = 0 } = props;
  const shortId = `product-${product._id}-short`;
  const price = t(pluralKey('rewards.credits', product.price), { amount: formatNumber(product.price, locale) });
  return (
    <article
      className={
        'group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-panel ' +
        'transition hover:border-brand-light/60 data-[state=owned]:border-emerald-500/40'
      }
      data-testid="product-card"
      data-product-id={product._id}
      data-state={state}
      aria-labelledby={`product-${product._id}-name`}
    >
      <div className="bg-product-art relative aspect-[4/3] overflow-hidden">
        {imageOk(product.image) ? (
          <img
            src={product.image}
            alt=""
            loading="lazy"
            decoding="async"
            className={
              'size-full object-cover transition duration-300 ' +
              `group-hover:scale-[1.03] motion-reduce:transition-none ${
                state === 'out_of_stock' ? 'opacity-50 grayscale' : ''
              }`
            }
          />
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="absolute inset-0 m-auto size-16 text-brand-light/70"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          >
            <path d="M4 9h16l-1.5-5h-13z" />
            <path d="M5 9v11h14V9M10 20v-5h4v5" />
          </svg>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2
            id={`product-${product._id}-name`}
            className="text-lg leading-snug font-bold text-white"
            data-testid="product-name"
          >
            {product.name}
          </h2>
          {product.description && <p className="mt-1 line-clamp-3 text-sm text-slate-300">{product.description}</p>}
        </div>
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-accent tabular-nums">
            <span className="sr-only">{t('rewards.market.price')} </span>
            <span data-testid="product-price">{price}</span>
          </p>
          {state === 'redeemable' && (
            <p className="text-xs text-slate-400" data-testid="product-stock">
              {t(pluralKey('rewards.market.stock', product.quantity), {
                count: formatNumber(product.quantity, locale),
              })}
            </p>
          )}
        </div>
        {state === 'redeemable' && (
          <button
            type="button"
            onClick={() => onRedeem(product)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            disabled={disabled || shortBy > 0}
            aria-label={t('rewards.market.redeemLabel', { name: product.name })}
            aria-describedby={shortBy > 0 ? shortId : undefined}
            className={`${primaryButtonClass} w-full`}
            data-testid="product-redeem"
          >
            {t('rewards.market.redeem')}
          </button>
        )}
        {state === 'redeemable' && shortBy > 0 && (
          <StateNote id={shortId} className="-mt-1 text-center text-xs text-amber-200" testId="product-short">
            {t(pluralKey('rewards.market.needMore', shortBy), { count: formatNumber(shortBy, locale) })}
          </StateNote>
        )}
        {state === 'owned' && (
          <StateNote
            className={
              'flex items-center justify-center gap-2 rounded-lg border border-emerald-500/40 ' +
              'bg-emerald-500/10 px-4 py-2.5 text-sm font-semibold text-emerald-200'
            }
            testId="product-owned"
          >
            <LineIcon size={18} strokeWidth={2.2}>
              <path d="m5 12 5 5 9-10" />
            </LineIcon>
            {t('rewards.market.owned')}
          </StateNote>
        )}
        {state === 'out_of_stock' && (
          <StateNote
            className={
              'rounded-lg border border-line bg-white/5 px-4 py-2.5 ' +
              'text-center text-sm font-semibold text-slate-400'
            }
            testId="product-out-of-stock"
          >
            {t('rewards.market.outOfStock')}
          </StateNote>
        )}
      </div>
    </article>
  );
}

/**
 * What the card says in place of its button (credits missing, owned, out of stock). It takes the focus once a
 * purchase changed the card (the dialog looks for data-card-state), so it is focusable from script, not by Tab.
 */
function StateNote(props: { id?: string; className: string; testId: string; children: ReactNode }) {
  return (
    <p id={props.id} tabIndex={-1} data-card-state className={props.className} data-testid={props.testId}>
      {props.children}
    </p>
  );
}
