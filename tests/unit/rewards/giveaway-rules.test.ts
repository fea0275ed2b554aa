import { describe, expect, it } from 'vitest';
import { expiryIssue } from '../../../src/features/rewards/giveaway-rules.ts';
import { fieldErrorKey } from '../../../src/platform/browser/form-errors.ts';

const now = Date.UTC(2026, 10, 25, 12, 0);
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('a timed giveaway expires in the future', () => {
  it('refuses a new expiry that is now or has passed, accepts a later one', () => {
    expect(expiryIssue({ type: 'timed', expiresAt: at(-60) }, now)).toBe('dateInPast');
    expect(expiryIssue({ type: 'timed', expiresAt: at(0) }, now)).toBe('dateInPast');
    expect(expiryIssue({ type: 'timed', expiresAt: at(1) }, now)).toBeNull();
  });

  it('has nothing to say about codes without an expiry or a date the schema refuses', () => {
    expect(expiryIssue({ type: 'infinite', expiresAt: at(-60) }, now)).toBeNull();
    expect(expiryIssue({ type: 'limited', expiresAt: at(-60) }, now)).toBeNull();
    expect(expiryIssue({ type: 'timed', expiresAt: null }, now)).toBeNull();
    expect(expiryIssue({ type: 'timed', expiresAt: 'tomorrow' }, now)).toBeNull();
  });

  it('lets an edit keep the stored expiry, even a passed one (to the minute, as the form sends it)', () => {
    const stored = new Date(now - 3 * 86_400_000 + 42_000).toISOString();
    expect(expiryIssue({ type: 'timed', expiresAt: stored }, now, stored)).toBeNull();
    const minuteOfStored = new Date(Math.floor(Date.parse(stored) / 60_000) * 60_000).toISOString();
    expect(expiryIssue({ type: 'timed', expiresAt: minuteOfStored }, now, stored)).toBeNull();
  });

  it('checks a changed expiry again: moved to another past date, set on a code that had none', () => {
    expect(expiryIssue({ type: 'timed', expiresAt: at(-120) }, now, at(-60))).toBe('dateInPast');
    expect(expiryIssue({ type: 'timed', expiresAt: at(-120) }, now, null)).toBe('dateInPast');
    expect(expiryIssue({ type: 'timed', expiresAt: at(60) }, now, at(-60))).toBeNull();
  });

  it('is shown as errors.validation.dateInPast, from the form and from the server', () => {
    expect(fieldErrorKey('expiresAt', { type: 'custom', message: 'dateInPast' }, '2026-01-01T10:00').key).toBe(
      'errors.validation.dateInPast',
    );
    expect(fieldErrorKey('expiresAt', { type: 'server', message: 'dateInPast' }, '2026-01-01T10:00').key).toBe(
      'errors.validation.dateInPast',
    );
  });
});
