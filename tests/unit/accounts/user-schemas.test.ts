import { describe, expect, test } from 'vitest';
import {
  birthDateSchema,
  gameAccountSchema,
  loginInputSchema,
  publicUserSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupInputSchema,
  userUpdateSchema,
} from '../../../src/features/accounts/contract.ts';
import { settingsSchema } from '../../../src/features/accounts/ui/account-form-schemas.ts';

const validSignup = {
  username: 'giulia_99',
  email: 'Giulia@Example.com',
  password: 'correct-horse',
  nickname: 'Giuli',
  gender: 'female',
};
const long = 'x'.repeat(10_000);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('signupInputSchema', () => {
  test('fills the defaults and normalises the e-mail', () => {
    const parsed = signupInputSchema.parse({ ...validSignup, email: '  Giulia@Example.COM ' });
    expect(parsed).toMatchObject({ email: 'giulia@example.com', country: 'Italy' });
    // no language: the route takes the request's
    expect(parsed.language).toBeUndefined();
    expect(parsed.birth_date).toBeUndefined();
  });

  test('drops fields it does not know (roles cannot be set at signup)', () => {
    const parsed = signupInputSchema.parse({ ...validSignup, roles: ['SiteAdmin'], id: 'x' });
    expect(parsed).not.toHaveProperty('roles');
    expect(parsed).not.toHaveProperty('id');
  });

  test.each([
    ['accented username', { username: 'Nicolò.x-1' }],
    ['english speaker', { language: 'en' }],
    ['birth date', { birth_date: '2001-02-28' }],
    ['leap day', { birth_date: '2000-02-29' }],
    ['another country', { country: 'Switzerland' }],
    ['a brand', { brand: 'arena' }],
    ['every gender', { gender: 'nonbinary' }],
    // the strength rule (10 characters, zxcvbn) is the service's, answered as PASSWORD_WEAK
    ['a short password (left to the strength rule)', { password: '12345678' }],
    ['longest password', { password: 'p'.repeat(128) }],
  ])('accepts %s', (_name, change) => {
    expect(signupInputSchema.safeParse({ ...validSignup, ...change }).success).toBe(true);
  });

  test.each([
    ['no username', { username: undefined }],
    ['short username', { username: 'ab' }],
    ['username with spaces', { username: 'gi ulia' }],
    ['username with @', { username: 'gi@ulia' }],
    ['oversized username', { username: long }],
    ['no email', { email: undefined }],
    ['bad email', { email: 'not-an-email' }],
    ['oversized email', { email: `${'a'.repeat(10_000)}@example.com` }],
    ['no password', { password: undefined }],
    ['empty password', { password: '' }],
    ['oversized password', { password: 'p'.repeat(129) }],
    ['no nickname', { nickname: undefined }],
    ['blank nickname', { nickname: '   ' }],
    ['oversized nickname', { nickname: long }],
    ['no gender', { gender: undefined }],
    ['unknown gender', { gender: 'other' }],
    ['unknown language', { language: 'de' }],
    ['upper-case language', { language: 'IT' }],
    ['birth date in the future', { birth_date: tomorrow }],
    ['birth date before 1900', { birth_date: '1899-12-31' }],
    ['birth date not a calendar day', { birth_date: '2001-02-30' }],
    ['birth date in another format', { birth_date: '17/05/2000' }],
    ['numeric username', { username: 12345 }],
    ['array email', { email: ['a@b.it'] }],
    ['boolean password', { password: true }],
    ['object nickname', { nickname: { a: 1 } }],
    ['oversized country', { country: long }],
    ['NUL in nickname', { nickname: 'a\u0000b' }],
  ])('rejects %s', (_name, change) => {
    expect(signupInputSchema.safeParse({ ...validSignup, ...change }).success).toBe(false);
  });
});

describe('loginInputSchema', () => {
  test.each([
    [{ email: 'A@B.it', password: 'x' }, true],
    [{ email: 'a@b.it', password: '' }, false],
    [{ email: 'a@b.it' }, false],
    [{ password: 'x' }, false],
    [{ email: 'nope', password: 'x' }, false],
    [{ email: 'a@b.it', password: 'p'.repeat(129) }, false],
    [{ email: 'a@b.it', password: 123 }, false],
  ])('%j valid: %s', (input, ok) => {
    expect(loginInputSchema.safeParse(input).success).toBe(ok);
  });
  test('lower-cases the e-mail so login matches the stored address', () => {
    expect(loginInputSchema.parse({ email: ' Mario@Rossi.IT ', password: 'x' }).email).toBe('mario@rossi.it');
  });
});

describe('gameAccountSchema', () => {
  test.each([
    [{ username: 'ninja', game: 'Fortnite', console: 'PC' }, true],
    [{ username: 'ninja', id: 'abc', game: 'EAFC25', console: 'PS5' }, true],
    [{ username: 'ninja', game: 'Minecraft', console: 'PC' }, false],
    [{ username: 'ninja', game: 'Fortnite', console: 'GAMECUBE' }, false],
    [{ username: 'ninja', game: 'fortnite', console: 'PC' }, false],
    [{ username: '', game: 'Fortnite', console: 'PC' }, false],
    [{ game: 'Fortnite', console: 'PC' }, false],
    [{ username: 'x'.repeat(65), game: 'Fortnite', console: 'PC' }, false],
  ])('%j valid: %s', (input, ok) => {
    expect(gameAccountSchema.safeParse(input).success).toBe(ok);
  });
  test('defaults the platform id to empty', () => {
    expect(gameAccountSchema.parse({ username: 'n', game: 'Valorant', console: 'PC' }).id).toBe('');
  });
});

