import { describe, expect, test } from 'vitest';
import { bracketWait as waitOf } from '../../../src/features/brackets/ui/bracket-wait.ts';
import { phaseOf, type Schedule } from '../../../src/features/tournaments/rules.ts';

/** as the bracket page asks it: the tournament's phase first */
const bracketWait = (s: Schedule, now: number) => waitOf(phaseOf(s, now));

const H = 3_600_000;
const now = Date.parse('2026-11-28T18:00:00Z');
const at = (hours: number) => new Date(now + hours * H).toISOString();
const schedule = (status: 0 | 1 | 2 = 0) => ({
  status,
  start_registration: at(-5),
  end_registration: null,
  start_checkin: at(-1),
  end_checkin: at(1),
  start_tournament: at(2),
  end_tournament: at(5),
});

describe('bracketWait', () => {
  test('before check-in ends the bracket is still to come', () => {
    expect(bracketWait(schedule(), now)).toBe('checkin');
    expect(bracketWait({ ...schedule(), start_checkin: at(1), end_checkin: at(2) }, now)).toBe('checkin');
  });
  test('from the end of check-in, and while live, only the organisers can generate it', () => {
    expect(bracketWait(schedule(), now + 1.5 * H)).toBe('organiser');
    expect(bracketWait(schedule(), now + 3 * H)).toBe('organiser');
    expect(bracketWait(schedule(1), now)).toBe('organiser');
  });
  test('an ended tournament will not get one', () => {
    expect(bracketWait(schedule(2), now)).toBe('ended');
  });
});
