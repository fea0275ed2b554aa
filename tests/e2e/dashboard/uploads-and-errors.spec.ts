import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, localeTexts, unique, ADMIN, loginAs } from '../helpers.ts';

/** Images are uploaded by file or drop everywhere, and errors say what happened. */

const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

/** A valid 1x1 PNG (the server decodes and re-encodes what it stores). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

/** Drops `file` on a drop target, as a file dragged from the desktop would be. */
async function dropFile(page: Page, testId: string, file: { name: string; type: string; data: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, b64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, b64: file.data.toString('base64') },
  );
  await page.getByTestId(testId).dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

for (const lang of ['it', 'en'] as const) {
  test.describe(`dashboard uploads and errors in ${lang}`, () => {
    const errors = localeTexts(lang, 'errors');

    // the refusal names the text file
    test(`tournament and competition images are uploaded by file or by drop; a text file is refused (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      const tournament = await call(page.request, admin.token, 'POST', '/tournaments', {
        name: `Upload Cup ${suffix}`,
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 8,
      });
      // an address stored before uploads existed stays shown and kept
      const oldThumbnail = 'https://example.com/old-thumbnail.png';
      const competition = await call(page.request, admin.token, 'POST', '/tournaments/competitions', {
        name: `Upload League ${suffix}`,
        game: 'Fortnite',
        thumbnail: oldThumbnail,
      });

      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${tournament.id}`));
      await expect(page.getByTestId('tournament-banner-preview')).toHaveCount(0);
      // a text file says what it is not, in the page's language, under the field
      await page
        .getByTestId('tournament-banner')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
      await expect(page.getByTestId('tournament-banner-error')).toHaveText(errors.INVALID_IMAGE);
      await expect(page.getByTestId('tournament-banner-preview')).toHaveCount(0);
      // the banner picked as a file, the thumbnail dropped
      await page
        .getByTestId('tournament-banner')
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('tournament-banner-preview')).toHaveAttribute('src', /^\/media\//);
      await expect(page.getByTestId('tournament-banner-error')).toBeEmpty();
      await dropFile(page, 'tournament-thumbnail-drop', { name: 'thumb.png', type: 'image/png', data: PNG });
      await expect(page.getByTestId('tournament-thumbnail-preview')).toHaveAttribute('src', /^\/media\//);
      await page.getByTestId('tournament-submit').click();
      await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toBeVisible();
      const saved = await call(page.request, admin.token, 'GET', `/tournaments/${tournament.id}`);
      expect(saved.banner).toMatch(/^\/media\//);
      expect(saved.thumbnail).toMatch(/^\/media\//);
      // the same picture twice: images are named by their content, so both fields hold one address
      expect(saved.banner).toBe(saved.thumbnail);
      // after a reload the stored images are shown, and the image is really served
      await page.reload();
      await expect(page.getByTestId('tournament-banner-preview')).toHaveAttribute('src', saved.banner);
      await expect(page.getByTestId('tournament-thumbnail-preview')).toHaveAttribute('src', saved.thumbnail);
      expect((await page.request.get(saved.banner)).headers()['content-type']).toBe('image/png');
      // removed, and saved without it
      await page.getByTestId('tournament-thumbnail-remove').click();
      await expect(page.getByTestId('tournament-thumbnail-preview')).toHaveCount(0);
      await page.getByTestId('tournament-submit').click();
      await expect
        .poll(async () => (await call(page.request, admin.token, 'GET', `/tournaments/${tournament.id}`)).thumbnail)
        .toBe('');

      // the competition thumbnail: the old address is shown, then replaced by an upload
      await goto(page, at(lang, `/dashboard/competitions/edit?id=${competition.id}`));
      await expect(page.getByTestId('competition-thumbnail-preview')).toHaveAttribute('src', oldThumbnail);
      await page
        .getByTestId('competition-thumbnail')
        .setInputFiles({ name: 'league.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('competition-thumbnail-preview')).toHaveAttribute('src', /^\/media\//);
      await page.getByTestId('competition-submit').click();
      await expect
        .poll(
          async () =>
            (await call(page.request, admin.token, 'GET', `/tournaments/competitions/${competition.id}`)).thumbnail,
        )
        .toMatch(/^\/media\//);
      await expect(errorToasts(page)).toHaveCount(0);
    });

    test(`an unknown id says "not found" inline without an error toast; a draft opens in its editor (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      await goto(page, at(lang, '/dashboard/products/edit?id=unknown'));
      await expect(page.getByTestId('product-load-error')).toHaveText(errors.PRODUCT_NOT_FOUND);
      // nothing to retry, and no network-error toast
      await expect(page.getByTestId('product-load-error').getByRole('button')).toHaveCount(0);
      await expect(errorToasts(page)).toHaveCount(0);

      // a missing article does not exist: the text does not speak of publishing, since drafts are editable
      await goto(page, at(lang, '/dashboard/news/edit?id=unknown'));
      await expect(page.getByTestId('news-load-error')).toHaveText(errors.NEWS_NOT_FOUND);
      await expect(page.getByTestId('news-load-error')).not.toContainText(lang === 'it' ? 'pubblicat' : 'publish');
      const title = `Draft ${unique('')}`;
      const draft = await call(page.request, admin.token, 'POST', '/news', {
        title: { it: title, en: title },
        body: { it: '<p>Bozza</p>', en: '<p>Draft</p>' },
        published: false,
      });
      await goto(page, at(lang, `/dashboard/news/edit?id=${draft.id}`));
      await expect(page.getByTestId('news-editor')).toBeVisible();
      await expect(page.getByTestId('news-title-it')).toHaveValue(title);

      // an id the API refuses outright is not found too
      await goto(page, at(lang, '/dashboard/tournaments/edit?id=not%20an%20id'));
      await expect(page.getByTestId('tournament-load-error')).toHaveText(errors.NOT_FOUND);
      await expect(errorToasts(page)).toHaveCount(0);
    });
  });
}
