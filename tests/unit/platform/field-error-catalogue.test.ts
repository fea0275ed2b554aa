import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { fieldText, serverFieldErrors, type FieldErrorLike } from '../../../src/platform/browser/form-errors.ts';
import { createT, type Locale } from '../../../src/platform/i18n/i18n.ts';
import { messages } from '../../../src/platform/i18n/messages.ts';
import { schemaValidator } from '../../../src/platform/ui/use-form.ts';
import { settingsSchema, signupInputSchema } from '../../../src/features/accounts/ui/account-form-schemas.ts';
import { badgeInputSchema, productInputSchema } from '../../../src/features/rewards/contract.ts';
import { newsInputSchema } from '../../../src/features/news/contract.ts';
import { competitionInputSchema, tournamentInputSchema } from '../../../src/features/tournaments/contract.ts';

/**
 * One catalogue of field error texts (errors.validation and errors.<CODE>) for both form families:
 * the player's account forms (src/features/accounts/ui) and the dashboard's editors. The same
 * error must read the same wherever it is made, by the form's own check or by the server.
 */

const locales: Locale[] = ['it', 'en'];
const translator = (locale: Locale) =>
  createT(messages[locale] as never) as (key: string, vars?: Record<string, string | number>) => string;

/** What a form shows for `field` when `schema` checks `body` (as useForm's schemaValidator does). */
async function formText(
  locale: Locale,
  schema: z.ZodType,
  body: Record<string, unknown>,
  field: string,
): Promise<string | undefined> {
  const res = await schemaValidator<Record<string, unknown>>(schema)(body);
  expect(res.ok, `${field} should be refused`).toBe(false);
  const errors = res.ok ? {} : (res.errors as Record<string, FieldErrorLike>);
  return fieldText(translator(locale), field, errors[field], body[field]);
}

/** What a form shows for `field` when the server refuses it with a 400 issue carrying zod's message. */
async function serverText(
  locale: Locale,
  schema: z.ZodType,
  body: Record<string, unknown>,
  field: string,
): Promise<string | undefined> {
  const parsed = schema.safeParse(body);
  expect(parsed.success).toBe(false);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
  const placed = serverFieldErrors({ code: 'VALIDATION_ERROR', issues }, [field]).find((e) => e.field === field);
  return fieldText(translator(locale), field, placed?.error, body[field]);
}

const signup = {
  username: 'player_one',
  email: 'player@example.com',
  password: 'a long enough password',
  nickname: 'Player',
  gender: 'M',
};
const product = { name: 'Hoodie', description: '', price: 10, quantity: 1, brand: '', image: '/media/Nexus/a.png' };
const tournament = { name: 'Cup', game: 'Fortnite', console: ['PC'], maxPartecipants: 8 };
const badge = { slug: 'first_win', trigger: 'manual', name: 'First win', description: '', icon: '', rewardAmount: 0 };