describe('userUpdateSchema', () => {
  test('every field is optional', () => {
    expect(userUpdateSchema.parse({})).toEqual({});
  });
  test('drops roles and id from the body', () => {
    expect(userUpdateSchema.parse({ roles: ['SiteAdmin'], id: 'other', city: 'Milano' })).toEqual({ city: 'Milano' });
  });
  test('birth date may be cleared with null', () => {
    expect(userUpdateSchema.parse({ birth_date: null })).toEqual({ birth_date: null });
  });
  test.each([
    [
      'address',
      {
        first_name: 'Mario',
        last_name: 'Rossi',
        street_name: 'Via Roma 1',
        zip_code: '20100',
        city: 'Milano',
        country: 'Italy',
      },
      true,
    ],
    ['empty game accounts', { gameAccounts: [] }, true],
    [
      '20 game accounts',
      { gameAccounts: Array.from({ length: 20 }, (_, i) => ({ username: `u${i}`, game: 'Fortnite', console: 'PC' })) },
      true,
    ],
    [
      '21 game accounts',
      { gameAccounts: Array.from({ length: 21 }, (_, i) => ({ username: `u${i}`, game: 'Fortnite', console: 'PC' })) },
      false,
    ],
    ['game accounts not a list', { gameAccounts: { username: 'u', game: 'Fortnite', console: 'PC' } }, false],
    [
      'unknown console in a game account',
      { gameAccounts: [{ username: 'u', game: 'Fortnite', console: 'DREAMCAST' }] },
      false,
    ],
    ['unknown gender', { gender: 'robot' }, false],
    ['unknown language', { language: 'fr' }, false],
    ['oversized city', { city: long }, false],
    ['oversized zip code', { zip_code: '1'.repeat(17) }, false],
    ['numeric zip code', { zip_code: 20100 }, false],
    ['bad e-mail', { email: 'mario' }, false],
    ['NUL in discordId', { discordId: 'a\u0000' }, false],
  ])('%s valid: %s', (_name, input, ok) => {
    expect(userUpdateSchema.safeParse(input).success).toBe(ok);
  });
});

describe('settingsSchema (the account tab of /settings)', () => {
  const account = {
    username: 'giulia_99',
    email: 'giulia@example.com',
    nickname: 'Giuli',
    gender: 'female',
    discordId: '',
    epicId: '',
    language: 'it',
    gameAccounts: [],
    publicProfile: true,
  };
  const birthDate = (birth_date: string) => settingsSchema.safeParse({ ...account, birth_date });

  test('an empty birth date is none (null); a real day is kept', () => {
    expect(birthDate('')).toMatchObject({ success: true, data: { birth_date: null } });
    expect(birthDate('2001-03-15')).toMatchObject({ success: true, data: { birth_date: '2001-03-15' } });
  });

  test.each([
    ['15/03/2001', '2001-03-15'],
    ['5.3.2001', '2001-03-05'],
    [' 2001-03-15 ', '2001-03-15'],
  ])('reads %j, typed day first or as the API writes it, as %s', (typed, day) => {
    expect(birthDate(typed)).toMatchObject({ success: true, data: { birth_date: day } });
  });

  test.each([
    ['15-2001-03', undefined],
    ['30/02/2001', 'birthDateNoSuchDay'],
    ['2001-02-30', 'birthDateNoSuchDay'],
    [tomorrow, 'future'],
    ['1899-12-31', 'BIRTH_DATE_TOO_EARLY'],
  ])('refuses %s as signup does', (day, message) => {
    const res = birthDate(day);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].path).toEqual(['birth_date']);
    if (message) expect(res.error?.issues[0].message).toBe(message);
    expect(signupInputSchema.safeParse({ ...validSignup, birth_date: day }).success).toBe(false);
  });
});

describe('password reset schemas', () => {
  test.each([
    [{ email: 'a@b.it' }, true],
    [{ email: 'a@b.it', language: 'en' }, true],
    [{ email: 'a@b.it', language: 'es' }, false],
    [{}, false],
    [{ email: 'not-mail' }, false],
  ])('reset request %j valid: %s', (input, ok) => {
    expect(resetRequestSchema.safeParse(input).success).toBe(ok);
  });
  test.each([
    [{ token: 'a'.repeat(43), password: 'new-password' }, true],
    [{ token: 'short', password: 'new-password' }, false],
    [{ token: 'a'.repeat(201), password: 'new-password' }, false],
    [{ token: 'a'.repeat(43), password: '' }, false],
    [{ token: 'a'.repeat(43), password: 'p'.repeat(129) }, false],
    [{ token: 'a'.repeat(43) }, false],
  ])('reset %j valid: %s', (input, ok) => {
    expect(resetPasswordSchema.safeParse(input).success).toBe(ok);
  });
});

describe('birthDateSchema', () => {
  test.each([
    ['2000-01-01', true],
    ['1999-12-31', true],
    [new Date().toISOString().slice(0, 10), true],
    [tomorrow, false],
    ['2000-13-01', false],
    ['2000-1-1', false],
    ['', false],
  ])('%j valid: %s', (input, ok) => {
    expect(birthDateSchema.safeParse(input).success).toBe(ok);
  });
});

test('the public profile shows only id, username, nickname and display name', () => {
  const full = {
    id: '1',
    username: 'u',
    nickname: 'n',
    displayName: 'd',
    email: 'secret@x.it',
    roles: ['SiteAdmin'],
    phone_number: '123',
  };
  expect(publicUserSchema.parse(full)).toEqual({ id: '1', username: 'u', nickname: 'n', displayName: 'd' });
});
