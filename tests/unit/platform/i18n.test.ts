import { messages as catalogue } from '../../../src/platform/i18n/messages.ts';
import { describe, expect, test } from 'vitest';
import {
  createT,
  isLocale,
  languageFromBrowser,
  localizePath,
  splitLocale,
  translate,
  type Messages,
} from '../../../src/platform/i18n/i18n.ts';

describe('localizePath', () => {
  test.each([
    ['/', 'it', '/'],
    ['/', 'en', '/en/'],
    ['/login', 'it', '/login'],
    ['/login', 'en', '/en/login'],
    ['/en/login', 'it', '/login'],
    ['/en/login', 'en', '/en/login'],
    ['/en', 'it', '/'],
    ['/en/', 'it', '/'],
    ['/en', 'en', '/en/'],
    ['/tournament/42?tab=rules#top', 'en', '/en/tournament/42?tab=rules#top'],
    ['/en/tournament/42?tab=rules', 'it', '/tournament/42?tab=rules'],
    ['/english-league', 'en', '/en/english-league'],
    ['/enroll', 'it', '/enroll'],
    ['/settings/', 'en', '/en/settings/'],
  ] as const)('%s in %s is %s', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  test('is idempotent: localizing a localized path changes nothing', () => {
    for (const p of ['/', '/login', '/a/b?c=d']) {
      for (const l of ['it', 'en'] as const) expect(localizePath(localizePath(p, l), l)).toBe(localizePath(p, l));
    }
  });
});

describe('splitLocale', () => {
  test.each([
    ['/', 'it', '/'],
    ['', 'it', '/'],
    ['/login', 'it', '/login'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/en/settings', 'en', '/settings'],
    ['/en?x=1', 'en', '/?x=1'],
    ['/en#faq', 'en', '/#faq'],
    ['/enroll', 'it', '/enroll'],
    ['/english', 'it', '/english'],
    ['/it/login', 'it', '/it/login'],
    ['/EN/login', 'it', '/EN/login'],
  ] as const)('%j has locale %s and path %s', (input, locale, path) => {
    expect(splitLocale(input)).toEqual({ locale, path });
  });
});

describe('languageFromBrowser', () => {
  test.each([
    [['it-IT', 'en-US'], 'it'],
    [['en-GB', 'it'], 'en'],
    [['IT'], 'it'],
    [['de-DE', 'it-CH'], 'it'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
    [['italian'], 'en'],
  ] as const)('%j gives %s', (langs, expected) => {
    expect(languageFromBrowser(langs)).toBe(expected);
  });
});

describe('isLocale', () => {
  test.each([
    ['it', true],
    ['en', true],
    ['EN', false],
    ['de', false],
    [undefined, false],
    [null, false],
    [1, false],
  ] as const)('%j is %s', (v, expected) => expect(isLocale(v)).toBe(expected));
});

describe('translate', () => {
  const messages: Messages = {
    greeting: 'Ciao {name}!',
    count: '{n} tornei, {n} posti',
    nested: { deep: { key: 'profondo' }, withVar: 'vale {minutes} minuti' },
    plain: 'nessuna variabile',
  };
  test.each([
    ['plain', undefined, 'nessuna variabile'],
    ['greeting', { name: 'Giulia' }, 'Ciao Giulia!'],
    ['count', { n: 3 }, '3 tornei, 3 posti'],
    ['nested.deep.key', undefined, 'profondo'],
    ['nested.withVar', { minutes: 60 }, 'vale 60 minuti'],
    // an unknown placeholder stays visible rather than turning into "undefined"
    ['greeting', { other: 'x' }, 'Ciao {name}!'],
    ['greeting', undefined, 'Ciao {name}!'],
    // missing keys come back as the key itself
    ['missing', undefined, 'missing'],
    ['nested.missing', undefined, 'nested.missing'],
    ['plain.deeper', undefined, 'plain.deeper'],
    // a key that names a group, not a text
    ['nested', undefined, 'nested'],
    ['nested.deep', undefined, 'nested.deep'],
  ] as const)('%s with %j is %j', (key, vars, expected) => {
    expect(translate(messages, key, vars as Record<string, string | number> | undefined)).toBe(expected);
  });

  test('a value is inserted literally, even one that looks like a placeholder or a $ pattern', () => {
    expect(translate(messages, 'greeting', { name: '{name} $& $1' })).toBe('Ciao {name} $& $1!');
  });

  test('createT binds a dictionary', () => {
    const t = createT(messages);
    expect(t('greeting', { name: 'Alex' })).toBe('Ciao Alex!');
    expect(t('nope')).toBe('nope');
  });
});

describe('translation keys are typed', () => {
  test('a key written out must exist in the catalogue; `npm run typecheck` fails on a missing one', () => {
    const t = createT(catalogue.en);
    expect(t('accounts.login.title')).toBe(catalogue.en.accounts.login.title);
    // @ts-expect-error -- no such key: the type check refuses it (and at run time the key comes back)
    expect(t('accounts.login.titel')).toBe('accounts.login.titel');
    const trigger: string = 'manual';
    // a key built from a template must match a key of the catalogue
    expect(t(`rewardsAdmin.triggers.${trigger}`)).toBe(catalogue.en.rewardsAdmin.triggers.manual);
    // @ts-expect-error -- no key starts this way
    expect(t(`rewardsAdmin.trigers.${trigger}`)).toBe('rewardsAdmin.trigers.manual');
  });
});
