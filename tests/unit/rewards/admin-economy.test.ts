import { describe, expect, test } from 'vitest';
import { badgeTriggers, transactionTypes } from '../../../src/features/rewards/contract.ts';
import { dashboardCardsSchema } from '../../../src/features/dashboard/contract.ts';
import {
  adjustBody,
  adjustFormSchema,
  badgeEditSchema,
  badgeFormSchema,
} from '../../../src/features/rewards/ui/admin/economy-forms.ts';
import { fieldErrorKey } from '../../../src/platform/browser/form-errors.ts';
import errorsIt from '../../../locales/it/errors.json' with { type: 'json' };
import errorsEn from '../../../locales/en/errors.json' with { type: 'json' };
import it from '../../../locales/it/rewards-admin.json' with { type: 'json' };
import en from '../../../locales/en/rewards-admin.json' with { type: 'json' };
import { allSources } from '../helpers/sources.ts';

const sources = allSources();

const lookup = (dict: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], dict);

describe('admin-economy texts', () => {
  test('every key the economy sections use exists in both locales', () => {
    // a prefix is not a key: one named in a type (ListStatus's `keys`, before `;`) or an editor page's `ns`
    const used = /(?<!ns: )'rewardsAdmin\.([A-Za-z_.]+[A-Za-z_])'(?!;)/g;
    const keys = new Set([...sources.matchAll(used)].map((m) => m[1]));
    expect(keys.size).toBeGreaterThan(50);
    for (const key of keys) {
      expect(typeof lookup(it, key), `it ${key}`).toBe('string');
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    }
  });

  test('the keys built at run time exist: cards, triggers, transaction types, filters', () => {
    const built = [
      ...Object.keys(dashboardCardsSchema.shape).map((k) => `index.cards.${k}`),
      ...badgeTriggers.map((k) => `triggers.${k}`),
      ...badgeTriggers.map((k) => `ruleHelp.${k}`),
      ...transactionTypes.map((k) => `transactionTypes.${k}`),
      ...['all', 'fulfilled', 'unfulfilled'].map((k) => `purchases.filters.${k}`),
      ...['signups', 'redemptions', 'purchases', 'creditsDistributed', 'creditsSpent'].map((k) => `index.series.${k}`),
    ];
    for (const key of built) {
      expect(typeof lookup(it, key), `it ${key}`).toBe('string');
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    }
  });

  // the wallet and its movements are named as the player's wallet names them (portafoglio, movimenti)
  test("the Italian load-failure texts, worded as the original client's", () => {
    expect(it.index.loadError).toBe('Errore nel recupero del cruscotto');
    expect(it.badges.loadError).toBe('Errore nel recupero dei badge');
    expect(it.purchases.loadError).toBe('Errore nel recupero degli acquisti');
    expect(it.wallets.loadError).toBe('Errore nel recupero dei portafogli');
    expect(it.wallets.transactionsError).toBe('Errore nel recupero dei movimenti');
  });
});

