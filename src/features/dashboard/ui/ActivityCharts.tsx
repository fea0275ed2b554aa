import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import type { TimeseriesDay } from '../contract.ts';

// tree-shaken: only what two line charts with a legend and tooltips need
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend, Filler);

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
} as const;

const options = (locale: Locale): ChartOptions<'line'> => ({
  locale: locale === 'it' ? 'it-IT' : 'en-GB',
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: { legend: { labels: { color: '#cbd5e1', boxWidth: 12 } } },
  scales: {
    x: { ticks: { color: '#94a3b8', maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { color: 'rgba(148,163,184,0.08)' } },
    y: { beginAtZero: true, ticks: { color: '#94a3b8', precision: 0 }, grid: { color: 'rgba(148,163,184,0.12)' } },
  },
});

/** Signups, redemptions and purchases per day; credits distributed and spent per day. */
export default function ActivityCharts({ t, locale, days }: Props) {
  const label = new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = days.map((d) => label.format(new Date(`${d.date}T00:00:00Z`)));
  const dataset = (key: keyof typeof colors) => ({
    label: t(`rewardsAdmin.index.series.${key}`),
    data: days.map((d) => d[key] ?? 0),
    borderColor: colors[key],
    backgroundColor: `${colors[key]}33`,
    pointRadius: days.length > 40 ? 0 : 2,
    tension: 0.3,
    borderWidth: 2,
  });
  // the two charts: their caption (also the chart's name), test id and series
  const charts = [
    { title: t('rewardsAdmin.index.activityChart'), testId: 'chart-activity', series: ['signups', 'redemptions', 'purchases'] },
    { title: t('rewardsAdmin.index.creditsChart'), testId: 'chart-credits', series: ['creditsDistributed', 'creditsSpent'] },
  ] as const;
  return (
    <div className="grid gap-6 xl:grid-cols-2" data-testid="activity-charts">
      {charts.map(({ title, testId, series }) => (
        <figure key={testId} className="space-y-2">
          <figcaption className="text-sm font-semibold text-slate-300">{title}</figcaption>
          <div className="relative h-64">
            <Line data={{ labels, datasets: series.map(dataset) }} options={options(locale)} aria-label={title} role="img" data-testid={testId} />
          </div>
        </figure>
      ))}
    </div>
  );
}
