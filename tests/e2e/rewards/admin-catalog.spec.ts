import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, hydrated, unique, ADMIN, GIULIA, authenticate, loginAs, toast } from '../helpers.ts';

/**
 * The Products and Giveaways sections of the dashboard, with their form rules and error messages:
 * a product with an uploaded image found by the debounced search, edited and deleted; the 2 MB
 * check; each giveaway type created, one redeemed by a player, one edited (code read-only), one
 * deleted. In both languages.
 */

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

const texts = {
  it: JSON.parse(fs.readFileSync('locales/it/rewards-admin.json', 'utf8')),
  en: JSON.parse(fs.readFileSync('locales/en/rewards-admin.json', 'utf8')),
};
const errorTexts = {
  it: JSON.parse(fs.readFileSync('locales/it/errors.json', 'utf8')),
  en: JSON.parse(fs.readFileSync('locales/en/errors.json', 'utf8')),
};
const dashboardTexts = {
  it: JSON.parse(fs.readFileSync('locales/it/dashboard.json', 'utf8')),
  en: JSON.parse(fs.readFileSync('locales/en/dashboard.json', 'utf8')),
};
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

/** A valid 1x1 PNG (the server decodes and re-encodes what it stores). */
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/** "yyyy-MM-ddTHH:mm" of now + `ms`, in the browser's zone (what a datetime-local input takes). */
const localInput = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

const DAY = 24 * 3_600_000;
/** Types into a list's search box and waits until the list shows that search's answer (debounced 300 ms). */
async function search(page: Page, list: 'products' | 'giveaways', value: string) {
  await page.getByTestId(`${list}-search`).fill(value);
  await expect(page.getByTestId(`${list}-list`)).toHaveAttribute('data-loaded-query', value.trim());
  await expect(page.getByTestId(`${list}-list`)).toHaveAttribute('aria-busy', 'false');
}

