import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { authenticate, goto, loginAs, unique, ADMIN } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

async function call(request: APIRequestContext, token: string, method: 'POST' | 'PATCH', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

const address = {
  first_name: 'Ada',
  last_name: 'Rossi',
  street_name: 'Via Po 1',
  zip_code: '10100',
  city: 'Torino',
  country: 'Italia',
  phone_number: '011 123 4567',
};

for (const lang of ['it', 'en'] as const) {
  // its row actions also fit a phone
  test(`a list keeps its search, filter, sort and page in the address and exports them (${lang})`, async ({ page }) => {
    const admin = await loginAs(page, ADMIN);
    // twelve purchases of one tag (two pages), priced 1..12, and one fulfilled so the filter leaves it out
    const tag = unique(`lp${lang}`);
    // nobody credits their own wallet (nor redeems a code of their own): a new player the admin credits buys them
    const name = unique(`lpb${lang}`);
    const buyer = { email: `${name}@example.com`, password: 'list-place-buyer-2026' };
    await page.request.post('/api/users/pp', {
      data: { username: name, ...buyer, nickname: name, gender: 'female', language: lang },
    });
    const { token: buyerToken, user } = await authenticate(page.request, buyer);
    await call(page.request, admin.token, 'POST', `/marketplace/wallets/${user.id}/adjust`, {
      amount: 200,
      reason: 'list test',
    });
    const ids: string[] = [];
    for (let price = 1; price <= 13; price++) {
      const product = await call(page.request, admin.token, 'POST', '/marketplace/products', {
        name: `${tag} ${String(price).padStart(2, '0')}`,
        price,
        quantity: 5,
        image: 'https://example.com/lp.png',
      });
      ids.push(
        (
          await call(page.request, buyerToken, 'POST', '/marketplace/purchases', {
            productId: product._id,
            shippingAddress: address,
          })
        ).purchase.id,
      );
    }
    await call(page.request, admin.token, 'PATCH', `/marketplace/purchases/${ids[12]}/fulfill`);
    const names = () => page.getByTestId('purchase-row-product').allTextContents();
    const path = at(lang, '/dashboard/purchases');

    await goto(page, path);
    // typing replaces the address; a filter, a sort and a page are steps of their own
    await page.getByTestId('purchases-search').fill(tag);
    await expect(page).toHaveURL(`${path}?q=${tag}`);
    await expect(page.getByTestId('purchase-row-product')).toHaveCount(10);
    await page.getByTestId('purchases-filter').selectOption('unfulfilled');
    await expect(page).toHaveURL(`${path}?q=${tag}&filter=unfulfilled`);
    // a column header sorts: the price header, then its arrow and aria-sort say so
    const priceHeader = page.getByRole('columnheader', { name: lang === 'it' ? 'Prezzo' : 'Price' });
    await expect(priceHeader).toHaveAttribute('aria-sort', 'none');
    await priceHeader.getByRole('button').click();
    await expect(page).toHaveURL(`${path}?q=${tag}&filter=unfulfilled&sort=price`);
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(priceHeader).toContainText('↑');
    await expect.poll(names).toEqual(Array.from({ length: 10 }, (_, i) => `${tag} ${String(i + 1).padStart(2, '0')}`));
    await page.getByTestId('purchases-pagination-page-2').click();
    await expect(page).toHaveURL(`${path}?q=${tag}&filter=unfulfilled&sort=price&page=2`);
    await expect.poll(names).toEqual([`${tag} 11`, `${tag} 12`]);

    // a reload opens the same place
    await page.reload();
    await expect(page.getByTestId('purchases-search')).toHaveValue(tag);
    await expect(page.getByTestId('purchases-filter')).toHaveValue('unfulfilled');
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('purchases-pagination-page-2')).toHaveAttribute('aria-current', 'page');
    await expect.poll(names).toEqual([`${tag} 11`, `${tag} 12`]);

    // back walks the steps: page 1, then unsorted (newest first), then every state
    await page.goBack();
    await expect(page).toHaveURL(`${path}?q=${tag}&filter=unfulfilled&sort=price`);
    await expect.poll(names).toHaveLength(10);
    await expect((await names())[0]).toBe(`${tag} 01`);
    await page.goBack();
    await expect(page).toHaveURL(`${path}?q=${tag}&filter=unfulfilled`);
    await expect(priceHeader).toHaveAttribute('aria-sort', 'none');
    await expect.poll(async () => (await names())[0]).toBe(`${tag} 12`);
    await page.goBack();
    await expect(page).toHaveURL(`${path}?q=${tag}`);
    await expect(page.getByTestId('purchases-filter')).toHaveValue('all');
    await expect.poll(async () => (await names())[0]).toBe(`${tag} 13`);

    // the export is the list's search and filter, as a CSV file
    await page.getByTestId('purchases-filter').selectOption('fulfilled');
    await expect.poll(names).toEqual([`${tag} 13`]);
    // pressed from the keyboard: once the file is down the focus is still on the button, not at the page's start
    await page.getByTestId('purchases-export').focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^purchases-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByTestId('purchases-export')).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('purchases-export')).toBeFocused();
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]).toMatch(/^id,orderNumber,createdAt,username,email,product,brand,price,fulfilled,/);
    expect(csv.slice(1)).toEqual([expect.stringContaining(`${ids[12]},`)]);
    expect(csv[1]).toContain(`,${tag} 13,`);

    // on a 390 px phone the page never scrolls sideways and a row's action is in view and works
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('purchases-filter').selectOption('all');
    await expect(page.getByTestId('purchase-row-product')).toHaveCount(10);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    const details = page.getByTestId('purchase-row-details').first();
    // scrolled down to the row only, never sideways: the button must already be within the width
    await details.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 300));
    await expect(details).toBeInViewport({ ratio: 1 });
    const box = (await details.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await details.click();
    await expect(page.getByTestId('purchase-modal-product')).toHaveText(`${tag} 13`);
    // the section strip says it scrolls: a fade at its end while links hide there
    await expect(page.getByTestId('dashboard-nav-fade-end')).toHaveAttribute('data-shown', 'true');
  });

  // the users list also shows each balance
  test(`on a 390 px phone the pinned actions cover no list's name (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, ADMIN);
    // what the first `shown` cells of a list's first row hold is in view and nothing lies over it, up to its
    // first 120 px (a long name may run on beneath the actions, as the table scrolls): a point at the end of the
    // content hits the cell itself, not the pinned actions cell
    const uncovered = async (section: string, shown: number) => {
      await goto(page, at(lang, `/dashboard/${section}`));
      section = section.split('?')[0];
      const row = page.locator('main table tbody tr').first();
      await expect(row).toBeVisible();
      const hits = await row.evaluate((tr, n) => {
        const cells = [...tr.children].filter((c) => getComputedStyle(c).display !== 'none').slice(0, n);
        return cells.map((cell) => {
          const content = document.createRange();
          content.selectNodeContents(cell);
          const box = content.getBoundingClientRect();
          const x = Math.min(box.right - 2, box.left + 120);
          const found = document.elementFromPoint(x, box.top + box.height / 2);
          return { covered: !found || !cell.contains(found), x: Math.round(x) };
        });
      }, shown);
      expect(hits, `${section}: the first row's first ${shown} columns`).toHaveLength(shown);
      for (const hit of hits) expect(hit, section).toMatchObject({ covered: false });
      for (const hit of hits) expect(hit.x, section).toBeLessThan(390);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    };
    // the users list fits a phone without its date column: the name, the balance and the details button, even
    // beside the longest username there can be
    const longest = unique(`w${lang}`).padEnd(32, 'x');
    const created = await page.request.post('/api/users/pp', {
      data: {
        username: longest,
        email: `${longest}@example.com`,
        password: 'list-place-secret-2026',
        nickname: 'w',
        gender: 'male',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await uncovered(`users?q=${longest}`, 3);
    await expect(page.getByTestId('wallet-row-user')).toHaveText(longest);
    await expect(page.getByTestId('wallet-row-balance').first()).toHaveText(/^\d+$/);
    const dateHeader = page.locator('main table thead th').nth(2);
    await expect(dateHeader).toBeHidden();
    const tableFits = await page.locator('main table').evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth);
    expect(tableFits).toBe(true);
    // edit and delete show their icons alone on a phone and keep their names for assistive technology
    // (other specs add competitions and products of their own: only the name, whatever its length, is asserted)
    await uncovered('competitions', 1);
    const edit = page.getByTestId('competition-row-edit').first();
    await expect(edit).toHaveAccessibleName(/.+/);
    await expect(edit.locator('span')).toBeHidden();
    // the news list's three row actions (icons alone, as everywhere on a phone) leave the title its room; the
    // cover shows from a tablet up
    await uncovered('news', 1);
    await expect(page.locator('main table tbody tr').first().locator('th img, th span[aria-hidden]')).toBeHidden();
    await uncovered('products', 2);
    // on a desktop the words come back
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId('product-row-edit').first().locator('span')).toBeVisible();
  });
}

