import { describe, expect, test } from 'vitest';
import { messages } from '../../../src/platform/i18n/messages.ts';

/**
 * The product names one thing with one word in each language, the word of the screen where the thing lives (a
 * purchase's state as the purchases list says it, check-in as the tournament page does, a giveaway as the dashboard
 * does): the audit log, the user page, the e-mails and the legal pages say it the same way.
 */
type Texts = [key: string, text: string][];
const textsOf = (node: unknown, at: string): Texts =>
  typeof node === 'string'
    ? [[at, node]]
    : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => textsOf(v, at ? `${at}.${k}` : k));
const texts = { it: textsOf(messages.it, ''), en: textsOf(messages.en, '') };
// a placeholder is a parameter's name, not a word a reader sees
const words = (text: string) => text.replace(/\{\w+\}/g, '');
const saying = (locale: 'it' | 'en', word: RegExp) =>
  texts[locale].filter(([, text]) => word.test(words(text))).map(([key]) => key);

describe("a purchase's state is the purchases list's", () => {
  test.each(['it', 'en'] as const)('%s: the user page and the audit log say it as the list does', (locale) => {
    const list = messages[locale].rewardsAdmin.purchases;
    const user = messages[locale].accounts.userPage.purchases;
    expect([user.fulfilled, user.pending]).toEqual([list.fulfilled, list.pending]);
    const audit = messages[locale].audit.actions.purchase;
    expect(audit.fulfill.toLowerCase()).toContain(list.fulfilled.toLowerCase());
    expect(audit.unfulfill.toLowerCase()).toContain(list.pending.toLowerCase());
    expect(audit.fulfill).toMatch(locale === 'it' ? /evaso/ : /fulfilled/);
  });
});

describe('one word per concept', () => {
  test.each([
    // [locale, the word no text uses, the concept's one word]
    ['it', /check-in fatto|^fatto$/i, 'check-in effettuato'],
    ['en', /check-in undone/i, 'checked out'],
    ['en', /\bwaiting list\b/i, 'waitlist'],
    ['it', /\bin coda\b/i, "lista d'attesa"],
    ['en', /\bgift codes?\b/i, 'giveaway code'],
    ['it', /\bcodic[ei] regalo\b/i, 'codice giveaway'],
    ['en', /\bshop\b/i, 'marketplace'],
    ['it', /\b(shop|negozio)\b/i, 'marketplace'],
    ['it', /\bteam\b/i, 'squadra'],
    ['it', /\bwallet\b|\btransazion/i, 'portafoglio, movimenti'],
    ['en', /\bmovements?\b/i, 'transactions'],
    ['it', /\bfinalizza/i, 'chiudere il torneo'],
    ['it', /\btabell[ae] punti\b/i, 'tabella punteggi'],
    ['en', /(?<!-)\bemail\b/i, 'e-mail'],
    ['it', /(?<!-)\bemail\b/i, 'e-mail'],
    ['en', /\b(slots?|spot)\b/i, 'seat'],
    ['it', /\breport\b/i, 'segnalazione'],
  ] as const)('%s: no text says %s (it is %s)', (locale, outlier, word) => {
    expect(saying(locale, outlier), `these texts should say "${word}"`).toEqual([]);
  });

  test.each(['it', 'en'] as const)('%s: the audit log names giveaways and users as the dashboard does', (locale) => {
    const { audit, dashboard } = messages[locale];
    expect(audit.categories.codes).toBe(dashboard.sections.giveaway);
    expect(audit.categories.users).toBe(dashboard.sections.users);
    for (const action of Object.values(audit.actions.giveaway)) expect(action).toMatch(/^Giveaway /);
  });

  test.each(['it', 'en'] as const)('%s: a player reads who checks their report as "the organisers"', (locale) => {
    const player = [messages[locale].results, messages[locale].brackets, messages[locale].campaign];
    const staff = locale === 'it' ? /\b(admin|staff|amministrator\w*)\b/i : /\b(admin|staff)\b/i;
    const found = player
      .flatMap((ns) => textsOf(ns, ''))
      .filter(([key, text]) => !/^admin\./.test(key) && staff.test(text));
    expect(found.map(([key]) => key)).toEqual([]);
  });
});
