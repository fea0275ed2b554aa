import { describe, expect, test } from 'vitest';
import {
  actionFor,
  freedSeatFillsItself,
  mayManageRoster,
  type Phase,
} from '../../../src/features/tournaments/rules.ts';

const phases: Phase[] = [
  'waiting',
  'registration',
  'registrationClosed',
  'checkinOpen',
  'checkinClosed',
  'ongoing',
  'complete',
];

describe('the match-day roster rules', () => {
  test.each(phases)('%s: the admin may change the roster (add, check in on behalf…) until the end', (phase) => {
    expect(mayManageRoster(phase)).toEqual(
      phase === 'complete' ? { ok: false, code: 'TOURNAMENT_ENDED' } : { ok: true },
    );
  });

  test.each(phases)('%s: a freed seat goes to the first in line only before registration closes', (phase) => {
    expect(freedSeatFillsItself(phase)).toBe(phase === 'waiting' || phase === 'registration');
  });

  test('a disqualified player is offered no action in any phase where they could act', () => {
    for (const phase of ['registration', 'checkinOpen', 'checkinClosed', 'waiting'] as Phase[])
      expect(actionFor(phase, { loggedIn: true, member: false, confirmed: false, disqualified: true })).toEqual({
        kind: 'disabled',
        label: 'disqualified',
      });
    // the end and a live tournament say what they always say
    expect(actionFor('complete', { loggedIn: true, member: false, confirmed: false, disqualified: true })).toEqual({
      kind: 'disabled',
      label: 'ended',
    });
  });
});
