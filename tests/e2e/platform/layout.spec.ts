import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, unique } from '../helpers.ts';

/**
 * Layout defects that must not come back, measured in the page, on a phone and a desktop, in both languages: the
 * faction leaderboard's header cells do not overlap; the desktop sidebar's panel runs down the whole
 * of a long page; the private join dialog's "new account" legend sits inside its box.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/** The rendered box of each header cell's text (not the cell: the text is what overlapped). */
const headerTextBoxes = (page: Page, table: string) =>
  page.locator(`${table} thead th`).evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );

for (const lang of ['it', 'en'] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test.describe(`${device}, ${lang}`, () => {
      test.use({ viewport });

      test(`the faction leaderboard's header texts do not overlap (${device}, ${lang})`, async ({ page }) => {
        await goto(page, at(lang, '/arena-bomber-championship'));
        for (const team of ['precision', 'speed']) {
          const table = `[data-testid="faction-${team}"] table`;
          await expect(page.locator(`${table} tbody tr`).first()).toBeVisible();
          const [rank, player, score] = await headerTextBoxes(page, table);
          expect(rank.right, `${team}: rank ends before the player header starts`).toBeLessThanOrEqual(player.left);
          expect(player.right).toBeLessThanOrEqual(score.left);
        }
      });

      if (device === 'desktop') {
        test(`the sidebar's panel runs down the whole of a long page (${device}, ${lang})`, async ({ page }) => {
          await goto(page, at(lang, '/arena-bomber-championship'));
          // the leaderboards fill after the page loads, and make it long: measure once they have
          for (const team of ['precision', 'speed'])
            await expect(page.locator(`[data-testid="faction-${team}"] table tbody tr`).first()).toBeVisible();
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          expect(height).toBeGreaterThan(2 * viewport.height);
          // a full-page capture draws the page at its whole height: the sidebar column keeps the panel's colour to the
          // bottom
          const shot = await page.screenshot({ fullPage: true });
          const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
          const pixel = (x: number, y: number) => {
            const i = (y * info.width + x) * info.channels;
            return [data[i], data[i + 1], data[i + 2]];
          };
          const panel = [0x15, 0x15, 0x26];
          for (const y of [info.height - 40, Math.round(info.height * 0.75), Math.round(info.height / 2)])
            expect(pixel(200, y), `y=${y}`).toEqual(panel);
          // and while scrolling, the fixed sidebar itself covers the screen
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const box = await page.getByTestId('sidebar').boundingBox();
          expect(box!.y).toBeLessThanOrEqual(0);
          expect(box!.y + box!.height).toBeGreaterThanOrEqual(viewport.height);
        });
      }

      test(`the private join dialog's legend sits inside its box (${device}, ${lang})`, async ({ page }) => {
        const username = unique('lay');
        const password = 'layout-pass-1234';
        expect(
          (
            await page.request.post('/api/users/pp', {
              data: {
                username,
                email: `${username}@example.com`,
                password,
                nickname: username,
                gender: 'female',
                language: lang,
                birth_date: '2000-01-01',
              },
            })
          ).status(),
        ).toBe(201);
        const { user, token } = (
          await (
            await page.request.post('/api/users/authenticate', { data: { email: `${username}@example.com`, password } })
          ).json()
        ).data;
        const list = (await (await page.request.get('/api/tournaments?limit=50')).json()).data as {
          id: string;
          open: boolean;
          status: string;
        }[];
        const locked = list.find((t) => !t.open)!;
        await page.goto(at(lang, '/privacy-policy'));
        await page.evaluate(
          ([u, t]) => {
            localStorage.setItem('user', JSON.stringify(u));
            localStorage.setItem('token', t);
          },
          [user, token] as const,
        );
        await goto(page, at(lang, `/tournament/${locked.id}`));
        await page.getByTestId('tournament-action').click();
        const fieldset = await page.getByTestId('join-new-account').boundingBox();
        const legend = await page.getByTestId('join-new-account-legend').boundingBox();
        // below the top border and inside both side borders (1 px)
        expect(legend!.y).toBeGreaterThanOrEqual(fieldset!.y + 1);
        expect(legend!.x).toBeGreaterThanOrEqual(fieldset!.x + 1);
        expect(legend!.x + legend!.width).toBeLessThanOrEqual(fieldset!.x + fieldset!.width - 1);
      });
    });
  }
}
