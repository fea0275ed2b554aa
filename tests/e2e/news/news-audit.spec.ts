import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, unique, ADMIN, loginAs, toast } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What an anonymous visitor gets for a page: status and HTML (no token is ever sent). */
async function visit(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  return { status: res.status(), html: await res.text() };
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`news and audit in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`an admin drafts, publishes, audits, unpublishes and deletes a bilingual article (${lang})`, async ({
      page,
      browser,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      const titles = { it: `Notizia E2E ${lang} ${suffix}`, en: `E2E story ${lang} ${suffix}` };
      const own = titles[lang];

      // the form: both languages, a live sanitised preview, an uploaded cover image, saved as a draft
      await goto(page, at(lang, '/dashboard/news/new'));
      await expect(page.getByTestId('news-form')).toBeVisible();
      await page.getByTestId('news-submit').click();
      await expect(page.getByTestId('news-missing-langs')).toBeVisible();
      await expect(toast(page, 'error')).toBeVisible();

      await page.getByTestId('news-tab-it').click();
      await page.getByTestId('news-title-it').fill(titles.it);
      await page.getByTestId('news-summary-it').fill(`Sommario ${suffix}`);
      await page
        .getByTestId('news-body-it')
        .fill(`<h2>Ciao</h2><p>Testo italiano</p><script>alert(1)</script><img src="x" onerror="alert(1)">`);
      await expect(page.getByTestId('news-body-it-preview').locator('h2')).toHaveText('Ciao');
      await expect(page.getByTestId('news-body-it-preview').locator('script, img')).toHaveCount(0);
      await page.getByTestId('news-tab-en').click();
      await page.getByTestId('news-title-en').fill(titles.en);
      await page.getByTestId('news-summary-en').fill(`Summary ${suffix}`);
      await page.getByTestId('news-body-en').fill('<p>English text</p>');
      await expect(page.getByTestId('news-body-en-preview')).toContainText('English text');

      // a file over 2 MB is refused before upload, a small PNG is uploaded
      await page
        .getByTestId('news-image')
        .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
      await expect(page.getByTestId('news-image-error')).not.toBeEmpty();
      await page.getByTestId('news-image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('news-image-preview')).toHaveAttribute('src', /^\/media\//);
      await expect(page.getByTestId('news-published')).not.toBeChecked();
      await page.getByTestId('news-submit').click();

      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/news')}$`));
      await expect(toast(page)).toContainText(own);
      await page.getByTestId('news-search').fill(suffix);
      const row = page.getByTestId('news-table').locator('tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('news-row-title')).toHaveText(own);
      await expect(row.getByTestId('news-row-status')).toHaveAttribute('data-published', 'false');
      const id = (await row.getAttribute('data-testid'))!.replace('news-row-', '');

      // a draft is invisible to visitors
      expect((await visit(page.request, '/news')).html).not.toContain(titles.it);
      expect((await visit(page.request, '/en/news')).html).not.toContain(titles.en);
      expect((await visit(page.request, `/news/${id}`)).status).toBe(404);
      expect((await visit(page.request, `/en/news/${id}`)).status).toBe(404);

      // publish from the list
      await row.getByTestId('news-row-toggle').click();
      await expect(toast(page)).toContainText(own);
      await expect(row.getByTestId('news-row-status')).toHaveAttribute('data-published', 'true');

      // a visitor (no session) sees it in each language
      const visitor = await browser.newPage();
      for (const l of ['it', 'en'] as const) {
        await visitor.goto(at(l, '/news'));
        const card = visitor.locator(`[data-testid="news-item"][data-news-id="${id}"]`);
        await expect(card.getByTestId('news-item-title')).toHaveText(titles[l]);
        await expect(card.locator('img')).toHaveAttribute('src', /^\/media\//);
        await card.getByRole('link').click();
        await expect(visitor).toHaveURL(new RegExp(`${at(l, `/news/${id}`)}$`));
        await expect(visitor).toHaveTitle(new RegExp(`^${titles[l]} \\|`));
        await expect(visitor.locator('html')).toHaveAttribute('lang', l);
        await expect(visitor.getByTestId('news-article-title')).toHaveText(titles[l]);
        await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(titles[l]));
        await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          l === 'it' ? `Sommario ${suffix}` : `Summary ${suffix}`,
        );
        await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\//);
        const body = visitor.getByTestId('news-article-body');
        await expect(body).toContainText(l === 'it' ? 'Testo italiano' : 'English text');
        await expect(body.locator('script, img')).toHaveCount(0);
      }
      const missing = await visitor.goto(at(lang, '/news/no-such-article'));
      expect(missing?.status()).toBe(404);
      await expect(visitor.getByTestId('news-article-error')).toBeVisible();
      await visitor.close();

      // the audit log names the admin and shows the change before and after
      await goto(page, at(lang, '/dashboard/audit'));
      await page.getByTestId('audit-action').selectOption('news');
      await page.getByTestId('audit-search').fill(id);
      const entries = page.getByTestId('audit-table').locator('tbody tr');
      const publish = page.locator(`[data-testid^="audit-row-"][data-action="news.publish"][data-entity-id="${id}"]`);
      await expect(publish).toHaveCount(1);
      await expect(
        page.locator(`[data-testid^="audit-row-"][data-action="news.create"][data-entity-id="${id}"]`),
      ).toHaveCount(1);
      await expect(entries).toHaveCount(2);
      await expect(publish.getByTestId('audit-row-actor')).toHaveText(admin.user.username);
      await publish.getByTestId('audit-row-details').click();
      const detail = page.getByTestId('audit-detail');
      await expect(detail).toBeVisible();
      await expect(page.getByTestId('audit-detail-meta')).toContainText(admin.user.username);
      await expect(page.getByTestId('audit-detail-before')).toContainText('"published": false');
      await expect(page.getByTestId('audit-detail-after')).toContainText('"published": true');
      await expect(
        page.getByTestId('audit-detail-after').locator('[data-changed]').filter({ hasText: '"published"' }),
      ).toHaveCount(1);
      await expect(page.getByTestId('audit-detail-changed')).toContainText('published');
      await page.getByTestId('audit-detail-close').click();
      await expect(detail).toBeHidden();

      // unpublish: visitors lose it again
      await goto(page, at(lang, '/dashboard/news'));
      await page.getByTestId('news-search').fill(suffix);
      await expect(row).toHaveCount(1);
      await row.getByTestId('news-row-toggle').click();
      await expect(row.getByTestId('news-row-status')).toHaveAttribute('data-published', 'false');
      expect((await visit(page.request, at(lang, `/news/${id}`))).status).toBe(404);

      // edit in the form: the change is saved
      await row.getByTestId('news-row-edit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/news/edit')}\\?id=${id}$`));
      await page.getByTestId(`news-tab-${lang}`).click();
      await expect(page.getByTestId(`news-title-${lang}`)).toHaveValue(own);
      await page.getByTestId(`news-summary-${lang}`).fill(`Edited ${suffix}`);
      await page.getByTestId('news-submit').click();
      await expect(toast(page)).toBeVisible();
      const saved = await page.request.get(`/api/news/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect((await saved.json()).data.summary[lang]).toBe(`Edited ${suffix}`);

      // delete after confirmation
      await goto(page, at(lang, '/dashboard/news'));
      await page.getByTestId('news-search').fill(suffix);
      await expect(row).toHaveCount(1);
      await row.getByTestId('news-row-delete').click();
      await page.getByTestId('news-delete-dialog-confirm').click();
      await expect(toast(page)).toContainText(own);
      await expect(page.getByTestId('news-empty')).toBeVisible();
      const gone = await page.request.get(`/api/news/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(gone.status()).toBe(404);
    });
  });
}
