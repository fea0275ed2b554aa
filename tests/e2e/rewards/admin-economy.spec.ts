import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { fillText, goto, localeTexts, unique, ADMIN, GIULIA, authenticate, loginAs, toast } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.status(), body: await res.json() };
}

/** A valid 1×1 PNG (the server decodes what it stores). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// the newest toast: sonner lists toasts newest first (data-index 0), and an earlier one may still be
// showing when the next action is quick

for (const lang of ['it', 'en'] as const) {
  test.describe(`admin economy in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`the index shows the stat cards and the activity charts (${lang})`, async ({ page }) => {
      await loginAs(page, ADMIN);
      await goto(page, at(lang, '/dashboard'));
      await expect(page.getByTestId('overview-cards')).toBeVisible();
      await expect(page.getByTestId('stat-totalUsers')).toContainText(lang === 'it' ? 'Utenti' : 'Users');
      await expect(page.getByTestId('stat-redempionGiveaways')).toContainText(
        lang === 'it' ? 'Codici riscattati' : 'Codes redeemed',
      );
      // the seeded demo has users, products and purchases
      await expect(page.getByTestId('stat-totalUsers').getByTestId('stat-value')).not.toHaveText('0');
      await expect(page.getByTestId('activity-charts').locator('canvas')).toHaveCount(2);
      await expect(page.getByTestId('overview-error')).toHaveCount(0);
      // each card opens the list it counts, filtered as it counts: the pending purchases open the unfulfilled ones
      await expect(page.getByTestId('stat-pendingPurchases').getByTestId('stat-link')).toHaveAttribute(
        'href',
        at(lang, '/dashboard/purchases?filter=unfulfilled'),
      );
      await expect(page.getByTestId('stat-totalProducts').getByTestId('stat-link')).toHaveAttribute(
        'href',
        at(lang, '/dashboard/products'),
      );
      // the range selector reloads the series
      const seven = page.waitForResponse(
        (r) => r.url().includes('/api/marketplace/dashboard/timeseries?days=7') && r.ok(),
      );
      await page.getByTestId('activity-range-7').click();
      await seven;
      await expect(page.getByTestId('activity-range-7')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('activity-charts').locator('canvas')).toHaveCount(2);

      await page.getByTestId('stat-pendingPurchases').getByTestId('stat-link').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/purchases')}\\?filter=unfulfilled$`));
      await expect(page.getByTestId('purchases-filter')).toHaveValue('unfulfilled');
    });

    test(`an admin creates a badge, edits its reward and toggles it after confirming (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const slug = `e2e_${lang}_${unique('').toLowerCase()}`.slice(0, 40);
      const name = `E2E badge ${lang} ${slug.slice(-6)}`;

      await goto(page, at(lang, '/dashboard/badges'));
      await page.getByTestId('badges-new').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/badges/new')}$`));
      await expect(page.getByTestId('badge-form')).toBeVisible();
      // required fields are checked before sending
      await page.getByTestId('badge-slug').fill('X!');
      await page.getByTestId('badge-reward').fill('');
      await page.getByTestId('badge-submit').click();
      await expect(page.getByTestId('badge-slug-error')).not.toBeEmpty();
      await expect(page.getByTestId('badge-name-error')).not.toBeEmpty();
      await expect(page.getByTestId('badge-reward-error')).not.toBeEmpty();

      // each rule says in plain words when it is earned and how often it pays
      const help = page.locator('#badge-trigger-hint');
      await page.getByTestId('badge-trigger').selectOption('tournament_checked_in');
      await expect(help).toContainText(
        lang === 'it'
          ? 'Si ottiene quando il giocatore fa il check-in a un torneo.'
          : 'Earned when a player checks in to a tournament.',
      );
      await expect(help).toContainText(lang === 'it' ? 'una volta per giocatore' : 'once per player');
      await page.getByTestId('badge-reusable').check();
      await expect(help).toContainText(
        lang === 'it' ? 'paga di nuovo per ogni nuovo torneo' : 'pays again for each new tournament',
      );
      await page.getByTestId('badge-reusable').uncheck();
      await page.getByTestId('badge-slug').fill(slug);
      await page.getByTestId('badge-trigger').selectOption('manual');
      await expect(help).toHaveText(
        lang === 'it'
          ? 'Non si ottiene da solo: lo assegna solo un admin.'
          : 'Never earned by itself: only an admin awards it.',
      );
      await page.getByTestId('badge-name').fill(name);
      await page.getByTestId('badge-description').fill('Created by the e2e test');
      await page.getByTestId('badge-reward').fill('15');
      await page.getByTestId('badge-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/badges')}$`));
      await expect(toast(page)).toContainText(name);
      const row = page.getByTestId(`badge-row-${slug}`);
      await expect(row.getByTestId('badge-row-reward')).toHaveText('15');
      await expect(row.getByTestId('badge-row-state')).toHaveAttribute('data-active', 'true');

      // the same slug again is refused with the translated code on the field
      await goto(page, at(lang, '/dashboard/badges/new'));
      await page.getByTestId('badge-slug').fill(slug);
      await page.getByTestId('badge-name').fill(name);
      await page.getByTestId('badge-submit').click();
      await expect(page.getByTestId('badge-slug-error')).not.toBeEmpty();
      await expect(toast(page, 'error')).toBeVisible();

      // edit: the reward amount
      await goto(page, at(lang, '/dashboard/badges'));
      await row.getByTestId('badge-row-edit').click();
      await expect(page.getByTestId('badge-editor')).toBeVisible();
      await expect(page.getByTestId('badge-slug')).toHaveValue(slug);
      await page.getByTestId('badge-reward').fill('25');
      // the icon: over 2 MB is refused before uploading, a real image is uploaded and previewed
      await page
        .getByTestId('badge-icon')
        .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
      await expect(page.getByTestId('badge-icon-error')).toHaveText(
        lang === 'it' ? "L'immagine supera i 2 MB." : 'The image is larger than 2 MB.',
      );
      await page
        .getByTestId('badge-icon')
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
      await expect(page.getByTestId('badge-icon-preview')).toHaveAttribute('src', /^\/media\//);
      await expect(page.getByTestId('badge-icon-error')).toBeEmpty();
      await page.getByTestId('badge-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/badges')}$`));
      await expect(row.getByTestId('badge-row-reward')).toHaveText('25');

      // toggle: cancel keeps it, confirm deactivates it
      await row.getByTestId('badge-row-toggle').click();
      await expect(page.getByTestId('badge-toggle-dialog')).toBeVisible();
      await page.getByTestId('badge-toggle-dialog-cancel').click();
      await expect(row.getByTestId('badge-row-state')).toHaveAttribute('data-active', 'true');
      await row.getByTestId('badge-row-toggle').click();
      await page.getByTestId('badge-toggle-dialog-confirm').click();
      await expect(row.getByTestId('badge-row-state')).toHaveAttribute('data-active', 'false');
      await expect(row.getByTestId('badge-row-state')).toHaveText(lang === 'it' ? 'Disattivato' : 'Inactive');
      const id = (await row.getAttribute('data-badge-id'))!;
      const stored = await call(page.request, admin.token, 'GET', `/marketplace/badges/${id}`);
      expect(stored.body.data.active).toBe(false);
      expect(stored.body.data.rewardAmount).toBe(25);
      expect(stored.body.data.icon).toMatch(/^\/media\//);
      // after a reload the list still shows it inactive (admins see inactive badges)
      await goto(page, at(lang, '/dashboard/badges'));
      await expect(row.getByTestId('badge-row-state')).toHaveAttribute('data-active', 'false');

      // an unknown id goes back to the list
      await goto(page, at(lang, '/dashboard/badges/edit?id=nope404'));
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/badges')}$`));
    });

    test(`an admin adjusts a player's wallet with a reason and sees the entry (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const giulia = await authenticate(page.request, GIULIA);
      const before = (
        await call(page.request, admin.token, 'GET', `/marketplace/wallets?search=giulia`)
      ).body.data.find((w: { userId: string }) => w.userId === giulia.user.id);
      const reason = `E2E bonus ${lang} ${unique('')}`;
      // the list and the modal group a balance from the thousands, as every number of the dashboard (1.250, 1,250)
      const balance = (n: number) =>
        new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-GB', { useGrouping: true }).format(n);
      expect(before.balance).toBeGreaterThanOrEqual(1000);

      await goto(page, at(lang, '/dashboard/users'));
      await expect(page.getByTestId('wallets-table')).toBeVisible();
      await page.getByTestId('wallets-search').fill('giulia');
      const row = page.getByTestId(`wallet-row-${giulia.user.id}`);
      await expect(page.getByTestId('wallets-table').locator('tbody tr')).toHaveCount(1);
      await expect(row.getByTestId('wallet-row-balance')).toHaveText(balance(before.balance));
      await row.getByTestId('wallet-row-details').click();
      const modal = page.getByTestId('wallet-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('wallet-modal-balance')).toHaveText(balance(before.balance));
      await expect(
        modal.getByTestId('wallet-transactions').or(modal.getByTestId('wallet-transactions-empty')),
      ).toBeVisible();

      // a reason is required
      await modal.getByTestId('wallet-adjust-amount').fill('20');
      await modal.getByTestId('wallet-adjust-submit').click();
      await expect(modal.getByTestId('wallet-adjust-reason-error')).not.toBeEmpty();

      // a debit beyond the balance is refused before anything is asked
      await modal.getByTestId('wallet-adjust-direction').selectOption('debit');
      await modal.getByTestId('wallet-adjust-amount').fill(String(before.balance + 1));
      await modal.getByTestId('wallet-adjust-reason').fill(reason);
      await modal.getByTestId('wallet-adjust-submit').click();
      await expect(modal.getByTestId('wallet-adjust-amount-error')).not.toBeEmpty();
      await expect(modal.getByTestId('wallet-adjust-preview')).toHaveCount(0);

      // the balance it leaves is shown first; Change goes back to the form, Confirm moves the credits
      await modal.getByTestId('wallet-adjust-direction').selectOption('credit');
      await modal.getByTestId('wallet-adjust-amount').fill('20');
      await modal.getByTestId('wallet-adjust-submit').click();
      // a four-digit balance may be written with or without its thousands separator (1535, 1.535):
      // Italian grouping of four digits differs between ICU versions, so both are accepted
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const number = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'it' ? '.?' : ',?');
      const marks = { from: '\u0001', to: '\u0002' };
      const template = escape(
        fillText(localeTexts(lang, 'rewards-admin').wallets.preview, { ...marks, amount: '+20' }),
      );
      const preview = new RegExp(
        `^${template.replace(marks.from, number(before.balance)).replace(marks.to, number(before.balance + 20))}$`,
      );
      await expect(modal.getByTestId('wallet-adjust-preview-text')).toHaveText(preview);
      await expect(modal.getByTestId('wallet-adjust-amount')).toBeDisabled();
      await modal.getByTestId('wallet-adjust-back').click();
      await expect(modal.getByTestId('wallet-adjust-preview')).toHaveCount(0);
      await expect(modal.getByTestId('wallet-adjust-amount')).toBeEnabled();
      await expect(modal.getByTestId('wallet-modal-balance')).toHaveText(balance(before.balance));
      await modal.getByTestId('wallet-adjust-submit').click();
      await modal.getByTestId('wallet-adjust-confirm').click();
      await expect(toast(page)).toBeVisible();
      await expect(modal.getByTestId('wallet-modal-balance')).toHaveText(balance(before.balance + 20));
      const entry = modal.getByTestId('wallet-transaction').first();
      await expect(entry.getByTestId('wallet-transaction-description')).toHaveText(reason);
      await expect(entry.getByTestId('wallet-transaction-amount')).toHaveText('+20');
      await expect(entry.getByTestId('wallet-transaction-admin')).toContainText(admin.user.username);
      // the list scrolls at 200 px
      const maxHeight = await modal.getByTestId('wallet-transactions').evaluate((el) => getComputedStyle(el).maxHeight);
      expect(maxHeight).toBe('200px');
      await modal.getByTestId('wallet-modal-close').click();
      await expect(modal).toBeHidden();
      await expect(row.getByTestId('wallet-row-balance')).toHaveText(balance(before.balance + 20));

      // the ledger holds it under the admin's name
      const ledger = await call(page.request, admin.token, 'GET', `/marketplace/transactions/${giulia.user.id}`);
      const stored = ledger.body.data.find((t: { description: string }) => t.description === reason);
      expect(stored.createdBy.name).toBe(admin.user.username);
      expect(stored.amount).toBe(20);
    });

    // the purchases filter works too
    test(`a player's purchase appears; the admin marks it fulfilled and takes that back (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const giulia = await authenticate(page.request, GIULIA);
      const productName = `E2E Mug ${lang} ${unique('')}`;
      const created = await call(page.request, admin.token, 'POST', '/marketplace/products', {
        name: productName,
        description: 'e2e',
        price: 5,
        quantity: 3,
        image: 'https://example.com/mug.png',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // enough credits whatever the earlier tests did
      const topUp = await call(
        page.request,
        admin.token,
        'POST',
        `/marketplace/wallets/${giulia.user.id}/adjust`,
        { amount: 10, reason: 'e2e top-up' },
        { 'Idempotency-Key': unique('k') },
      );
      expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
      const shippingAddress = {
        first_name: 'Giulia',
        last_name: 'Rossi',
        street_name: 'Via Roma 1',
        additional_address_info: 'Scala B',
        zip_code: '00100',
        city: 'Roma',
        country: 'Italia',
        phone_number: '+39 06 1234567',
      };
      const bought = await call(
        page.request,
        giulia.token,
        'POST',
        '/marketplace/purchases',
        { productId: created.body.data._id, shippingAddress },
        { 'Idempotency-Key': unique('k') },
      );
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const purchaseId: string = bought.body.data.purchase.id;

      await goto(page, at(lang, '/dashboard/purchases'));
      await expect(page.getByTestId('purchases-table')).toBeVisible();
      await page.getByTestId('purchases-search').fill(productName);
      const row = page.getByTestId(`purchase-row-${purchaseId}`);
      await expect(page.getByTestId('purchases-table').locator('tbody tr')).toHaveCount(1);
      await expect(row.getByTestId('purchase-row-buyer')).toHaveText(giulia.user.username);
      await expect(row.getByTestId('purchase-state')).toHaveAttribute('data-fulfilled', 'false');

      // filter: it is unfulfilled
      await page.getByTestId('purchases-filter').selectOption('fulfilled');
      await expect(page.getByTestId('purchases-empty')).toBeVisible();
      await page.getByTestId('purchases-filter').selectOption('unfulfilled');
      await expect(row).toBeVisible();
      // the search and the filter live in the address: a reload keeps them
      await expect(page).toHaveURL(/[?&]filter=unfulfilled\b/);
      await page.reload();
      await expect(page.getByTestId('purchases-filter')).toHaveValue('unfulfilled');
      await expect(page.getByTestId('purchases-search')).toHaveValue(productName);
      await expect(row).toBeVisible();

      await row.getByTestId('purchase-row-details').click();
      const modal = page.getByTestId('purchase-modal');
      await expect(modal.getByTestId('purchase-modal-product')).toHaveText(productName);
      await expect(modal.getByTestId('purchase-modal-price')).toContainText('5');
      await expect(modal.getByTestId('purchase-modal-buyer')).toHaveText(giulia.user.username);
      await expect(modal.getByTestId('purchase-modal-address')).toContainText('Via Roma 1');
      await expect(modal.getByTestId('purchase-modal-address')).toContainText('00100 Roma');
      // stored as the player typed it ("Italia"), shown in the page's language
      await expect(modal.getByTestId('purchase-modal-address')).toContainText(lang === 'it' ? 'Italia' : 'Italy');
      await expect(modal.getByTestId('purchase-modal-image')).toHaveAttribute('src', 'https://example.com/mug.png');
      await modal.getByTestId('purchase-modal-fulfill').click();
      await expect(toast(page)).toContainText(lang === 'it' ? 'evaso' : 'fulfilled');
      await expect(modal.getByTestId('purchase-state')).toHaveAttribute('data-fulfilled', 'true');
      await expect(modal.getByTestId('purchase-modal-fulfill')).toHaveCount(0);
      await modal.getByTestId('purchase-modal-close').click();

      // the unfulfilled filter no longer lists it; the fulfilled one does
      await expect(page.getByTestId('purchases-empty')).toBeVisible();
      await page.getByTestId('purchases-filter').selectOption('fulfilled');
      await expect(row.getByTestId('purchase-state')).toHaveAttribute('data-fulfilled', 'true');
      const stored = await call(
        page.request,
        admin.token,
        'GET',
        `/marketplace/purchases?search=${encodeURIComponent(productName)}`,
      );
      expect(stored.body.data[0].fulfilled).toBe(true);

      // marked by mistake: taken back, it waits to be shipped again and leaves the fulfilled filter
      await row.getByTestId('purchase-row-details').click();
      await modal.getByTestId('purchase-modal-unfulfill').click();
      await expect(toast(page)).toContainText(lang === 'it' ? 'da evadere' : 'unfulfilled');
      await expect(modal.getByTestId('purchase-state')).toHaveAttribute('data-fulfilled', 'false');
      await expect(modal.getByTestId('purchase-modal-fulfill')).toBeVisible();
      await modal.getByTestId('purchase-modal-close').click();
      await expect(page.getByTestId('purchases-empty')).toBeVisible();
      await page.getByTestId('purchases-filter').selectOption('all');
      await expect(page.getByTestId('purchases-table').locator('tbody tr')).toHaveCount(1);
      await expect(row.getByTestId('purchase-state')).toHaveAttribute('data-fulfilled', 'false');
      const back = await call(
        page.request,
        admin.token,
        'GET',
        `/marketplace/purchases?search=${encodeURIComponent(productName)}`,
      );
      expect(back.body.data[0]).toMatchObject({ fulfilled: false, fulfilledAt: null });
    });
  });
}