describe('badge form', () => {
  const valid = {
    slug: 'top_fan',
    trigger: 'manual',
    name: 'Top fan',
    description: '',
    icon: '',
    rewardAmount: 10,
    reusable: false,
    active: true,
  };

  test('accepts a complete badge and trims the text', () => {
    const parsed = badgeFormSchema.parse({ ...valid, name: '  Top fan  ' });
    expect(parsed.name).toBe('Top fan');
  });

  test.each([
    ['slug', 'Top Fan', 'slug'],
    ['slug', 'ab', 'slug'],
    ['rewardAmount', -1, 'rewardRange'],
    ['rewardAmount', 1.5, 'rewardRange'],
    ['rewardAmount', 1_000_001, 'rewardRange'],
  ])('refuses %s = %s with the message %s', (field, value, message) => {
    const res = badgeFormSchema.safeParse({ ...valid, [field]: value });
    expect(res.success).toBe(false);
    expect(res.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  test('an empty reward (NaN from the number input) or name is required', () => {
    const res = badgeFormSchema.safeParse({ ...valid, rewardAmount: Number.NaN, name: ' ' });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.path[0]).sort()).toEqual(['name', 'rewardAmount']);
  });

  test('a top-N badge needs a whole N from 1 to 200; the form sends null for the other rules', () => {
    const topN = (n: number | null) => badgeFormSchema.safeParse({ ...valid, trigger: 'tournament_top_n', topN: n });
    expect(topN(3).success).toBe(true);
    expect(topN(null).success).toBe(true);
    for (const bad of [0, 201, 2.5]) expect(topN(bad).error!.issues[0]!.path).toEqual(['topN']);
    expect(topN(Number.NaN).error!.issues[0]!.message).toBe('required');
  });

  test('editing ignores the fixed slug and trigger', () => {
    const { slug: _slug, trigger: _trigger, ...rest } = valid;
    expect(badgeEditSchema.safeParse(rest).success).toBe(true);
  });
});

describe('wallet adjustment form', () => {
  test('a debit becomes a negative amount, a credit a positive one', () => {
    expect(adjustBody(adjustFormSchema.parse({ direction: 'debit', amount: 30, reason: ' oops ' }))).toEqual({
      amount: -30,
      reason: 'oops',
    });
    expect(adjustBody(adjustFormSchema.parse({ direction: 'credit', amount: 5, reason: 'prize' }))).toEqual({
      amount: 5,
      reason: 'prize',
    });
  });

  test('zero, fractions and a missing reason are refused', () => {
    expect(adjustFormSchema.safeParse({ direction: 'credit', amount: 0, reason: 'x' }).success).toBe(false);
    expect(adjustFormSchema.safeParse({ direction: 'credit', amount: 2.5, reason: 'x' }).success).toBe(false);
    expect(adjustFormSchema.safeParse({ direction: 'credit', amount: 5, reason: '   ' }).success).toBe(false);
    expect(adjustFormSchema.safeParse({ direction: 'credit', amount: Number.NaN, reason: 'x' }).success).toBe(false);
  });
});

describe('the economy forms share the one field-error mapper', () => {
  test('maps their errors to errors.validation keys, never to English', () => {
    expect(fieldErrorKey('slug', { type: 'code', message: 'BADGE_SLUG_TAKEN' }, 'x')).toEqual({
      key: 'errors.BADGE_SLUG_TAKEN',
    });
    expect(fieldErrorKey('name', { type: 'too_small', message: 'Too small' }, ' ')).toEqual({
      key: 'errors.validation.required',
    });
    expect(fieldErrorKey('amount', { type: 'invalid_type', message: 'required' }, Number.NaN)).toEqual({
      key: 'errors.validation.required',
      vars: undefined,
    });
    expect(fieldErrorKey('slug', { type: 'invalid_format', message: 'slug' }, 'A B')).toEqual({
      key: 'errors.validation.slug',
    });
    expect(fieldErrorKey('amount', { type: 'too_small', message: 'amountRange' }, -3)).toEqual({
      key: 'errors.validation.amountRange',
    });
    expect(fieldErrorKey('amount', { type: 'custom', message: 'nonZero' }, 0)).toEqual({
      key: 'errors.validation.nonZero',
    });
    expect(fieldErrorKey('reason', { type: 'too_big', message: 'Too big' }, 'x'.repeat(300))).toEqual({
      key: 'errors.validation.tooLong',
    });
    expect(fieldErrorKey('rewardAmount', { type: 'server' }, 5, { rewardAmount: [0, 1_000_000] })).toEqual({
      key: 'errors.validation.numberRange',
      vars: { min: 0, max: 1_000_000 },
    });
    expect(fieldErrorKey('icon', { type: 'server' }, 'x')).toEqual({ key: 'errors.validation.imageUrl' });
  });
  test('their own texts are in both languages', () => {
    for (const key of ['slug', 'rewardRange', 'amountRange', 'nonZero']) {
      expect(typeof lookup(errorsIt, `validation.${key}`), `it ${key}`).toBe('string');
      expect(typeof lookup(errorsEn, `validation.${key}`), `en ${key}`).toBe('string');
    }
  });
});
