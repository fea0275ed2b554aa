import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import fs from 'node:fs/promises';
import { goto, keepShot, loginAs, localeTexts, unique } from '../helpers.ts';

// A player turns reminder e-mails off and on in /settings and downloads their data, in both languages (Italian on a
// phone, English on a desktop).
const PASSWORD = 'reminders-secret-2026';

for (const lang of ['it', 'en'] as const) {
  // the last tab then downloads the data
  test(`settings: the last tab saves the reminder choices and shows them after a reload (${lang})`, async ({
    page,
  }) => {
    if (lang === 'it') await page.setViewportSize({ width: 390, height: 844 });
    const texts = localeTexts(lang, 'accounts').settings;
    const username = unique('rem');
    const email = `${username}@example.com`;
    const created = await page.request.post('/api/users/pp', {
      data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language: lang },
    });
    expect(created.status()).toBe(201);
    const session = await loginAs(page, { email, password: PASSWORD });
    const settingsPath = lang === 'en' ? '/en/settings' : '/settings';

    await goto(page, settingsPath);
    const tab = page.getByTestId('settings-tab-notifications');
    await expect(tab).toHaveText(texts.tabs.notifications);
    await tab.click();
    await expect(page.getByRole('heading', { name: texts.notifications.title })).toBeVisible();
    const box = (name: string) => page.getByRole('checkbox', { name: texts.notifications[name].label });
    // everything on until the player says otherwise
    for (const name of ['checkinOpen', 'checkinClosing', 'resultsFinal']) await expect(box(name)).toBeChecked();
    await expect(page.getByTestId('notifications-save')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    await box('checkinClosing').uncheck();
    await box('resultsFinal').uncheck();
    await page.getByTestId('notifications-save').click();
    await expect(page.getByTestId('notifications-saved')).toHaveText(texts.notifications.saved);
    await expect(page.getByTestId('notifications-save')).toBeDisabled();

    await page.reload();
    await page.getByTestId('settings-tab-notifications').click();
    await expect(box('checkinOpen')).toBeChecked();
    await expect(box('checkinClosing')).not.toBeChecked();
    await expect(box('resultsFinal')).not.toBeChecked();
    const stored = await page.request.get('/api/users/me/notifications', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect((await stored.json()).data).toEqual({ checkinOpen: true, checkinClosing: false, resultsFinal: false });

    // and back on
    await box('resultsFinal').check();
    await page.getByTestId('notifications-save').click();
    await expect(page.getByTestId('notifications-saved')).toBeVisible();
    const again = await page.request.get('/api/users/me/notifications', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect((await again.json()).data).toEqual({ checkinOpen: true, checkinClosing: false, resultsFinal: true });

    // the player's data, whole, as a file: the account and the choices just saved
    await expect(page.getByRole('heading', { name: texts.data.title })).toBeVisible();
    const button = page.getByTestId('data-export-download');
    await expect(button).toHaveText(texts.data.download);
    const saving = page.waitForEvent('download');
    await button.click();
    const file = await saving;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${username}-data-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(await fs.readFile(await file.path(), 'utf8'));
    expect(data.account).toMatchObject({ username, email, language: lang });
    expect(data.notifications).toEqual({ checkinOpen: true, checkinClosing: false, resultsFinal: true });
    await expect(page.getByTestId('data-export-done')).toHaveText(texts.data.done);
    await keepShot(page, { path: `test-results/shots/settings-data-${lang}.png`, fullPage: true });
  });
}
