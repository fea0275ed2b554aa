import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ADMIN, authenticate, signUpPlayer, storeSession, type Session } from '../campaign/campaign-helpers.ts';
import { goto, unique } from '../helpers.ts';

/**
 * A player's orders: /my-orders lists what they bought with its order number, price, date, the
 * address it ships to and the shipping state, and shows "shipped" once the admin marks the
 * purchase fulfilled. Reached from the profile menu. Purchases are made through the API: the
 * shop's own flow is in rewards.spec.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : `/en${path}`);
const text = {
  it: {
    pending: 'In preparazione',
    shipped: 'Spedito',
    price: '40 crediti',
    count: '1 ordine',
    number: 'Ordine n\\.',
    shipTo: 'Spedizione a',
    country: 'Italia',
    empty: 'Nessun ordine per ora: spendi i tuoi crediti nel marketplace.',
  },
  en: {
    pending: 'Being prepared',
    shipped: 'Shipped',
    price: '40 credits',
    count: '1 order',
    number: 'Order no\\.',
    shipTo: 'Ships to',
    country: 'Italy',
    empty: 'No orders yet: spend your credits in the marketplace.',
  },
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const AGENCY = process.env.AGENCY_NAME || 'Nexus';
const address = {
  first_name: 'Ada',
  last_name: 'Rossi',
  street_name: 'Via Roma 1',
  zip_code: '00100',
  city: 'Roma',
  country: 'IT',
  phone_number: '+39 06 1234567',
};

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data;
}

/** A product of 40 credits and a player who bought it with the credits of a fresh code. */
async function playerWithOrder(
  request: APIRequestContext,
  lang: Lang,
): Promise<{ player: Session; purchaseId: string; productName: string; admin: Session }> {
  const admin = await authenticate(request, ADMIN);
  const upload = await request.post(`/api/media/${AGENCY}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  const productName = unique(`Order cap ${lang} `);
  const product = await call(request, admin.token, 'POST', '/marketplace/products', {
    name: productName,
    price: 40,
    quantity: 5,
    description: '',
    image: (await upload.json()).data.url,
  });
  const code = unique('ORD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  await call(request, admin.token, 'POST', '/marketplace/giveaways', {
    token: code,
    credits: 100,
    type: 'limited',
    maxUses: 1,
    description: 'e2e orders',
  });
  const player = await signUpPlayer(request, `ord${lang}`);
  await call(request, player.token, 'POST', '/marketplace/giveaways/redeem', { token: code });
  const bought = await call(request, player.token, 'POST', '/marketplace/purchases', {
    productId: product._id,
    shippingAddress: address,
  });
  return { player, purchaseId: bought.purchase.id, productName, admin };
}

for (const lang of ['it', 'en'] as const) {
  test(`my orders shows a purchase and its shipping once the admin marks it (${lang})`, async ({ page }) => {
    const { player, purchaseId, productName, admin } = await playerWithOrder(page.request, lang);
    await storeSession(page, player);
    await goto(page, at(lang, '/'));
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('menu-orders').click();
    await expect(page).toHaveURL((u) => u.pathname === at(lang, '/my-orders'));

    const order = page.getByTestId('order');
    await expect(order).toHaveCount(1);
    await expect(page.getByTestId('orders-count')).toHaveText(text[lang].count);
    await expect(order.getByTestId('order-product')).toHaveText(productName);
    await expect(order.getByTestId('order-price')).toHaveText(text[lang].price);
    // the number to quote to the shop, and where it ships, phone included; the country (stored as "IT") in the
    // page's language
    await expect(order.getByTestId('order-number')).toHaveText(new RegExp(`^${text[lang].number} \\d{6}-[0-9A-F]{6}$`));
    await expect(order.getByTestId('order-address')).toHaveText(
      `${text[lang].shipTo}: Ada Rossi · Via Roma 1 · 00100 Roma · ${text[lang].country} · Tel. +39 06 1234567`,
    );
    await expect(order).toHaveAttribute('data-shipped', 'false');
    await expect(order.getByTestId('order-status')).toHaveText(text[lang].pending);
    await expect(order.getByTestId('order-shipped-on')).toBeHidden();

    await call(page.request, admin.token, 'PATCH', `/marketplace/purchases/${purchaseId}/fulfill`);
    await page.reload();
    await expect(page.getByTestId('order')).toHaveAttribute('data-shipped', 'true');
    await expect(page.getByTestId('order-status')).toHaveText(text[lang].shipped);
    await expect(page.getByTestId('order-shipped-on')).toContainText(String(new Date().getFullYear()));
  });

  test(`my orders without purchases says so, and a visitor is asked to log in (${lang})`, async ({ page }) => {
    await goto(page, at(lang, '/my-orders'));
    await expect(page.getByTestId('orders-login')).toBeVisible();
    await expect(page.getByTestId('orders-login-link')).toHaveAttribute(
      'href',
      `${at(lang, '/login')}?next=%2Fmy-orders`,
    );
    await storeSession(page, await signUpPlayer(page.request, `noord${lang}`));
    await goto(page, at(lang, '/my-orders'));
    await expect(page.getByTestId('orders-empty')).toHaveText(text[lang].empty);
  });
}
