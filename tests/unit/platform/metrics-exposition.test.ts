import { Gauge, Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { exposition } from '../../../src/platform/http/metrics.ts';

test('a value that is not a number is written NaN, as the text exposition format spells it', async () => {
  const registry = new Registry();
  const lag = new Gauge({ name: 'lag_seconds', help: 'a lag not measured yet', registers: [registry] });
  const labelled = new Gauge({ name: 'ratio', help: 'by kind', labelNames: ['kind'], registers: [registry] });
  lag.set(Number.NaN);
  labelled.set({ kind: 'Nan' }, 0.5);
  labelled.set({ kind: 'other' }, Number.NaN);
  const lines = (await exposition(registry)).trim().split('\n');
  expect(lines).toContain('lag_seconds NaN');
  expect(lines).toContain('ratio{kind="other"} NaN');
  // a label's value is text, and stays as it was given
  expect(lines).toContain('ratio{kind="Nan"} 0.5');
  expect(lines.filter((l) => / Nan$/.test(l))).toEqual([]);
});