for (const lang of ['it', 'en'] as const) {
  const tx = texts[lang];
  test.describe(`admin catalog in ${lang}`, () => {
    test.use({ timezoneId: 'Europe/Rome', locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`an admin creates a product with an image, finds it, edits and deletes it (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      const name = `E2E Hoodie ${lang} ${suffix}`;
      const renamed = `E2E Cap ${lang} ${suffix}`;

      // enough products for a second page (page size 10)
      for (let i = 0; i < 11; i++) {
        const res = await call(page.request, admin.token, 'POST', '/marketplace/products', {
          name: `E2E Filler ${lang} ${suffix} ${i}`,
          price: 10 + i,
          quantity: 5,
          image: 'https://example.com/filler.png',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }

      // the form: image required, then uploaded
      await goto(page, at(lang, '/dashboard/products/new'));
      await expect(page.getByTestId('dashboard-section-title')).toHaveText(dashboardTexts[lang].sections.productsNew);
      await page.getByTestId('product-name').fill(name);
      await page.getByTestId('product-description').fill('A warm hoodie for the e2e run.');
      await page.getByTestId('product-price').fill('120');
      await page.getByTestId('product-quantity').fill('3');
      await page.getByTestId('product-submit').click();
      await expect(page.getByTestId('product-image-error')).toHaveText(errorTexts[lang].validation.required);
      await page
        .getByTestId('product-image')
        .setInputFiles({ name: 'hoodie.png', mimeType: 'image/png', buffer: PNG_1x1 });
      await expect(page.getByTestId('product-image-preview')).toHaveAttribute('src', /^\/media\//);
      await expect(page.getByTestId('product-image-error')).toBeEmpty();
      await page.getByTestId('product-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/products')}$`));
      await expect(toast(page)).toContainText(name);

      // the debounced search resets to page 1 and finds it
      const rows = page.getByTestId('products-table').locator('tbody tr');
      await page.getByTestId('products-pagination-page-2').click();
      await expect(page.getByTestId('products-pagination-page-2')).toHaveAttribute('aria-current', 'page');
      await search(page, 'products', `E2E Filler ${lang} ${suffix}`);
      await expect(page.getByTestId('products-pagination-page-1')).toHaveAttribute('aria-current', 'page');
      await expect(rows).toHaveCount(10);
      await page.getByTestId('products-pagination-page-2').click();
      await expect(rows).toHaveCount(1);
      await search(page, 'products', name);
      await expect(rows).toHaveCount(1);
      await expect(page.getByTestId('products-pagination')).toHaveCount(0);
      await expect(rows.getByTestId('product-row-price')).toContainText('120');
      const productId = (await rows.getAttribute('data-testid'))!.replace('product-row-', '');
      const stored = await call(page.request, admin.token, 'GET', `/marketplace/products/${productId}`);
      expect(stored.body.data.image).toMatch(/^\/media\//);
      const brand = stored.body.data.brand as string;

      // edit: loaded by id (a reload keeps the form), brand left empty keeps the product's brand
      await rows.getByTestId('product-row-edit').click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/products/edit\\?id=${productId}$`));
      await page.reload();
      await expect(page.getByTestId('product-name')).toHaveValue(name);
      await expect(page.getByTestId('product-image-preview')).toBeVisible();
      await page.getByTestId('product-name').fill(renamed);
      await page.getByTestId('product-price').fill('-1');
      await page.getByTestId('product-submit').click();
      await expect(page.getByTestId('product-price-error')).not.toBeEmpty();
      await page.getByTestId('product-price').fill('95');
      await page.getByTestId('product-brand').fill('');
      await page.getByTestId('product-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/products')}$`));
      await expect(toast(page)).toContainText(renamed);
      const edited = await call(page.request, admin.token, 'GET', `/marketplace/products/${productId}`);
      expect(edited.body.data).toMatchObject({ name: renamed, price: 95, quantity: 3, brand });

      // delete after confirmation
      await search(page, 'products', renamed);
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('product-row-price')).toContainText('95');
      await rows.getByTestId('product-row-delete').click();
      await page.getByTestId('product-delete-dialog-cancel').click();
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('product-row-delete').click();
      await page.getByTestId('product-delete-dialog-confirm').click();
      await expect(toast(page)).toHaveText(fill(tx.products.deleted, { name: renamed }));
      await expect(page.getByTestId('products-empty')).toHaveText(tx.products.noMatch);
      expect((await call(page.request, admin.token, 'GET', `/marketplace/products/${productId}`)).status).toBe(404);
    });

    test(`a sold-out product's price is changed without restocking it (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const name = `E2E Sold out ${lang} ${unique('')}`;
      const created = await call(page.request, admin.token, 'POST', '/marketplace/products', {
        name,
        price: 40,
        quantity: 1,
        image: 'https://example.com/mug.png',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const productId = created.body.data._id as string;
      // the last unit sells: the stock is 0 (written as the shop's purchase leaves it)
      expect(
        (await call(page.request, admin.token, 'PUT', `/marketplace/products/${productId}`, { quantity: 0 })).status,
      ).toBe(200);

      await goto(page, at(lang, `/dashboard/products/edit?id=${productId}`));
      await expect(page.getByTestId('product-quantity')).toHaveValue('0');
      await page.getByTestId('product-price').fill('55');
      await page.getByTestId('product-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/products')}$`));
      await expect(toast(page)).toContainText(name);
      const stored = await call(page.request, admin.token, 'GET', `/marketplace/products/${productId}`);
      expect(stored.body.data).toMatchObject({ price: 55, quantity: 0 });

      // a new product still needs a unit in stock
      await goto(page, at(lang, '/dashboard/products/new'));
      await page.getByTestId('product-quantity').fill('0');
      await page.getByTestId('product-submit').click();
      await expect(page.getByTestId('product-quantity-error')).not.toBeEmpty();
    });

    // a reload and the back button return to them
    test(`the products list keeps its search, page and sort in the address (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      for (let i = 0; i < 11; i++) {
        const res = await call(page.request, admin.token, 'POST', '/marketplace/products', {
          name: `E2E Place ${lang} ${suffix} ${i}`,
          price: 10 + i,
          quantity: 5,
          image: 'https://example.com/filler.png',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      await goto(page, at(lang, '/dashboard/products'));
      await search(page, 'products', `Place ${lang} ${suffix}`);
      await page.getByTestId('products-pagination-page-2').click();
      await expect(page).toHaveURL(/[?&]page=2\b/);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`Place ${lang} ${suffix}`);

      // a reload opens the same search on the same page
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId('products-search')).toHaveValue(`Place ${lang} ${suffix}`);
      await expect(page.getByTestId('products-list')).toHaveAttribute('data-loaded-query', `Place ${lang} ${suffix}`);
      await expect(page.getByTestId('products-table').locator('tbody tr')).toHaveCount(1);

      // away and back: the list is where it was
      await goto(page, at(lang, '/dashboard/giveaway'));
      await page.goBack();
      await expect(page.getByTestId('products-search')).toHaveValue(`Place ${lang} ${suffix}`);
      await expect(page.getByTestId('products-table').locator('tbody tr')).toHaveCount(1);

      // a header sorts: price ascending, then descending on a second click, back on page 1, kept in the address
      const priceHeader = page.getByTestId('products-table').locator('th').nth(3);
      const names = page.getByTestId('product-row-name');
      await page.getByTestId('products-table-sort-3').click();
      await expect(page).toHaveURL(/[?&]sort=price\b/);
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(names.first()).toHaveText(`E2E Place ${lang} ${suffix} 0`);
      await page.getByTestId('products-table-sort-3').click();
      await expect(page).toHaveURL(/[?&]sort=-price\b/);
      await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(names.first()).toHaveText(`E2E Place ${lang} ${suffix} 10`);
      await page.reload();
      await hydrated(page);
      await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(names.first()).toHaveText(`E2E Place ${lang} ${suffix} 10`);
      await expect(names).toHaveCount(10);
    });

    test(`an image over 2 MB is refused before upload (${lang})`, async ({ page }) => {
      await loginAs(page, ADMIN);
      await goto(page, at(lang, '/dashboard/products/new'));
      let uploads = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/media/')) uploads++;
      });
      await page
        .getByTestId('product-image')
        .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
      await expect(page.getByTestId('product-image-error')).toHaveText(errorTexts[lang].IMAGE_TOO_LARGE);
      await expect(page.getByTestId('product-image-preview')).toHaveCount(0);
      expect(uploads).toBe(0);
    });

    test(`a timed giveaway expiring in the past is refused under its expiry before it is sent (${lang})`, async ({
      page,
    }) => {
      await loginAs(page, ADMIN);
      await goto(page, at(lang, '/dashboard/giveaway/new'));
      await page.getByTestId('giveaway-generate').click();
      const code = await page.getByTestId('giveaway-token').inputValue();
      await page.getByTestId('giveaway-credits').fill('15');
      await page.getByTestId('giveaway-type').selectOption('timed');
      await page.getByTestId('giveaway-expiresAt').fill(await localInput(page, -DAY));
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/marketplace/giveaways')) posts.push(r.url());
      });
      await page.getByTestId('giveaway-submit').click();
      await expect(page.getByTestId('giveaway-expiresAt-error')).toHaveText(errorTexts[lang].validation.dateInPast);
      await expect(page.getByTestId('giveaway-expiresAt')).toHaveAttribute('aria-invalid', 'true');
      expect(posts).toEqual([]);

      // a date in the future saves
      await page.getByTestId('giveaway-expiresAt').fill(await localInput(page, DAY));
      await page.getByTestId('giveaway-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/giveaway')}$`));
      await expect(toast(page)).toContainText(code);
    });

    test(`an admin creates each giveaway type, a player redeems one, one is edited and one deleted (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const codes: Record<'infinite' | 'limited' | 'timed', string> = { infinite: '', limited: '', timed: '' };
      const rows = page.getByTestId('giveaways-table').locator('tbody tr');

      for (const type of ['infinite', 'limited', 'timed'] as const) {
        await goto(page, at(lang, '/dashboard/giveaway/new'));
        await page.getByTestId('giveaway-generate').click();
        const code = await page.getByTestId('giveaway-token').inputValue();
        expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
        codes[type] = code;
        await page.getByTestId('giveaway-credits').fill('0');
        await page.getByTestId('giveaway-type').selectOption(type);
        await page.getByTestId('giveaway-description').fill(`E2E ${type} ${lang}`);
        await page.getByTestId('giveaway-submit').click();
        await expect(page.getByTestId('giveaway-credits-error')).not.toBeEmpty();
        await page.getByTestId('giveaway-credits').fill(type === 'limited' ? '40' : '15');
        if (type === 'limited') {
          await expect(page.getByTestId('giveaway-maxUses-error')).toHaveText(errorTexts[lang].validation.required);
          await page.getByTestId('giveaway-maxUses').fill('5');
        }
        if (type === 'timed') {
          await expect(page.getByTestId('giveaway-expiresAt-error')).toHaveText(errorTexts[lang].validation.required);
          await page.getByTestId('giveaway-expiresAt').fill(await localInput(page, 2 * DAY));
        }
        await page.getByTestId('giveaway-submit').click();
        await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/giveaway')}$`));
        await expect(toast(page)).toContainText(code);

        await search(page, 'giveaways', code.toLowerCase());
        await expect(rows).toHaveCount(1);
        await expect(rows.getByTestId('giveaway-row-type')).toHaveText(tx.giveawayTypes[type]);
      }

      // a player redeems the limited code through the API; the list counts the use
      const giulia = await authenticate(page.request, GIULIA);
      const redeemed = await call(page.request, giulia.token, 'POST', '/marketplace/giveaways/redeem', {
        token: codes.limited.toLowerCase(),
      });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
      expect(redeemed.body.data).toMatchObject({ credits: 40, giveaway: { type: 'limited' } });
      await goto(page, at(lang, '/dashboard/giveaway'));
      await search(page, 'giveaways', codes.limited);
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('giveaway-row-uses')).toHaveText('1 / 5');

      // edit the timed one: the code is read-only
      await search(page, 'giveaways', codes.timed);
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('giveaway-row-edit').click();
      await expect(page).toHaveURL(/\/dashboard\/giveaway\/edit\?id=/);
      await expect(page.getByTestId('giveaway-token')).toHaveValue(codes.timed);
      await expect(page.getByTestId('giveaway-token')).toHaveAttribute('readonly', '');
      await expect(page.getByTestId('giveaway-generate')).toHaveCount(0);
      await expect(page.getByTestId('giveaway-expiresAt')).not.toHaveValue('');
      await page.getByTestId('giveaway-credits').fill('70');
      await page.getByTestId('giveaway-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/giveaway')}$`));
      await expect(toast(page)).toHaveText(fill(tx.giveaway.saveSuccess, { code: codes.timed }));
      await search(page, 'giveaways', codes.timed);
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('giveaway-row-credits')).toHaveText('70');

      // delete the infinite one
      await search(page, 'giveaways', codes.infinite);
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('giveaway-row-delete').click();
      await page.getByTestId('giveaway-delete-dialog-confirm').click();
      await expect(toast(page)).toHaveText(fill(tx.giveaways.deleted, { code: codes.infinite }));
      await expect(page.getByTestId('giveaways-empty')).toHaveText(tx.giveaways.noMatch);
      const gone = await call(page.request, giulia.token, 'POST', '/marketplace/giveaways/redeem', {
        token: codes.infinite,
      });
      expect(gone.status).toBe(404);
      void admin;
    });
  });
}