test('a row changed while the list reads a page keeps its change when that older answer arrives', async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const suffix = unique('replay');
  const res = await page.request.post('/api/news', {
    data: { title: { it: `Bozza ${suffix}`, en: `Draft ${suffix}` } },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const id: string = (await res.json()).data.id;

  await goto(page, `/dashboard/news?q=${suffix}`);
  const list = page.getByTestId('news-list');
  const status = page.getByTestId(`news-row-${id}`).getByTestId('news-row-status');
  await expect(status).toHaveAttribute('data-published', 'false');

  // the next read of the list is answered by the server at once, and that answer is held back until released
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered!: (body: { data: { id: string; published: boolean }[] }) => void;
  const heldAnswer = new Promise<Parameters<typeof answered>[0]>((resolve) => (answered = resolve));
  await page.route(
    (url) => url.pathname === '/api/news',
    async (route) => {
      const answer = await route.fetch();
      answered(await answer.json());
      await released;
      await route.fulfill({ response: answer });
    },
    { times: 1 },
  );
  await page.getByTestId('news-table-sort-0').click();
  // the answer on its way still has the article as a draft
  expect((await heldAnswer).data.find((a) => a.id === id)?.published).toBe(false);
  await expect(list).toHaveAttribute('aria-busy', 'true');

  // meanwhile the admin publishes it from its row
  await page.getByTestId(`news-row-${id}`).getByTestId('news-row-toggle').click();
  await expect(status).toHaveAttribute('data-published', 'true');

  release();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(page).toHaveURL(/sort=title/);
  await expect(status).toHaveAttribute('data-published', 'true');
});