describe.each(locales)('the same field error reads the same in every form (%s)', (locale) => {
  test('a required text left empty: the signup username, a product name, a tournament name', async () => {
    const texts = new Set([
      await formText(locale, signupInputSchema, { ...signup, username: '' }, 'username'),
      await formText(
        locale,
        settingsSchema,
        { ...signup, discordId: '', epicId: '', language: 'it', gameAccounts: [], username: '' },
        'username',
      ),
      await formText(locale, productInputSchema, { ...product, name: '' }, 'name'),
      await formText(locale, tournamentInputSchema, { ...tournament, name: '' }, 'name'),
    ]);
    expect([...texts]).toEqual([translator(locale)('errors.validation.required')]);
  });

  test('a text over its length: the signup nickname, a product name, a news title', async () => {
    const texts = new Set([
      await formText(locale, signupInputSchema, { ...signup, nickname: 'n'.repeat(40) }, 'nickname'),
      await formText(locale, productInputSchema, { ...product, name: 'n'.repeat(200) }, 'name'),
      await formText(locale, competitionInputSchema, { name: 'n'.repeat(200), game: 'Fortnite' }, 'name'),
    ]);
    expect([...texts]).toEqual([translator(locale)('errors.validation.tooLong')]);
  });

  test('a wrong e-mail address, refused by the form or by the server', async () => {
    const texts = new Set([
      await formText(locale, signupInputSchema, { ...signup, email: 'not-an-address' }, 'email'),
      await serverText(locale, signupInputSchema, { ...signup, email: 'not-an-address' }, 'email'),
      await formText(
        locale,
        settingsSchema,
        { ...signup, discordId: '', epicId: '', language: 'it', gameAccounts: [], email: 'x@y' },
        'email',
      ),
    ]);
    expect([...texts]).toEqual([translator(locale)('errors.validation.email')]);
  });

  test('an image address that is neither an upload nor https, in every image field of the dashboard', async () => {
    const bad = 'ftp://example.com/a.png';
    const texts = new Set([
      await formText(locale, productInputSchema, { ...product, image: bad }, 'image'),
      await serverText(locale, productInputSchema, { ...product, image: bad }, 'image'),
      await formText(locale, newsInputSchema, { title: { it: 'T', en: 'T' }, image: bad }, 'image'),
      // the badge form leaves the icon to the upload, so only the server checks its address
      await serverText(locale, badgeInputSchema, { ...badge, icon: bad }, 'icon'),
      await formText(locale, tournamentInputSchema, { ...tournament, banner: bad }, 'banner'),
      await formText(locale, tournamentInputSchema, { ...tournament, thumbnail: bad }, 'thumbnail'),
      await formText(locale, competitionInputSchema, { name: 'League', game: 'Fortnite', thumbnail: bad }, 'thumbnail'),
    ]);
    expect([...texts]).toEqual([translator(locale)('errors.validation.imageUrl')]);
  });

  test('an image left out where one is required is "required", not a wrong address', async () => {
    expect(await formText(locale, productInputSchema, { ...product, image: '' }, 'image')).toBe(
      translator(locale)('errors.validation.required'),
    );
  });
});

/** Every leaf of a namespace as [key, text]. */
function leaves(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`));
}
const normal = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');

describe.each(locales)('the catalogue is the only copy of its texts (%s)', (locale) => {
  // the field errors, what a form says when some are wrong, and why an image was refused
  const formCodes = ['VALIDATION_ERROR', 'INVALID_IMAGE', 'IMAGE_DAMAGED', 'IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS'];
  const errors = messages[locale].errors as Record<string, unknown>;
  const catalogue = [
    ...leaves(errors.validation, 'errors.validation'),
    ...formCodes.map((code): [string, string] => [`errors.${code}`, String(errors[code])]),
  ];
  const elsewhere = Object.entries(messages[locale])
    .filter(([namespace]) => namespace !== 'errors')
    .flatMap(([namespace, node]) => leaves(node, namespace));

  test('no namespace keeps its own copy of a field error text (a copy drifts into other words)', () => {
    const texts = new Map(catalogue.map(([key, text]) => [normal(text), key]));
    const copies = elsewhere
      .filter(([, text]) => texts.has(normal(text)))
      .map(([key, text]) => `${key} repeats ${texts.get(normal(text))}: "${text}"`);
    expect(copies).toEqual([]);
  });

  test('every upload refusal has its own text, and a size refusal names its limit', () => {
    const t = translator(locale);
    const codes = ['INVALID_IMAGE', 'IMAGE_DAMAGED', 'IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS'];
    const texts = codes.map((code) => t(`errors.${code}`));
    expect(new Set(texts).size).toBe(codes.length);
    expect(t('errors.INVALID_IMAGE')).toMatch(/PNG, JPEG, WebP, GIF/);
    expect(t('errors.IMAGE_TOO_LARGE')).toContain('2 MB');
    expect(t('errors.IMAGE_TOO_MANY_PIXELS')).toMatch(/8[.,]192/);
  });
});
