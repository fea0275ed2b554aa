import { lazy, Suspense, useEffect, useState } from 'react';
import type { DashboardCardKey, DashboardOverview, LedgerReconciliation, TimeseriesDay } from '../contract.ts';
import { trendOf } from '../rules.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { api } from '../../../platform/browser/api-client.ts';
import Spinner from '../../../platform/ui/Spinner.tsx';
import RetryAlert from '../../../platform/ui/admin/RetryAlert.tsx';
import { whenLive } from '../../../platform/ui/admin/when-live.ts';
import type { SectionProps } from '../../../platform/ui/admin/section-props.ts';
import { panelClass, panelTitleClass } from '../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../platform/ui/admin/PanelHeading.tsx';
import { sectionPath, type DashboardSectionKey } from '../../../platform/ui/admin/sections.ts';
import { formatNumber } from '../../../platform/ui/admin/format.ts';
import { localizePath } from '../../../platform/i18n/i18n.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { DashboardApi } from '../endpoints.ts';

const call: TypedCall<DashboardApi> = api;

/** chart.js is its own chunk, fetched after the stat cards (only this page ever loads it). */
const ActivityCharts = lazy(() => import('./ActivityCharts.tsx'));

/** Each stat card and the list it opens: the records it counts, filtered as it counts them. */
const cards = [
  ['totalUsers', 'users'],
  ['totalProducts', 'products'],
  ['activeGiveaways', 'giveaway'],
  ['totalPurchases', 'purchases'],
  ['redempionGiveaways', 'giveaway'],
  ['totalCreditsDistributed', 'users'],
  ['totalCreditsSpent', 'purchases'],
  ['pendingPurchases', 'purchases', { filter: 'unfulfilled' }],
] as const satisfies readonly (readonly [DashboardCardKey, DashboardSectionKey, Record<string, string>?])[];

export const RANGES = [7, 30, 90] as const;

/**
 * /dashboard: the overview's stat cards and the activity charts (a failure is logged and shown inline, not as a toast).
 */
export default function DashboardIndex({ t, locale }: SectionProps) {
  const [overview, setOverview] = useState<DashboardOverview | null>(null);
  const [overviewFailed, setOverviewFailed] = useState(false);
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [series, setSeries] = useState<TimeseriesDay[] | null>(null);
  const [seriesFailed, setSeriesFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setOverviewFailed(false);
    return whenLive(
      call<'GET /marketplace/dashboard/overview'>(`/marketplace/dashboard/overview?days=${days}`),
      (res) => {
        if (res.ok) setOverview(res.data);
        else {
          console.error('dashboard overview failed', res.code);
          setOverviewFailed(true);
        }
      },
    );
  }, [days, attempt]);

  useEffect(() => {
    setSeriesFailed(false);
    return whenLive(
      call<'GET /marketplace/dashboard/timeseries'>(`/marketplace/dashboard/timeseries?days=${days}`),
      (res) => {
        if (res.ok && Array.isArray(res.data?.days)) setSeries(res.data.days);
        else {
          console.error('dashboard timeseries failed', res.ok ? 'BAD_SHAPE' : res.code);
          setSeriesFailed(true);
        }
      },
    );
  }, [days, attempt]);

  const retry = { label: t('rewardsAdmin.common.retry'), run: () => setAttempt((n) => n + 1) };

  return (
    <div className="mt-6 space-y-8" data-testid="economy-index">
      {/* one period for the cards' comparison and the charts */}
      <div
        role="group"
        aria-label={t('dashboard.overview.range')}
        className="flex flex-wrap gap-1.5"
        data-testid="activity-range"
      >
        {RANGES.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={n === days}
            onClick={() => setDays(n)}
            data-testid={`activity-range-${n}`}
            className={
              'rounded-lg border px-3 py-1.5 text-xs font-semibold transition outline-none ' +
              `focus-visible:ring-2 focus-visible:ring-accent ${
                n === days
                  ? 'border-brand bg-brand/30 text-white'
                  : 'border-line bg-ink/60 text-slate-300 hover:border-accent hover:text-white'
              }`
            }
          >
            {t('rewardsAdmin.index.days', { n })}
          </button>
        ))}
      </div>

      {overviewFailed ? (
        <RetryAlert message={t('rewardsAdmin.index.loadError')} retry={retry} testId="overview-error" />
      ) : !overview ? (
        <Spinner label={t('rewardsAdmin.index.loading')} testId="overview-loading" />
      ) : (
        <>
          <ul
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
            data-testid="overview-cards"
            data-days={overview.period.days}
          >
            {cards.map(([key, section, query]) => (
              <li key={key} data-testid={`stat-${key}`}>
                <a
                  href={localizePath(sectionPath(section, query), locale)}
                  className={`${panelClass} flex h-full flex-col gap-2 hover:border-accent focus-visible:border-accent`}
                  data-testid="stat-link"
                >
                  <span className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
                    {t(`rewardsAdmin.index.cards.${key}`)}
                  </span>
                  <span className="font-mono text-3xl font-bold text-white" data-testid="stat-value">
                    {formatNumber(overview[key] ?? 0, locale)}
                  </span>
                  <StatTrend
                    t={t}
                    locale={locale}
                    days={overview.period.days}
                    current={overview.period.current[key]}
                    previous={overview.period.previous[key]}
                  />
                </a>
              </li>
            ))}
          </ul>
          <Reconciliation t={t} locale={locale} ledger={overview.ledger} />
        </>
      )}

      <section className={`${panelClass} space-y-4`} aria-labelledby="activity-title" data-testid="activity-section">
        <h2 id="activity-title" className={panelTitleClass}>
          {t('rewardsAdmin.index.chartsTitle')}
        </h2>
        {seriesFailed ? (
          <RetryAlert message={t('rewardsAdmin.index.loadError')} retry={retry} testId="activity-error" />
        ) : !series ? (
          <Spinner label={t('rewardsAdmin.index.loading')} testId="activity-loading" />
        ) : (
          <Suspense fallback={<Spinner label={t('rewardsAdmin.index.loading')} testId="activity-loading" />}>
            <ActivityCharts t={t} locale={locale} days={series} />
          </Suspense>
        )}
      </section>
    </div>
  );
}

