import type { Dialog, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ADMIN, goto, localeTexts, loginAs, toast } from '../helpers.ts';

/**
 * A form with unsaved changes asks before the page is left (a link: the
 * app's dialog; Back and reload: the browser's beforeunload prompt), a save clears that, and a
 * toast raised while a modal dialog is open is drawn above it and takes the pointer there.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'en' ? `/en${path}` : path);

/** A competition of the demo seed whose factions have players (its scores editor has rows). */
async function competitionWithPlayers(page: Page) {
  const competitions = (await (await page.request.get('/api/tournaments/competitions')).json()).data as {
    id: string;
    teams?: { players: unknown[] }[];
  }[];
  const competition = competitions.find((c) => c.teams?.some((t) => t.players.length > 0));
  expect(competition).toBeTruthy();
  return competition!;
}

for (const lang of ['it', 'en'] as const) {
  test(`leaving edited forms asks first, a save clears it, and a toast shows above an open modal (${lang})`, async ({
    page,
  }) => {
    const texts = localeTexts(lang, 'dashboard').unsaved;
    await loginAs(page, ADMIN);
    // every browser prompt is recorded; each step below says what it expects to have been asked
    const prompts: Dialog[] = [];
    page.on('dialog', (d) => void prompts.push(d));

    // a competition of the demo seed with faction players; the news list first, for Back to return to
    const competition = await competitionWithPlayers(page);
    await goto(page, at(lang, '/dashboard/news'));
    const editUrl = at(lang, `/dashboard/competitions/edit?id=${competition.id}`);
    await goto(page, editUrl);
    const score = page.locator('[data-testid^="scores-score-"]').first();
    const before = await score.inputValue();
    // the input is the admin's adjustment; the score saved is the player's points plus it, the total beside it
    const total = page.locator('[data-testid^="scores-total-"]').first();
    const totalOf = async () => Number((await total.textContent())!.replace(/[^\d-]/g, ''));
    const expectedTotal = (await totalOf()) + 7;
    const changed = String(Number(before) + 7);
    await score.fill(changed);
    await expect.poll(totalOf).toBe(expectedTotal);

    // a sidebar link asks in the app's dialog; staying keeps the value
    const dialog = page.getByTestId('unsaved-dialog');
    await page.getByTestId('dashboard-nav-news').click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(texts.title);
    await expect(dialog.getByTestId('unsaved-dialog-cancel')).toHaveText(texts.stay);
    await dialog.getByTestId('unsaved-dialog-cancel').click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toContain(editUrl);
    await expect(score).toHaveValue(changed);

    // Back leaves the document: the browser's beforeunload prompt asks; dismissed, the page stays
    const askedOnBack = page.waitForEvent('dialog');
    const back = page.goBack({ timeout: 3000 }).catch(() => null);
    const backPrompt = await askedOnBack;
    expect(backPrompt.type()).toBe('beforeunload');
    await backPrompt.dismiss();
    await back;
    expect(page.url()).toContain(editUrl);
    await expect(score).toHaveValue(changed);

    // saved: nothing asks any more, the sidebar link goes straight to the list
    await page.getByTestId('scores-save').click();
    await expect(toast(page)).toBeVisible();
    const asked = prompts.length;
    await page.getByTestId('dashboard-nav-news').click();
    await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/news')}$`));
    expect(prompts.length).toBe(asked);
    const saved = (await (await page.request.get(`/api/tournaments/competitions/${competition.id}`)).json()).data
      .teams as { players: { score: number }[] }[];
    expect(saved.flatMap((t) => t.players.map((p) => p.score))).toContain(expectedTotal);

    // an article: reload while edited gets the beforeunload prompt (accepted: the change is dropped)
    await page.locator('main a[href*="/edit?id="]').first().click();
    const title = page.getByTestId(`news-title-${lang}`);
    const original = await title.inputValue();
    await title.fill(`${original} (draft)`);
    // the form has taken the edit (its save is offered) before the page is reloaded
    await expect(page.getByTestId('news-submit')).toBeEnabled();
    const askedOnReload = page.waitForEvent('dialog');
    const reload = page.reload();
    const prompt = await askedOnReload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.accept();
    await reload;
    await expect(page.getByTestId(`news-title-${lang}`)).toHaveValue(original);

    // edited again, a sidebar link asks and "leave" goes, without a second prompt
    await page.getByTestId(`news-title-${lang}`).fill(`${original} (draft)`);
    const left = prompts.length;
    await page.getByTestId('dashboard-nav-tournaments').click();
    await expect(dialog.getByTestId('unsaved-dialog-confirm')).toHaveText(texts.leave);
    await dialog.getByTestId('unsaved-dialog-confirm').click();
    await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/tournaments')}$`));
    expect(prompts.length).toBe(left);

    // a toast raised while the wallet modal is open is on top: the point at its centre is the toast
    await goto(page, at(lang, '/dashboard/users'));
    // another player's wallet: the admin's own is refused an adjustment (nobody credits themselves), and where
    // the list sorts it depends on what the other tests of this server wrote
    await page
      .locator('tr[data-testid^="wallet-row-"]')
      .filter({ hasNot: page.getByTestId('wallet-row-user').filter({ hasText: /^admin$/ }) })
      .getByTestId('wallet-row-details')
      .last()
      .click();
    const modal = page.getByTestId('wallet-modal');
    await expect(modal).toBeVisible();
    await modal.getByTestId('wallet-adjust-amount').fill('1');
    await modal.getByTestId('wallet-adjust-reason').fill('toast above the modal');
    await modal.getByTestId('wallet-adjust-submit').click();
    await modal.getByTestId('wallet-adjust-confirm').click();
    const shown = toast(page);
    await expect(shown).toBeVisible();
    await expect(modal).toBeVisible();
    // sonner slides the toast in: measure once it has stopped moving
    await expect(shown).toHaveAttribute('data-mounted', 'true');
    await expect
      .poll(async () => {
        const box = (await shown.boundingBox())!;
        return shown.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        });
      })
      .toBe(true);
  });
}

test('a link clicked while the save is on its way is asked about, then followed once the save has settled', async ({
  page,
}) => {
  await loginAs(page, ADMIN);
  const competition = await competitionWithPlayers(page);
  await goto(page, `/dashboard/competitions/edit?id=${competition.id}`);
  const score = page.locator('[data-testid^="scores-score-"]').first();
  await score.fill(String(Number(await score.inputValue()) + 1));
  // the save's answer is held until the admin has clicked a link and been asked
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tournaments/competition/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await held;
    await route.continue();
  });
  await page.getByTestId('scores-save').click();
  await page.getByTestId('dashboard-nav-news').click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  release();
  // saved: nothing is lost by leaving, so the page goes where the link pointed, without a second click
  await expect(page).toHaveURL(/\/dashboard\/news$/);
});
