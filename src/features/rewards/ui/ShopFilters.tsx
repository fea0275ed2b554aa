import type { ReactNode } from 'react';
import { filtersActive, priceRangeInverted, type Availability, type ShopFilters as Filters } from '../shop-rules.ts';
import { inputClass, labelClass, selectClass } from '../../../platform/ui/ui.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

interface Props {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
  /** "only unredeemed" needs to know what the player owns */
  loggedIn: boolean;
  t: Translator;
}

const availabilities: Availability[] = ['all', 'available', 'out_of_stock'];

/**
 * The marketplace filters: search on name and description, minimum and maximum
 * price, availability, only unredeemed. Test ids: market-search, market-min-price,
 * market-max-price, market-availability, market-only-unredeemed, market-reset.
 */
export default function ShopFilters({ filters, onChange, onReset, loggedIn, t }: Props) {
  const f = (key: string) => t(`rewards.market.filters.${key}`);
  const inverted = priceRangeInverted(filters);
  return (
    <form
      role="search"
      aria-label={f('label')}
      onSubmit={(e) => e.preventDefault()}
      className={
        'grid grid-cols-2 gap-3 rounded-2xl border border-line bg-panel/80 ' +
        'p-4 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] md:items-end'
      }
      data-testid="market-filters"
    >
      <Filter id="market-search" label={f('search')} wide>
        <input
          id="market-search"
          type="search"
          value={filters.search}
          onChange={(e) => onChange({ search: e.target.value })}
          placeholder={f('searchPlaceholder')}
          maxLength={120}
          autoComplete="off"
          className={`${inputClass} h-11 py-0`}
          data-testid="market-search"
        />
      </Filter>
      <PriceField
        bound="min"
        label={f('minPrice')}
        value={filters.minPrice}
        onValue={(minPrice) => onChange({ minPrice })}
      />
      <PriceField
        bound="max"
        label={f('maxPrice')}
        value={filters.maxPrice}
        onValue={(maxPrice) => onChange({ maxPrice })}
        inverted={inverted}
      />
      {inverted && (
        <p
          id="market-price-range-error"
          role="alert"
          className="col-span-2 text-sm text-rose-300 md:col-span-4"
          data-testid="market-price-range-error"
        >
          {f('priceRangeInverted')}
        </p>
      )}
      <Filter id="market-availability" label={f('availability')} wide>
        <select
          id="market-availability"
          value={filters.availability}
          onChange={(e) => onChange({ availability: e.target.value as Availability })}
          className={`${selectClass} h-11 py-0`}
          data-testid="market-availability"
        >
          {availabilities.map((a) => (
            <option key={a} value={a}>
              {f(a)}
            </option>
          ))}
        </select>
      </Filter>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 md:col-span-4">
        {loggedIn ? (
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              checked={filters.onlyUnredeemed}
              onChange={(e) => onChange({ onlyUnredeemed: e.target.checked })}
              className="size-4 rounded border-line accent-brand"
              data-testid="market-only-unredeemed"
            />
            {f('onlyUnredeemed')}
          </label>
        ) : (
          <span />
        )}
        {filtersActive(filters) && (
          <button
            type="button"
            onClick={onReset}
            className="rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
            data-testid="market-reset"
          >
            {f('reset')}
          </button>
        )}
      </div>
    </form>
  );
}

/** One end of the price range; the maximum carries the "range inverted" error when the two cross. */
function PriceField({
  bound,
  label,
  value,
  onValue,
  inverted = false,
}: {
  bound: 'min' | 'max';
  label: string;
  value: string;
  onValue: (v: string) => void;
  inverted?: boolean;
}) {
  const id = `market-${bound}-price`;
  return (
    <Filter id={id} label={label}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        className={`${inputClass} h-11 py-0`}
        aria-invalid={inverted || undefined}
        aria-describedby={inverted ? 'market-price-range-error' : undefined}
        data-testid={id}
      />
    </Filter>
  );
}

/** A filter's label above its control; a `wide` one spans the row on a phone. */
function Filter({
  id,
  label,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2 space-y-1.5 md:col-span-1' : 'space-y-1.5'}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}
