import { describe, expect, it } from 'vitest';
import { fieldErrorKey, serverFieldErrors } from '../../../src/platform/browser/form-errors.ts';
import { errorKey } from '../../../src/platform/ui/use-t.ts';
import { accountCodeFields } from '../../../src/features/accounts/ui/code-fields.ts';

describe('fieldErrorKey', () => {
  it.each([
    ['email', { type: 'invalid_format', message: 'Invalid email address' }, '', 'errors.validation.required'],
    ['email', { type: 'invalid_format', message: 'Invalid email address' }, 'nope', 'errors.validation.email'],
    ['password', { type: 'too_small', message: 'Too small', minimum: 10 }, 'short', 'errors.validation.passwordMin'],
    ['username', { type: 'too_small', message: 'Too small' }, 'ab', 'errors.validation.usernameMin'],
    ['username', { type: 'invalid_format', message: 'username' }, 'a b', 'errors.validation.usernameFormat'],
    [
      'birth_date',
      { type: 'invalid_format', message: 'Invalid ISO date' },
      '2001-13-40',
      'errors.validation.birthDateInvalid',
    ],
    ['birth_date', { type: 'custom', message: 'future' }, '2999-01-01', 'errors.validation.birthDateFuture'],
    [
      'birth_date',
      { type: 'custom', message: 'birthDateNoSuchDay' },
      '31/02/2000',
      'errors.validation.birthDateNoSuchDay',
    ],
    ['birth_date', { type: 'custom', message: 'BIRTH_DATE_TOO_EARLY' }, '1899-12-31', 'errors.BIRTH_DATE_TOO_EARLY'],
    ['gender', { type: 'invalid_value', message: 'Invalid option' }, '', 'errors.validation.required'],
    ['nickname', { type: 'too_big', message: 'Too big' }, 'x'.repeat(40), 'errors.validation.tooLong'],
    ['confirm', { type: 'custom', message: 'mismatch' }, 'abc', 'errors.validation.passwordMismatch'],
    ['gameAccounts.0.username', { type: 'too_small', message: 'Too small' }, '', 'errors.validation.required'],
    ['email', { type: 'code', message: 'EMAIL_TAKEN' }, 'a@b.it', 'errors.EMAIL_TAKEN'],
    // the server's refusal of an address reads like the form's own
    ['email', { type: 'server', message: 'Invalid email address' }, 'x@y', 'errors.validation.email'],
  ])('%s %o with %j is %s', (field, error, value, key) => {
    expect(fieldErrorKey(field, error, value).key).toBe(key);
  });
});

describe('serverFieldErrors', () => {
  const fields = ['username', 'email', 'password', 'gameAccounts'];

  it('puts a taken e-mail or username on its field, as the accounts name their codes', () => {
    expect(serverFieldErrors({ code: 'EMAIL_TAKEN' }, fields, accountCodeFields)).toEqual([
      { field: 'email', error: { type: 'code', message: 'EMAIL_TAKEN' } },
    ]);
    expect(serverFieldErrors({ code: 'USERNAME_TAKEN' }, fields, accountCodeFields)).toEqual([
      { field: 'username', error: { type: 'code', message: 'USERNAME_TAKEN' } },
    ]);
  });

  it('maps body issues to the form fields and ignores the others', () => {
    const failure = {
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'body.email', message: 'Invalid email address' },
        { path: 'body.gameAccounts.1.console', message: 'Invalid option' },
        { path: 'body.token', message: 'Too small' },
      ],
    };
    expect(serverFieldErrors(failure, fields)).toEqual([
      { field: 'email', error: { type: 'server', message: 'Invalid email address' } },
      { field: 'gameAccounts.1.console', error: { type: 'server', message: 'Invalid option' } },
    ]);
  });

  it('is empty for failures that are not about a field', () => {
    expect(serverFieldErrors({ code: 'NETWORK_ERROR' }, fields)).toEqual([]);
    expect(serverFieldErrors({ code: 'EMAIL_TAKEN' }, ['password'], accountCodeFields)).toEqual([]);
    // a code no form's map names stays off the fields
    expect(serverFieldErrors({ code: 'EMAIL_TAKEN' }, fields)).toEqual([]);
  });
});

describe('errorKey', () => {
  const known = new Set(['errors.INVALID_CREDENTIALS', 'errors.INTERNAL_ERROR']);
  it('uses the catalogue text, or the generic one for an unknown code', () => {
    expect(errorKey('INVALID_CREDENTIALS', (k) => known.has(k))).toBe('errors.INVALID_CREDENTIALS');
    expect(errorKey('SOMETHING_NEW', (k) => known.has(k))).toBe('errors.INTERNAL_ERROR');
  });
});
