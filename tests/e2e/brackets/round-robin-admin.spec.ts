import { expect, test } from '../fixtures.ts';
import { fillText, goto, loginAs, ADMIN } from '../helpers.ts';
import { at, call, fieldOfFour, shots, texts } from './swiss-field.ts';

/**
 * A round robin in the editor's Bracket tab: once generated, the admin reads each group's standings beside the
 * matches, and a result entered there moves the table, in Italian and English.
 */
for (const lang of ['it', 'en'] as const) {
  test(`round robin: the Bracket tab shows the group's standings, and a result moves them (${lang})`, async ({
    page,
  }, info) => {
    const { id, admin } = await fieldOfFour(page.request, 'E2E Girone ', 'round_robin');
    await loginAs(page, ADMIN);
    await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#bracket`));
    await expect(page.getByTestId('bracket-admin-groups')).toHaveCount(0);
    await page.getByTestId('bracket-seeding').selectOption('checkin');
    await page.getByTestId('bracket-generate').click();
    await page.getByTestId('bracket-generate-dialog-confirm').click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(
      texts[lang].admin.generated,
    );

    // one group of four, everyone on nought
    const table = page.getByTestId('bracket-admin-groups').getByTestId('bracket-admin-table');
    await expect(table).toHaveCount(1);
    await expect(table.locator('caption')).toHaveText(fillText(texts[lang].table.caption, { n: 1 }));
    await expect(table.getByTestId('bracket-admin-row')).toHaveCount(4);
    await expect(table.getByTestId('bracket-admin-points')).toHaveText(['0', '0', '0', '0']);

    // the admin enters a 2–0 in the first match: its winner leads with a win, its loser trails with a loss
    const bracket = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
    const first = bracket.rounds[0].matches.find((m: { state: string }) => m.state !== 'bye');
    await call(page.request, admin.token, 'POST', `/tournaments/${id}/bracket/matches/${first.id}/override`, {
      scoreA: 2,
      scoreB: 0,
    });
    await page.reload();
    const leader = table.getByTestId('bracket-admin-row').first();
    await expect(leader.locator('th')).toHaveText(first.sideA.name);
    await expect(leader.getByTestId('bracket-admin-points')).toHaveText('3');
    // played, won, drawn, lost, then the difference
    await expect(leader.locator('td')).toHaveText(['1', '1', '1', '0', '0', '+2', '3']);
    await expect(table.getByTestId('bracket-admin-row').last().locator('td')).toHaveText([
      '4',
      '1',
      '0',
      '0',
      '1',
      '-2',
      '0',
    ]);
    await shots(page, info, `round-robin-admin-${lang}`);
  });
}
