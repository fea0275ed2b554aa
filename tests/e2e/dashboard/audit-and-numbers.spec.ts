import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ADMIN, GIULIA, authenticate, fillText, goto, localeTexts, storeSession, unique } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`audit log and overview numbers in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US', acceptDownloads: true });
    const audit = localeTexts(lang, 'audit');
    const overview = localeTexts(lang, 'dashboard').overview;

    // the entry shows the one score that changed
    test(`the audit log finds a competition by name, labels and links the action, exports it (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      const giulia = await authenticate(page.request, GIULIA);
      const name = unique(`Lega ${lang} `);
      const competition = await call(page.request, admin.token, 'POST', '/tournaments/competitions', {
        name,
        game: 'Fortnite',
      });
      const teams = (score: number) => ({
        teams: [{ name: 'precision', players: [{ playerId: giulia.user.id, playerName: 'giulia', score }] }],
      });
      await call(page.request, admin.token, 'PUT', `/tournaments/competition/${competition.id}`, teams(10));
      await call(page.request, admin.token, 'PUT', `/tournaments/competition/${competition.id}`, teams(12));
      await storeSession(page, admin, '/privacy-policy');

      await goto(page, at(lang, '/dashboard/audit'));
      await page.getByTestId('audit-search').fill(name.toLowerCase());
      const rows = page.getByTestId('audit-table').locator('tbody tr');
      await expect(rows).toHaveCount(3);
      // newest first: the score change, labelled in the page's language, its object named and linked
      const newest = rows.first();
      await expect(newest).toHaveAttribute('data-action', 'competition.teams');
      await expect(newest.getByTestId('audit-row-action')).toHaveText(audit.actions.competition.teams);
      await expect(rows.last().getByTestId('audit-row-action')).toHaveText(audit.actions.competition.create);
      const link = newest.getByTestId('audit-row-object');
      await expect(link).toHaveText(name);
      await expect(link).toHaveAttribute('href', at(lang, `/dashboard/competitions/edit?id=${competition.id}`));

      // the detail shows the values that changed, not the teams array: the player's score, and the
      // admin's adjustment that makes it (no results yet, so the two are the same numbers)
      await newest.getByTestId('audit-row-details').click();
      const changes = page.getByTestId('audit-change');
      await expect(changes).toHaveCount(2);
      const score = changes.and(page.locator('[data-path="teams[precision].players[giulia].score"]'));
      await expect(score.getByTestId('audit-change-before')).toHaveText('10');
      await expect(score.getByTestId('audit-change-after')).toHaveText('12');
      const adjustment = changes.and(page.locator('[data-path^="adjustments"]'));
      await expect(adjustment).toHaveAttribute('data-path', new RegExp(giulia.user.id));
      await expect(adjustment.getByTestId('audit-change-before')).toHaveText('10');
      await expect(adjustment.getByTestId('audit-change-after')).toHaveText('12');
      await page.getByTestId('audit-detail-close').click();

      // the export is the list's current search
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      const csv = fs.readFileSync((await (await download).path())!, 'utf8');
      expect(csv.match(new RegExp(`,competition\\.(create|teams),competition,${competition.id},`, 'g'))).toHaveLength(
        3,
      );
      expect(csv).toContain('teams[precision].players[giulia].score: 10 → 12');
      expect(csv).toContain(`competition.create,competition,${competition.id},${name}`);

      // the link opens the object
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/competitions/edit')}\\?id=${competition.id}$`));
      await expect(page.locator('#competition-name')).toHaveValue(name);
    });

    // the overview also reconciles the credits
    test(`the overview compares each card with the previous period and draws the days as bars (${lang})`, async ({
      page,
    }) => {
      const admin = await authenticate(page.request, ADMIN);
      await storeSession(page, admin, '/privacy-policy');
      await goto(page, at(lang, '/dashboard'));
      await expect(page.getByTestId('overview-cards')).toHaveAttribute('data-days', '30');
      const seven = page.waitForResponse(
        (r) => r.url().includes('/api/marketplace/dashboard/overview?days=7') && r.ok(),
      );
      await page.getByTestId('activity-range-7').click();
      const data = (await (await seven).json()).data;
      await expect(page.getByTestId('overview-cards')).toHaveAttribute('data-days', '7');

      const n = (v: number) =>
        new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-GB', { useGrouping: true }).format(v);
      // the users card: all of them, how many joined in the 7 days, and how that compares with the 7 before
      const users = page.getByTestId('stat-totalUsers');
      await expect(users.getByTestId('stat-value')).toHaveText(n(data.totalUsers));
      const { current, previous } = {
        current: data.period.current.totalUsers,
        previous: data.period.previous.totalUsers,
      };
      await expect(users.getByTestId('stat-period')).toHaveText(
        fillText(overview.newInPeriod, { n: n(current), days: 7 }),
      );
      const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
      await expect(users.getByTestId('stat-trend')).toHaveAttribute('data-direction', direction);
      const percent = previous === 0 ? null : Math.round((Math.abs(current - previous) / previous) * 100);
      const spoken =
        percent === null
          ? overview.trendFromNoneSr
          : { up: overview.trendUpSr, down: overview.trendDownSr, flat: overview.trendFlatSr }[direction];
      await expect(users.getByTestId('stat-trend-sr')).toHaveText(
        fillText(spoken, { days: 7, percent: n(percent ?? 0), previous: n(previous) }),
      );
      await expect(page.getByTestId('stat-trend')).toHaveCount(8);

      // the reconciliation: earned − spent + added − taken away = the balances, and it holds
      const l = data.ledger;
      expect(l.distributed - l.spent + l.adjustedIn - l.adjustedOut).toBe(l.balances);
      const box = page.getByTestId('reconciliation');
      await expect(box.getByTestId('reconciliation-spent')).toContainText(n(l.spent));
      await expect(box.getByTestId('reconciliation-adjustedIn')).toContainText(n(l.adjustedIn));
      await expect(box.getByTestId('reconciliation-balances')).toContainText(n(l.balances));
      await expect(box.getByTestId('reconciliation-status')).toHaveText(overview.reconciliation.ok);

      // the daily counts are bars, one group a day of the chosen period
      const titles = {
        'chart-activity': localeTexts(lang, 'rewards-admin').index.activityChart,
        'chart-credits': overview.creditsChart,
      };
      for (const [chart, title] of Object.entries(titles)) {
        await expect(page.getByTestId(chart)).toHaveAttribute('data-chart-type', 'bar');
        await expect(page.getByTestId(chart)).toHaveAttribute('data-days', '7');
        await expect(page.getByTestId(chart)).toHaveAttribute('aria-label', fillText(overview.bars, { title }));
      }
    });

    test(`the shop's lists group a price from the thousands, as the overview does (${lang})`, async ({ page }) => {
      const admin = await authenticate(page.request, ADMIN);
      await storeSession(page, admin, '/privacy-policy');
      // the demo's limited-edition controller costs four digits of credits
      const products = (await call(page.request, admin.token, 'GET', '/marketplace/products?limit=50')) as {
        _id: string;
        name: string;
        price: number;
      }[];
      const dear = products.find((p) => p.price >= 1000);
      expect(dear).toBeDefined();
      const n = new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-GB', { useGrouping: true }).format(dear!.price);
      await goto(page, at(lang, '/dashboard/products'));
      await page.getByTestId('products-search').fill(dear!.name);
      await expect(page.getByTestId('products-list')).toHaveAttribute('data-loaded-query', dear!.name);
      await expect(page.getByTestId(`product-row-${dear!._id}`).getByTestId('product-row-price')).toHaveText(
        fillText(localeTexts(lang, 'rewards-admin').credits, { n }),
      );
    });
  });
}
