import { describe, expect, test } from 'vitest';
import { birthDateText, isoBirthDate } from '../../../src/features/accounts/ui/birth-date-text.ts';
import { isMissingDay, signupInputSchema } from '../../../src/features/accounts/ui/account-form-schemas.ts';

describe('a typed birth date', () => {
  test.each([
    ['15/03/2001', '2001-03-15'],
    ['1/2/2001', '2001-02-01'],
    ['15-03-2001', '2001-03-15'],
    ['15.03.2001', '2001-03-15'],
    ['2001-03-15', '2001-03-15'],
    [' 15/03/2001 ', '2001-03-15'],
    ['15/03/01', '15/03/01'],
    ['2001/03/15', '2001/03/15'],
    ['', ''],
  ])('%j is sent as %j', (typed, sent) => {
    expect(isoBirthDate(typed)).toBe(sent);
  });

  test.each([
    ['2000-02-31', true],
    ['2001-02-29', true],
    ['2000-04-31', true],
    ['2000-13-01', true],
    ['2000-00-10', true],
    ['2000-01-00', true],
    ['2000-02-29', false],
    ['1900-02-28', false],
    ['2000-12-31', false],
    // not the format: a format error, not a missing day
    ['1900-2-29', false],
    ['31/02/2000', false],
    ['', false],
  ])('%j names a day the calendar lacks: %s', (iso, missing) => {
    expect(isMissingDay(iso)).toBe(missing);
  });

  test('a stored day is shown day first; anything else as it is', () => {
    expect(birthDateText('2001-03-15')).toBe('15/03/2001');
    expect(birthDateText('')).toBe('');
    expect(birthDateText('15/03/2001')).toBe('15/03/2001');
  });

  test('the signup form sends yyyy-MM-dd for a day typed day first, nothing for an empty field', () => {
    const base = {
      username: 'giulia_99',
      email: 'giulia@example.com',
      password: 'a-long-enough-pass',
      nickname: 'Giulia',
      gender: 'female',
      language: 'it',
      country: 'Italy',
      brand: 'demo',
    };
    const typed = (birth_date: string | undefined) => signupInputSchema.safeParse({ ...base, birth_date });
    expect(typed('15/03/2001')).toMatchObject({ success: true, data: { birth_date: '2001-03-15' } });
    expect(typed('2001-03-15')).toMatchObject({ success: true, data: { birth_date: '2001-03-15' } });
    expect(typed(undefined).data?.birth_date).toBeUndefined();
    // typed in the right format, a day that does not exist says so, not that the format is wrong
    expect(typed('31/02/2001').error?.issues).toEqual([expect.objectContaining({ message: 'birthDateNoSuchDay' })]);
    expect(typed('2001-02-31').error?.issues).toEqual([expect.objectContaining({ message: 'birthDateNoSuchDay' })]);
    expect(typed('31/02/01').error?.issues[0]).toMatchObject({ code: 'invalid_format', path: ['birth_date'] });
  });
});
