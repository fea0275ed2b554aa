import { describe, expect, test } from 'vitest';
import { messages } from '../../../src/platform/i18n/messages.ts';
import { createT } from '../../../src/platform/i18n/i18n.ts';

/** The tournament e-mails (locales/{it,en}/email.json) carry what the server fills in. */
describe.each(['it', 'en'] as const)('%s', (locale) => {
  const t = createT(messages[locale].email);
  const vars = { name: 'Giulia', tournament: 'Bomber Cup', link: 'https://arena.example/tournament/abc' };

  test('the promotion e-mail names the player and the tournament and links to it', () => {
    expect(t('promoted.subject', vars)).toContain('Bomber Cup');
    const text = t('promoted.text', vars);
    for (const v of Object.values(vars)) expect(text).toContain(v);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  test('the broadcast footer names the tournament and links to it', () => {
    const footer = t('broadcast.footer', vars);
    expect(footer).toContain('Bomber Cup');
    expect(footer).toContain(vars.link);
    expect(footer).not.toMatch(/\{\w+\}/);
  });
});
