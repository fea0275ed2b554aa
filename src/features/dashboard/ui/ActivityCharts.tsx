import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { formatNumber } from '../../../platform/ui/admin/format.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import type { TimeseriesDay } from '../contract.ts';

// tree-shaken: only what two bar charts with a legend and tooltips need (a day is a count, not a trend between points)
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

interface Props {
  t: Translator;
  locale: Locale;
  days: TimeseriesDay[];
}

const colors = {
  signups: '#38bdf8',
  redemptions: '#a78bfa',
  purchases: '#f472b6',
  creditsDistributed: '#34d399',
  creditsSpent: '#fbbf24',
  creditsAdjusted: '#94a3b8',
} as const;
type Series = keyof typeof colors;

/** The charts' options; counts on the axis and in the tooltips are grouped as the rest of the dashboard writes them. */
export const chartOptions = (locale: Locale): ChartOptions<'bar'> => ({
  locale: locale === 'it' ? 'it-IT' : 'en-GB',
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    legend: { labels: { color: '#cbd5e1', boxWidth: 12 } },
    tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${formatNumber(c.parsed.y ?? 0, locale)}` } },
  },
  datasets: { bar: { borderRadius: 2, categoryPercentage: 0.8, barPercentage: 0.9 } },
  scales: {
    x: { ticks: { color: '#94a3b8', maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { display: false } },
    y: {
      beginAtZero: true,
      ticks: { color: '#94a3b8', precision: 0, callback: (value) => formatNumber(Number(value), locale) },
      grid: { color: 'rgba(148,163,184,0.12)' },
    },
  },
});

/** Signups, redemptions and purchases per day; credits earned, spent and adjusted per day: one group of bars a day. */
export default function ActivityCharts({ t, locale, days }: Props) {
  const label = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const labels = days.map((d) => label.format(new Date(`${d.date}T00:00:00Z`)));
  const seriesLabel = (key: Series) =>
    key === 'creditsAdjusted' ? t('dashboard.overview.creditsAdjusted') : t(`rewardsAdmin.index.series.${key}`);
  const dataset = (key: Series) => ({
    label: seriesLabel(key),
    data: days.map((d) => d[key] ?? 0),
    backgroundColor: colors[key],
    hoverBackgroundColor: colors[key],
  });
  // the two charts: their caption (also the chart's name), test id and series
  const charts = [
    {
      title: t('rewardsAdmin.index.activityChart'),
      testId: 'chart-activity',
      series: ['signups', 'redemptions', 'purchases'],
    },
    {
      title: t('dashboard.overview.creditsChart'),
      testId: 'chart-credits',
      series: ['creditsDistributed', 'creditsSpent', 'creditsAdjusted'],
    },
  ] as const;
  return (
    <div className="grid gap-6 xl:grid-cols-2" data-testid="activity-charts">
      {charts.map(({ title, testId, series }) => (
        <figure key={testId} className="space-y-2">
          <figcaption className="text-sm font-semibold text-slate-300">{title}</figcaption>
          <div className="relative h-64">
            <Bar
              data={{ labels, datasets: series.map(dataset) }}
              options={chartOptions(locale)}
              aria-label={t('dashboard.overview.bars', { title })}
              role="img"
              data-testid={testId}
              data-chart-type="bar"
              data-days={days.length}
            />
          </div>
        </figure>
      ))}
    </div>
  );
}
