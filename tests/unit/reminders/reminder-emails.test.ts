import { describe, expect, test } from 'vitest';
import { messages } from '../../../src/platform/i18n/messages.ts';
import { createT } from '../../../src/platform/i18n/i18n.ts';

/** The reminder e-mails (locales/{it,en}/email.json, `reminders`) carry every value the server fills in. */
describe.each(['it', 'en'] as const)('%s', (locale) => {
  const t = createT(messages[locale].email);
  const base = {
    name: 'Giulia',
    tournament: 'Bomber Cup',
    link: 'https://arena.example/tournament/abc',
    closes: '26 nov 2026, 18:45 CET',
  };
  const cases = [
    ['reminders.checkinOpen', base],
    ['reminders.checkinClosing', base],
    [
      'reminders.resultsFinal',
      {
        name: 'Giulia',
        tournament: 'Bomber Cup',
        link: 'https://arena.example/tournament/abc/standings',
        rank: 3,
        total: 40,
        points: 27,
      },
    ],
  ] as const;

  test.each(cases)('%s names the player and the tournament, links to it and leaves no placeholder', (key, vars) => {
    const subject = t(`${key}.subject`, vars);
    const text = t(`${key}.text`, vars);
    expect(subject).toContain('Bomber Cup');
    for (const v of Object.values(vars)) expect(text).toContain(String(v));
    expect(`${subject}\n${text}`).not.toMatch(/\{\w+\}/);
  });

  test('the results subject says the rank; the check-in mail can add the calendar link', () => {
    expect(t('reminders.resultsFinal.subject', { tournament: 'Bomber Cup', rank: 3 })).toContain('#3');
    expect(
      t('reminders.checkinOpen.calendar', { calendar: 'https://arena.example/api/tournaments/abc/calendar.ics' }),
    ).toContain('calendar.ics');
  });

  test('the footer links to the settings where reminders are turned off', () => {
    const footer = t('reminders.footer', { settingsLink: 'https://arena.example/settings' });
    expect(footer).toContain('https://arena.example/settings');
    expect(footer.split('\n')).toHaveLength(1);
  });
});