const trendTone = { up: 'text-emerald-300', down: 'text-rose-300', flat: 'text-slate-400' } as const;
const arrows = { up: '▲', down: '▼', flat: '■' } as const;

/**
 * "+4 in 30 days" and "▲ +12% vs previous 30 days": what the card's records did in the period, against the one before.
 */
function StatTrend({
  t,
  locale,
  days,
  current,
  previous,
}: {
  t: Translator;
  locale: Locale;
  days: number;
  current: number;
  previous: number;
}) {
  const { direction, percent } = trendOf(current, previous);
  const vars = { days, percent: formatNumber(percent ?? 0, locale), previous: formatNumber(previous, locale) };
  const [shown, spoken] =
    percent === null
      ? [t('dashboard.overview.trendFromNone', vars), t('dashboard.overview.trendFromNoneSr', vars)]
      : direction === 'up'
        ? [t('dashboard.overview.trendUp', vars), t('dashboard.overview.trendUpSr', vars)]
        : direction === 'down'
          ? [t('dashboard.overview.trendDown', vars), t('dashboard.overview.trendDownSr', vars)]
          : [t('dashboard.overview.trendFlat', vars), t('dashboard.overview.trendFlatSr', vars)];
  return (
    <span className="mt-auto flex flex-col gap-0.5 text-xs" data-testid="stat-trend" data-direction={direction}>
      <span className="text-slate-300" data-testid="stat-period">
        {t('dashboard.overview.newInPeriod', { n: formatNumber(current, locale), days })}
      </span>
      <span className={trendTone[direction]}>
        <span aria-hidden="true">
          {arrows[direction]} {shown}
        </span>
        <span className="sr-only" data-testid="stat-trend-sr">
          {spoken}
        </span>
      </span>
    </span>
  );
}

/** Earned − spent + added − taken away = the balances; a difference is a warning, never hidden. */
function Reconciliation({ t, locale, ledger }: { t: Translator; locale: Locale; ledger: LedgerReconciliation }) {
  const n = (v: number) => formatNumber(v, locale);
  const rows = [
    ['distributed', '', ledger.distributed],
    ['spent', '−', ledger.spent],
    ['adjustedIn', '+', ledger.adjustedIn],
    ['adjustedOut', '−', ledger.adjustedOut],
  ] as const;
  const balanced = ledger.difference === 0;
  return (
    <section
      className={`${panelClass} space-y-3`}
      aria-labelledby="reconciliation-title"
      data-testid="reconciliation"
      data-balanced={balanced}
    >
      <PanelHeading
        id="reconciliation-title"
        title={t('dashboard.overview.reconciliation.title')}
        intro={t('dashboard.overview.reconciliation.intro')}
      />
      <table className="w-full max-w-xl text-sm">
        <caption className="sr-only">{t('dashboard.overview.reconciliation.caption')}</caption>
        <tbody>
          {rows.map(([key, sign, value]) => (
            <tr key={key} className="border-b border-line/60" data-testid={`reconciliation-${key}`}>
              <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-300">
                {t(`dashboard.overview.reconciliation.${key}`)}
              </th>
              <td className="py-1.5 text-right font-mono text-slate-100">
                {sign && <span aria-hidden="true">{sign} </span>}
                {n(value)}
              </td>
            </tr>
          ))}
          <tr data-testid="reconciliation-balances">
            <th scope="row" className="pt-2 pr-4 text-left font-semibold text-white">
              {t('dashboard.overview.reconciliation.balances')}
            </th>
            <td className="pt-2 text-right font-mono font-bold text-white">
              <span aria-hidden="true">= </span>
              {n(ledger.balances)}
            </td>
          </tr>
        </tbody>
      </table>
      {balanced ? (
        <p className="text-sm text-emerald-300" data-testid="reconciliation-status">
          {t('dashboard.overview.reconciliation.ok')}
        </p>
      ) : (
        <p
          role="alert"
          className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-200"
          data-testid="reconciliation-status"
        >
          {t('dashboard.overview.reconciliation.mismatch', { difference: n(ledger.difference) })}
        </p>
      )}
    </section>
  );
}
