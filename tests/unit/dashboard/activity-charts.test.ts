import { describe, expect, test } from 'vitest';
import { chartOptions } from '../../../src/features/dashboard/ui/ActivityCharts.tsx';

describe('activity charts', () => {
  // chart.js would write the axis and the tooltips with the language's default grouping (9000 in Italian)
  test('write counts on the axis and in the tooltips grouped as the dashboard cards write them', () => {
    for (const [locale, axis, tip] of [
      ['it', '9.000', 'Crediti: 8.165'],
      ['en', '9,000', 'Crediti: 8,165'],
    ] as const) {
      const options = chartOptions(locale);
      const tick = options.scales!.y!.ticks!.callback as (value: number | string, index: number, ticks: []) => string;
      expect(tick.call(undefined as never, 9000, 0, [])).toBe(axis);
      const label = options.plugins!.tooltip!.callbacks!.label as (item: unknown) => string;
      expect(label.call(undefined as never, { dataset: { label: 'Crediti' }, parsed: { y: 8165 } })).toBe(tip);
    }
  });
});
