import { describe, expect, test } from 'vitest';
import {
  isMixedScript,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  passwordVerdict,
  scriptsOf,
} from '../../../src/features/accounts/rules.ts';
import {
  passwordChangeFormSchema,
  signupInputSchema as signupFormSchema,
} from '../../../src/features/accounts/ui/account-form-schemas.ts';
import { checkPassword } from '../../../src/features/accounts/server/password-strength.ts';
import { signupInputSchema, userUpdateSchema } from '../../../src/features/accounts/contract.ts';

describe('password strength (length, then the zxcvbn estimate with the common dictionary)', () => {
  test('the numbers of the rule', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MIN_SCORE).toBe(3);
  });

  test.each([
    ['12345678', 'short'],
    ['password', 'short'],
    ['aaaaaaaa', 'short'],
    ['Xk9#pLm2q', 'short'],
    ['1234567890', 'weak'],
    ['password1234', 'weak'],
    ['aaaaaaaaaaaa', 'weak'],
    ['qwertyuiop', 'weak'],
    ['Passw0rd2026', 'weak'],
    ['correct-horse-battery', 'ok'],
    ['demo-player-2026', 'ok'],
    ['Tr0ub4dour&3x', 'ok'],
  ] as const)('%j is %s', (password, verdict) => {
    expect(checkPassword(password)).toBe(verdict);
  });

  test('the estimator is not asked about a password that is too short', () => {
    let asked = 0;
    expect(passwordVerdict('short', () => (asked++, 4))).toBe('short');
    expect(asked).toBe(0);
    expect(passwordVerdict('long enough here', () => 2)).toBe('weak');
    expect(passwordVerdict('long enough here', () => 3)).toBe('ok');
  });

  test('length counts characters, not UTF-16 units', () => {
    expect(passwordVerdict('🔒'.repeat(9), () => 4)).toBe('short');
    expect(passwordVerdict('🔒'.repeat(10), () => 4)).toBe('ok');
  });

  test('the forms check the length before sending; the server schema leaves it to the service (PASSWORD_WEAK)', () => {
    const signup = { username: 'giulia_99', email: 'g@example.com', nickname: 'G', gender: 'female' };
    expect(signupFormSchema.safeParse({ ...signup, password: '123456789' }).success).toBe(false);
    expect(signupFormSchema.safeParse({ ...signup, password: '1234567890' }).success).toBe(true);
    expect(signupInputSchema.safeParse({ ...signup, password: '12345678' }).success).toBe(true);
    const change = passwordChangeFormSchema.safeParse({
      currentPassword: 'old',
      password: 'long-new-secret',
      confirm: 'other',
    });
    expect(change.success).toBe(false);
  });
});

describe('look-alike usernames', () => {
  test.each([
    ['ａｄｍｉｎ', 'admin'],
    ['ＡＤＭＩＮ', 'ADMIN'],
    ['ｍａｒｉｏ９９', 'mario99'],
    ['ﬁnn', 'finn'],
    ['Nicolò', 'Nicolò'],
  ])('NFKC folds %j to %j', (input, output) => {
    expect(normalizeUsername(input)).toBe(output);
  });

  test('the schemas store the folded name', () => {
    const parsed = signupInputSchema.parse({
      username: ' ａｄｍｉｎ ',
      email: 'a@b.it',
      password: 'x',
      nickname: 'A',
      gender: 'male',
    });
    expect(parsed.username).toBe('admin');
    expect(userUpdateSchema.parse({ username: 'ｍａｒｉｏ' }).username).toBe('mario');
  });

  test.each([
    ['\u0430dmin', true], // Cyrillic а + Latin
    ['p\u0430yp\u0430l', true],
    ['admin\u03bf', true], // Greek omicron
    ['admin', false],
    ['Nicolò.x-1', false], // a combining or precomposed accent stays Latin
    ['Nicolo\u0300', false],
    ['иван_42', false],
    ['たなか太郎', false], // Hiragana + Han: one writing system
    ['タナカ_99', false],
    ['김민준', false],
    ['mario_99', false],
    ['1234_.-', false],
    ['abc太郎', true],
  ])('%j mixes scripts: %s', (name, mixed) => {
    expect(isMixedScript(name)).toBe(mixed);
  });

  test('scriptsOf names the scripts of the letters only', () => {
    expect([...scriptsOf('ab_12')]).toEqual(['Latin']);
    expect([...scriptsOf('\u0430b')].sort()).toEqual(['Cyrillic', 'Latin']);
    expect([...scriptsOf('12_.-')]).toEqual([]);
  });
});
