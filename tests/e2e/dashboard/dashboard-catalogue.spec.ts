import { expect, test } from '../fixtures.ts';
import { ADMIN, localeTexts, loginAs } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
// a built file of one of the dashboard's namespaces (locales/<lang>/<name>.json)
const catalogueFile = /\/_astro\/(dashboard|errors|accounts|rewards-admin|news|audit)\.[\w-]+\.js$/;

for (const lang of ['it', 'en'] as const) {
  test(`a dashboard page carries only its first texts; the rest come as files the browser keeps (${lang})`, async ({
    page,
  }) => {
    const dashboard = localeTexts(lang, 'dashboard');
    const errors = localeTexts(lang, 'errors');
    const html = await (await page.request.get(at(lang, '/dashboard/news'))).text();
    expect(html).toContain(dashboard.sectionError);
    // neither the menu nor the error texts are in the page
    expect(html).not.toContain(dashboard.navLabel);
    expect(html).not.toContain(errors.VALIDATION_ERROR);
    expect(html.length).toBeLessThan(16 * 1024);

    await loginAs(page, ADMIN);
    const texts: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (res) => {
      if (catalogueFile.test(new URL(res.url()).pathname))
        texts.push({ url: res.url(), cacheControl: res.headers()['cache-control'] });
    });
    await page.goto(at(lang, '/dashboard/news'));
    await expect(page.getByTestId('dashboard-nav')).toHaveAttribute('aria-label', dashboard.navLabel);
    await expect(page.getByTestId('dashboard-nav-news')).toHaveText(dashboard.sections.news);
    await expect(page.getByTestId('dashboard-section-title')).toHaveText(dashboard.sections.news);
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const file of texts) expect(file.cacheControl, file.url).toContain('immutable');
  });

  test(`texts that do not arrive leave the dashboard with a way to reload, in its language (${lang})`, async ({
    page,
  }) => {
    const dashboard = localeTexts(lang, 'dashboard');
    await loginAs(page, ADMIN);
    await page.route(catalogueFile, (route) => route.abort());
    await page.goto(at(lang, '/dashboard/products'));
    const alert = page.getByTestId('dashboard-section-error');
    await expect(alert).toContainText(dashboard.sectionError);
    await expect(alert.getByRole('button')).toHaveText(dashboard.reload);
    await expect(page.getByTestId('dashboard-shell')).toHaveCount(0);

    await page.unroute(catalogueFile);
    await alert.getByRole('button').click();
    await expect(page.getByTestId('dashboard-shell')).toBeVisible();
    await expect(page.getByTestId('dashboard-section-title')).toHaveText(dashboard.sections.products);
  });
}
