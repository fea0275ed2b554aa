import { expect, test } from 'vitest';
import { dashboardNamespaces, loadDashboardCatalogue } from '../../../src/layouts/dashboard/catalogue.ts';
import { pick } from '../../../src/platform/i18n/messages.ts';

test.each(['it', 'en'] as const)('the dashboard loads every namespace it names, whole, in %s', async (locale) => {
  const loaded = await loadDashboardCatalogue(locale);
  expect(Object.keys(loaded)).toEqual([...dashboardNamespaces]);
  expect(loaded).toEqual(pick(locale, ...dashboardNamespaces));
});
