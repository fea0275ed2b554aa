import { describe, expect, it } from 'vitest';
import { scheduleIssues, type Schedule } from '../../../src/features/tournaments/schedule-order.ts';
import { fieldErrorKey } from '../../../src/platform/browser/form-errors.ts';

const at = (h: number) => new Date(Date.UTC(2026, 11, 1) + h * 3_600_000).toISOString();
/** registration 1–3, check-in 3–4, start 5, end 8 */
const ordered: Schedule = {
  start_registration: at(1),
  end_registration: at(3),
  start_checkin: at(3),
  end_checkin: at(4),
  start_tournament: at(5),
  end_tournament: at(8),
};

describe('schedule order', () => {
  it('accepts an ordered schedule, equal neighbours, gaps and an empty one', () => {
    expect(scheduleIssues(ordered)).toEqual({});
    expect(
      scheduleIssues({
        start_registration: at(1),
        end_registration: at(5),
        start_checkin: at(5),
        end_checkin: at(5),
        start_tournament: at(5),
        end_tournament: at(5),
      }),
    ).toEqual({});
    expect(
      scheduleIssues({ start_registration: at(1), start_checkin: null, end_checkin: at(3), start_tournament: at(4) }),
    ).toEqual({});
    expect(scheduleIssues({})).toEqual({});
  });

  it('refuses registration closing after the start, on the closing date', () => {
    expect(scheduleIssues({ ...ordered, end_registration: at(6) })).toEqual({ end_registration: 'afterStart' });
  });

  it('gives each wrong date its own message', () => {
    expect(scheduleIssues({ ...ordered, end_registration: at(0) })).toEqual({
      end_registration: 'beforeRegistrationOpens',
    });
    expect(scheduleIssues({ ...ordered, start_checkin: at(0) })).toEqual({ start_checkin: 'beforeRegistrationOpens' });
    expect(scheduleIssues({ ...ordered, end_checkin: at(2) })).toEqual({ end_checkin: 'beforeCheckinOpens' });
    expect(scheduleIssues({ ...ordered, end_tournament: at(4) })).toEqual({ end_tournament: 'beforeStart' });
    expect(scheduleIssues({ ...ordered, start_registration: at(6), end_registration: at(6) })).toEqual({
      start_registration: 'afterStart',
      end_registration: 'afterStart',
      start_checkin: 'beforeRegistrationOpens',
    });
    // registration closing after the start is at fault, not the end that follows the start
    expect(scheduleIssues({ ...ordered, end_registration: at(9) })).toEqual({ end_registration: 'afterStart' });
    // check-in closing after the start is at fault, not the end
    expect(scheduleIssues({ ...ordered, end_checkin: at(9) })).toEqual({ end_checkin: 'afterStart' });
  });

  it('blames the dates that must come before the start, not the start, when the start is too early', () => {
    expect(scheduleIssues({ ...ordered, start_tournament: at(2) })).toEqual({
      end_registration: 'afterStart',
      start_checkin: 'afterStart',
      end_checkin: 'afterStart',
    });
  });

  it('compares with the next date that is set when one is missing', () => {
    const noStart = { ...ordered, start_tournament: null };
    expect(scheduleIssues({ ...noStart, end_tournament: at(3.5) })).toEqual({ end_tournament: 'beforeCheckinCloses' });
    expect(scheduleIssues({ ...noStart, end_checkin: null, end_tournament: at(2) })).toEqual({
      end_tournament: 'beforeCheckinOpens',
    });
    expect(scheduleIssues({ start_registration: at(3), end_registration: at(4), end_tournament: at(3.5) })).toEqual({
      end_tournament: 'beforeRegistrationCloses',
    });
    expect(scheduleIssues({ start_registration: at(3), end_tournament: at(2) })).toEqual({
      end_tournament: 'beforeRegistrationOpens',
    });
    expect(scheduleIssues({ start_registration: at(3), end_checkin: at(2) })).toEqual({
      end_checkin: 'beforeRegistrationOpens',
    });
  });

  it('leaves unreadable dates to the format check', () => {
    expect(scheduleIssues({ ...ordered, end_registration: 'not a date' })).toEqual({});
  });

  it('on an edit, checks the dates that change against every other, not two that stay as saved', () => {
    // saved before registration had to close by the start
    const stored: Schedule = { ...ordered, end_registration: at(6) };
    expect(scheduleIssues(stored, stored)).toEqual({});
    expect(scheduleIssues({ ...stored, end_tournament: at(9) }, stored)).toEqual({});
    // the form sends the stored minute back: unchanged
    expect(
      scheduleIssues(
        { ...stored, end_registration: new Date(Date.UTC(2026, 11, 1, 6, 0, 0)).toISOString() },
        { ...stored, end_registration: new Date(Date.UTC(2026, 11, 1, 6, 0, 42)).toISOString() },
      ),
    ).toEqual({});
    // moving either date of the broken pair checks it again
    expect(scheduleIssues({ ...stored, end_registration: at(7) }, stored)).toEqual({ end_registration: 'afterStart' });
    expect(scheduleIssues({ ...stored, start_tournament: at(5.5) }, stored)).toEqual({
      end_registration: 'afterStart',
    });
    // a date set where there was none is a change
    expect(scheduleIssues({ ...ordered, end_checkin: at(6) }, { ...ordered, end_checkin: null })).toEqual({
      end_checkin: 'afterStart',
    });
  });

  it('shows each message as errors.validation.<kind>, from the form and from the server', () => {
    for (const kind of [
      'afterStart',
      'beforeStart',
      'beforeRegistrationOpens',
      'beforeRegistrationCloses',
      'beforeCheckinOpens',
      'beforeCheckinCloses',
    ]) {
      expect(fieldErrorKey('end_registration', { type: 'custom', message: kind }, '2026-12-01T06:00').key).toBe(
        `errors.validation.${kind}`,
      );
      expect(fieldErrorKey('end_registration', { type: 'server', message: kind }, '2026-12-01T06:00').key).toBe(
        `errors.validation.${kind}`,
      );
    }
  });
});
