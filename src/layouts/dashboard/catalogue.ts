import type { Locale, Messages } from '../../platform/i18n/i18n.ts';
import type { Namespace } from '../../platform/i18n/messages.ts';

/** The namespaces of the dashboard's sections, its shell and the shared error texts. */
export const dashboardNamespaces = [
  'dashboard',
  'errors',
  'accounts',
  'rewardsAdmin',
  'campaignAdmin',
  'news',
  'audit',
  'results',
  'resultsAdmin',
  'brackets',
] as const satisfies readonly Namespace[];

// each locale file its own module: the build gives each a content-hashed file a browser keeps until it changes.
// The patterns are literals the build reads (the files of the namespaces above, as named on disk).
const files = import.meta.glob<Messages>(
  [
    '../../../locales/*/{dashboard,errors,accounts,rewards-admin,campaign-admin}.json',
    '../../../locales/*/{news,audit,results,results-admin,brackets}.json',
  ],
  { import: 'default' },
);
const fileOf = (locale: Locale, namespace: Namespace) =>
  files[`../../../locales/${locale}/${namespace.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`];

/**
 * The dashboard's texts in one language, read as modules rather than carried in each page: every dashboard
 * page would otherwise hold the whole catalogue in its HTML, fetched again for each section an admin opens.
 */
export async function loadDashboardCatalogue(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(dashboardNamespaces.map((n) => fileOf(locale, n)()));
  return Object.fromEntries(dashboardNamespaces.map((n, i) => [n, parts[i]]));
}
