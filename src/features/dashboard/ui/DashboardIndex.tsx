import { lazy, Suspense, useEffect, useState } from 'react';
import type { DashboardOverview, TimeseriesDay } from '../contract.ts';
import { api } from '../../../platform/browser/api-client.ts';
import Spinner from '../../../platform/ui/Spinner.tsx';
import RetryAlert from '../../../platform/ui/admin/RetryAlert.tsx';
import type { SectionProps } from '../../../platform/ui/admin/section-props.ts';
import { panelClass, panelTitleClass } from '../../../platform/ui/admin/ui.ts';
import { sectionPath, type DashboardSectionKey } from '../../../platform/ui/admin/sections.ts';
import { formatNumber } from '../../../platform/ui/admin/format.ts';
import { localizePath } from '../../../platform/i18n/i18n.ts';

/** chart.js is its own chunk, fetched after the stat cards (only this page ever loads it). */
const ActivityCharts = lazy(() => import('./ActivityCharts.tsx'));

/** Each stat card and the list it opens (issue 13, item 16): the records it counts, filtered as it counts them. */
const cards = [
  ['totalUsers', 'users'],
  ['totalProducts', 'products'],
  ['activeGiveaways', 'giveaway'],
  ['totalPurchases', 'purchases'],
  ['redempionGiveaways', 'giveaway'],
  ['totalCreditsDistributed', 'users'],
  ['totalCreditsSpent', 'purchases'],
  ['pendingPurchases', 'purchases', { filter: 'unfulfilled' }],
] as const satisfies readonly (readonly [keyof DashboardOverview, DashboardSectionKey, Record<string, string>?])[];

export const RANGES = [7, 30, 90] as const;

/** /dashboard: the overview's stat cards and the activity charts (SPEC: failures are only logged, plus an inline text). */
export default function DashboardIndex({ t, locale }: SectionProps) {
  const [overview, setOverview] = useState<DashboardOverview | null>(null);
  const [overviewFailed, setOverviewFailed] = useState(false);
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [series, setSeries] = useState<TimeseriesDay[] | null>(null);
  const [seriesFailed, setSeriesFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setOverviewFailed(false);
    api<DashboardOverview>('/marketplace/dashboard/overview').then((res) => {
      if (!live) return;
      if (res.ok) setOverview(res.data);
      else {
        console.error('dashboard overview failed', res.code);
        setOverviewFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    let live = true;
    setSeriesFailed(false);
    api<{ days: TimeseriesDay[] }>(`/marketplace/dashboard/timeseries?days=${days}`).then((res) => {
      if (!live) return;
      if (res.ok && Array.isArray(res.data?.days)) setSeries(res.data.days);
      else {
        console.error('dashboard timeseries failed', res.ok ? 'BAD_SHAPE' : res.code);
        setSeriesFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [days, attempt]);

  const retry = { label: t('rewardsAdmin.common.retry'), run: () => setAttempt((n) => n + 1) };

  return (
    <div className="mt-6 space-y-8" data-testid="economy-index">
      {overviewFailed ? (
        <RetryAlert message={t('rewardsAdmin.index.loadError')} retry={retry} testId="overview-error" />
      ) : !overview ? (
        <Spinner label={t('rewardsAdmin.index.loading')} testId="overview-loading" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="overview-cards">
          {cards.map(([key, section, query]) => (
            <li key={key} data-testid={`stat-${key}`}>
              <a href={localizePath(sectionPath(section, query), locale)} className={`${panelClass} flex h-full flex-col gap-2 hover:border-accent focus-visible:border-accent`} data-testid="stat-link">
                <span className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{t(`rewardsAdmin.index.cards.${key}`)}</span>
                <span className="font-mono text-3xl font-bold text-white" data-testid="stat-value">
                  {formatNumber(overview[key] ?? 0, locale)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}

      <section className={`${panelClass} space-y-4`} aria-labelledby="activity-title" data-testid="activity-section">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="activity-title" className={panelTitleClass}>
            {t('rewardsAdmin.index.chartsTitle')}
          </h2>
          <div role="group" aria-label={t('rewardsAdmin.index.rangeLabel')} className="flex gap-1.5" data-testid="activity-range">
            {RANGES.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={n === days}
                onClick={() => setDays(n)}
                data-testid={`activity-range-${n}`}
                className={`rounded-lg border px-3 py-1.5 text-xs font-semibold transition outline-none focus-visible:ring-2 focus-visible:ring-accent ${
                  n === days ? 'border-brand bg-brand/30 text-white' : 'border-line bg-ink/60 text-slate-300 hover:border-accent hover:text-white'
                }`}
              >
                {t('rewardsAdmin.index.days', { n })}
              </button>
            ))}
          </div>
        </div>
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
