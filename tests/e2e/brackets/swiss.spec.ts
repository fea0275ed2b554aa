import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { fillText, goto, loginAs, storeSession, ADMIN, type Session } from '../helpers.ts';
import { at, call, fieldOfFour, shots, texts } from './swiss-field.ts';

/**
 * The Swiss format in the browser: the admin generates a two-round Swiss bracket in the editor's
 * Bracket tab, the first round's results come in (one on the bracket page), the second round is
 * paired by itself, the admin closes it after a confirmation, and the public page shows the
 * standings, in Italian and English, on a phone and a desktop.
 */

/** The public bracket page, reloaded until its table's title says `title` (the browser may keep a copy 10 s). */
async function openPage(page: Page, lang: 'it' | 'en', id: string, title: string) {
  await expect(async () => {
    await page.goto(at(lang, `/tournament/${id}/bracket`));
    await page.reload();
    await expect(page.getByTestId('bracket-table-title')).toHaveText(title, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('Swiss: the admin generates, round one is reported, round two is paired and closed, the table shows', async ({
  page,
}, info) => {
  // two rounds of players' reports and the admin's pages, one after another
  test.setTimeout(120_000);
  const { id, admin, people } = await fieldOfFour(page.request, 'E2E Swiss ');
  const [giulia, , third] = people as [Session, Session, Session, Session];

  // the admin picks two rounds and generates, seeded by check-in order
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await page.getByTestId('bracket-seeding').selectOption('checkin');
  await page.getByTestId('bracket-rounds').fill('2');
  await page.getByTestId('bracket-generate').click();
  // check-in is still open: the panel asks first
  await page.getByTestId('bracket-generate-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.it.admin.generated);
  await expect(page.getByTestId('bracket-admin-swiss-progress')).toHaveText(
    fillText(texts.it.admin.swissProgress, { n: 1, total: 2 }),
  );
  await expect(page.getByTestId('bracket-admin-row')).toHaveCount(4);

  // round one: seed 1 v 3 and 2 v 4. Giulia reports on the page, the others through the API; the
  // better seed wins both
  const b = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
  const [first, second] = b.rounds[0].matches;
  expect([first.sideA.id, first.sideB.id]).toEqual([giulia.user.id, third.user.id]);
  await storeSession(page, giulia, '/privacy-policy');
  await page.goto(`/tournament/${id}/bracket`);
  const form = page.getByTestId('bracket-report-form');
  await form.getByTestId('bracket-report-a').fill('2');
  await form.getByTestId('bracket-report-b').fill('0');
  await form.getByTestId('bracket-report-submit').click();
  await expect(form.getByTestId('bracket-report-message')).toHaveText(texts.it.report.sent);
  await call(page.request, third.token, 'POST', `/tournaments/${id}/bracket/matches/${first.id}/report`, {
    scoreA: 2,
    scoreB: 0,
  });
  for (const who of [people[1]!, people[3]!])
    await call(page.request, who.token, 'POST', `/tournaments/${id}/bracket/matches/${second.id}/report`, {
      scoreA: 1,
      scoreB: 0,
    });

  // round two was paired by itself: the winners meet, the table stands after round one
  await openPage(page, 'en', id, fillText(texts.en.swiss.standings, { n: 1 }));
  await expect(page.getByTestId('bracket-swiss-progress')).toHaveText(
    fillText(texts.en.swiss.progress, { n: 2, total: 2 }),
  );
  await expect(page.getByTestId('bracket-round')).toHaveCount(2);
  await expect(page.getByTestId('bracket-round').nth(1).getByTestId('bracket-match').first()).toContainText(
    giulia.user.username,
  );
  await expect(page.getByTestId('bracket-table-row')).toHaveCount(4);
  await expect(page.getByTestId('bracket-swiss')).toContainText(texts.en.swiss.closeRule);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, info, 'swiss-round-two-en');

  // the admin closes the last round unplayed: its matches count as 0–0 draws. That cannot be undone, so a dialog
  // asks first and says how many matches become draws; in Italian the admin cancels and nothing changes
  await loginAs(page, ADMIN);
  const dialog = page.getByTestId('bracket-close-dialog');
  for (const lang of ['it', 'en'] as const) {
    await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#bracket`));
    await expect(page.getByTestId('bracket-admin-swiss-progress')).toHaveText(
      fillText(texts[lang].admin.swissProgress, { n: 2, total: 2 }),
    );
    await expect(page.getByTestId('bracket-admin-swiss')).toContainText(texts[lang].admin.closeHint);
    await page.getByTestId('bracket-next-round').click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(fillText(texts[lang].admin.closeConfirmTitle, { n: 2 }));
    await expect(dialog).toContainText(fillText(texts[lang].admin.closeConfirmOpen.other, { count: 2 }));
    await expect(dialog).toContainText(texts[lang].admin.closeConfirmLast);
    await expect(page.getByTestId('bracket-close-dialog-cancel')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `swiss-close-dialog-${lang}`);
    if (lang === 'it') {
      await page.getByTestId('bracket-close-dialog-cancel').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('bracket-next-round')).toBeVisible();
      const kept = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
      expect(kept.rounds[1].matches.map((m: { state: string }) => m.state)).toEqual(['awaiting', 'awaiting']);
    }
  }
  // in English the admin confirms
  await page.getByTestId('bracket-close-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.en.admin.closed);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bracket-next-round')).toHaveCount(0);
  await shots(page, info, 'swiss-admin-en');

  for (const lang of ['it', 'en'] as const) {
    await openPage(page, lang, id, fillText(texts[lang].swiss.standings, { n: 2 }));
    const rows = page.getByTestId('bracket-table-row');
    await expect(rows).toHaveCount(4);
    // Giulia and Alex each won and drew (4 points) ahead of the two who lost and drew (1 point)
    const top = (await rows.allTextContents()).slice(0, 2).join(' ');
    expect(top).toContain(giulia.user.username);
    expect(top).toContain(people[1]!.user.username);
    await expect(page.locator('[data-testid="bracket-match"][data-state="confirmed"]')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `swiss-done-${lang}`);
  }
});
