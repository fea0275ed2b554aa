import { describe, expect, test } from 'vitest';
import {
  actionFor,
  badgeOf,
  isFull,
  listPhases,
  mayCheckIn,
  mayJoin,
  mayPlayChampionship,
  offersCalendar,
  phaseOf,
  phasesOfListPhase,
  scheduledStatus,
  teamSizeFilterOf,
  type Action,
  type Membership,
  type Phase,
  registrationClosesAt,
  type Schedule,
  type TournamentStatus,
} from '../../../src/features/tournaments/rules.ts';

/**
 * The phase, status and action-button rules (docs/product-rules.md, "Tournament phases and the
 * action button"), row by row. One fixed schedule; `now` walks across every boundary, exactly on
 * it and one millisecond either side, so an off-by-one in a comparison shows up here.
 */
const T = Date.parse('2026-03-10T12:00:00.000Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const schedule = {
  start_registration: iso(T),
  end_registration: null as string | null,
  start_checkin: iso(T + 60 * MIN),
  end_checkin: iso(T + 90 * MIN),
  start_tournament: iso(T + 120 * MIN),
  end_tournament: iso(T + 240 * MIN),
};
const at = (status: TournamentStatus, extra: Partial<Schedule> = {}): Schedule => ({ status, ...schedule, ...extra });
const b = {
  startRegistration: T,
  startCheckin: T + 60 * MIN,
  endCheckin: T + 90 * MIN,
  startTournament: T + 120 * MIN,
  endTournament: T + 240 * MIN,
};

describe('phaseOf with the status following the schedule', () => {
  // [what, now, status the schedule gives, expected phase]
  const rows: [string, number, Phase][] = [
    ['long before registration', b.startRegistration - 7 * 24 * 60 * MIN, 'waiting'],
    ['1 ms before start_registration', b.startRegistration - 1, 'waiting'],
    ['exactly at start_registration', b.startRegistration, 'registration'],
    ['during registration', b.startRegistration + 30 * MIN, 'registration'],
    ['1 ms before start_checkin', b.startCheckin - 1, 'registration'],
    ['exactly at start_checkin', b.startCheckin, 'checkinOpen'],
    ['1 ms before end_checkin', b.endCheckin - 1, 'checkinOpen'],
    ['exactly at end_checkin', b.endCheckin, 'checkinClosed'],
    ['1 ms before start_tournament', b.startTournament - 1, 'checkinClosed'],
    ['exactly at start_tournament', b.startTournament, 'ongoing'],
    ['1 ms before end_tournament', b.endTournament - 1, 'ongoing'],
    ['exactly at end_tournament', b.endTournament, 'complete'],
    ['a day after the end', b.endTournament + 24 * 60 * MIN, 'complete'],
  ];
  test.each(rows)('%s → %s', (_what, now, phase) => {
    const status = scheduledStatus(schedule, now);
    expect(phaseOf(at(status), now)).toBe(phase);
  });
});

describe('scheduledStatus (without an admin status: 0 before start, 1 until end, then 2)', () => {
  test.each([
    ['before start', b.startTournament - 1, 0],
    ['at start', b.startTournament, 1],
    ['just before end', b.endTournament - 1, 1],
    ['at end', b.endTournament, 2],
  ] as const)('%s → %i', (_what, now, status) => expect(scheduledStatus(schedule, now)).toBe(status));

  test('no start date: not started', () =>
    expect(scheduledStatus({ start_tournament: null, end_tournament: null }, T)).toBe(0));
  test('started with no end date: ongoing for good', () =>
    expect(scheduledStatus({ start_tournament: iso(T - MIN), end_tournament: null }, T + 365 * 24 * 60 * MIN)).toBe(1));
});

describe('phaseOf with an admin status (evaluated before the schedule)', () => {
  const moments: [string, number][] = [
    ['before registration', b.startRegistration - MIN],
    ['during registration', b.startRegistration + MIN],
    ['during check-in', b.startCheckin + MIN],
    ['check-in closed', b.endCheckin + MIN],
    ['after the start', b.startTournament + MIN],
    ['after the end', b.endTournament + MIN],
  ];
  test.each(moments)('status 2 is ended whatever the dates (%s)', (_w, now) =>
    expect(phaseOf(at(2), now)).toBe('complete'),
  );
  test.each(moments)('status 1 is ongoing whatever the dates (%s)', (_w, now) =>
    expect(phaseOf(at(1), now)).toBe('ongoing'),
  );
  test.each([
    ['before registration', b.startRegistration - MIN, 'waiting'],
    ['during registration', b.startRegistration + MIN, 'registration'],
    ['during check-in', b.startCheckin + MIN, 'checkinOpen'],
    ['check-in closed', b.endCheckin + MIN, 'checkinClosed'],
    ['after the start', b.startTournament + MIN, 'ongoing'],
    // "from start_tournament (until end, or after end while status is still 0) gives ongoing"
    ['after the end while status is still 0', b.endTournament + 24 * 60 * MIN, 'ongoing'],
  ] as const)('status 0 follows the dates (%s → %s)', (_w, now, phase) => expect(phaseOf(at(0), now)).toBe(phase));
});

describe('phaseOf with missing dates', () => {
  test('no registration date: never "waiting"; registration runs until check-in', () =>
    expect(phaseOf(at(0, { start_registration: null }), b.startRegistration - 60 * MIN)).toBe('registration'));
  test.each([
    ['before the start', b.startTournament - MIN, 'registration'],
    ['at the start', b.startTournament, 'ongoing'],
  ] as const)('no check-in window: registration runs until the start (%s → %s)', (_w, now, phase) =>
    expect(phaseOf(at(0, { start_checkin: null, end_checkin: null }), now)).toBe(phase),
  );
  test('no check-in window: a member can never be offered check-in', () =>
    expect(
      actionFor(phaseOf(at(0, { start_checkin: null, end_checkin: null }), b.startTournament - MIN), {
        loggedIn: true,
        member: true,
        confirmed: false,
      }),
    ).toEqual({ kind: 'leave' }));
  test('no dates at all: ongoing (nothing to wait for)', () =>
    expect(
      phaseOf(
        {
          status: 0,
          start_registration: null,
          end_registration: null,
          start_checkin: null,
          end_checkin: null,
          start_tournament: null,
          end_tournament: null,
        },
        T,
      ),
    ).toBe('ongoing'));
});

describe('actionFor: the action button of each phase and membership', () => {
  const anonymous: Membership = { loggedIn: false, member: false, confirmed: false };
  const visitor: Membership = { loggedIn: true, member: false, confirmed: false };
  const member: Membership = { loggedIn: true, member: true, confirmed: false };
  const confirmed: Membership = { loggedIn: true, member: true, confirmed: true };
  const waitlisted: Membership = { loggedIn: true, member: false, confirmed: false, waitlisted: true };
  const disabled = (label: 'ended' | 'ongoing' | 'waiting' | 'closed'): Action => ({ kind: 'disabled', label });

  // phase → [anonymous, logged-in non-member, member, confirmed member, waitlisted]
  const table: Record<Phase, [Action, Action, Action, Action, Action]> = {
    complete: [disabled('ended'), disabled('ended'), disabled('ended'), disabled('ended'), disabled('ended')],
    ongoing: [disabled('ongoing'), disabled('ongoing'), disabled('ongoing'), disabled('ongoing'), disabled('ongoing')],
    // an anonymous visitor is offered sign-up only where a logged-in player could act now
    waiting: [disabled('waiting'), disabled('waiting'), disabled('waiting'), disabled('waiting'), disabled('waiting')],
    registration: [
      { kind: 'signup' },
      { kind: 'join' },
      { kind: 'leave' },
      { kind: 'leave' },
      { kind: 'leaveWaitlist' },
    ],
    checkinOpen: [
      { kind: 'signup' },
      disabled('closed'),
      { kind: 'checkIn' },
      { kind: 'checkOut' },
      disabled('closed'),
    ],
    registrationClosed: [
      disabled('closed'),
      disabled('closed'),
      disabled('closed'),
      disabled('closed'),
      disabled('closed'),
    ],
    checkinClosed: [disabled('closed'), disabled('closed'), disabled('closed'), disabled('closed'), disabled('closed')],
  };
  const who: [string, Membership][] = [
    ['anonymous', anonymous],
    ['logged-in non-member', visitor],
    ['member', member],
    ['confirmed member', confirmed],
    ['waitlisted', waitlisted],
  ];
  const rows = Object.entries(table).flatMap(([phase, actions]) =>
    who.map(([name, m], i) => ({ phase: phase as Phase, name, m, action: actions[i] })),
  );
  test.each(rows)('$phase, $name → $action.kind $action.label', ({ phase, m, action }) => {
    expect(actionFor(phase, m)).toEqual(action);
  });
});

describe('end_registration closes registration before check-in', () => {
  const closes = T + 30 * MIN;
  const withEnd = (extra: Partial<Schedule> = {}) => at(0, { end_registration: iso(closes), ...extra });
  test.each([
    ['1 ms before end_registration', closes - 1, 'registration'],
    ['exactly at end_registration', closes, 'registrationClosed'],
    ['1 ms before start_checkin', b.startCheckin - 1, 'registrationClosed'],
    ['exactly at start_checkin', b.startCheckin, 'checkinOpen'],
    ['after check-in', b.endCheckin, 'checkinClosed'],
  ] as const)('%s → %s', (_w, now, phase) => expect(phaseOf(withEnd(), now)).toBe(phase));

  test('the server refuses a join once it passed, and the button says registration is closed', () => {
    const phase = phaseOf(withEnd(), closes + MIN);
    expect(mayJoin(phase)).toEqual({ ok: false, code: 'REGISTRATION_CLOSED' });
    expect(actionFor(phase, { loggedIn: true, member: false, confirmed: false })).toEqual({
      kind: 'disabled',
      label: 'closed',
    });
    expect(actionFor(phase, { loggedIn: false, member: false, confirmed: false })).toEqual({
      kind: 'disabled',
      label: 'closed',
    });
  });

  test('without a check-in window it closes registration until the start', () => {
    const s = withEnd({ start_checkin: null, end_checkin: null });
    expect(phaseOf(s, closes - 1)).toBe('registration');
    expect(phaseOf(s, closes)).toBe('registrationClosed');
    expect(phaseOf(s, b.startTournament)).toBe('ongoing');
  });

  test('set after check-in opens, it changes nothing: check-in still closes registration', () => {
    const s = at(0, { end_registration: iso(b.startCheckin + 10 * MIN) });
    expect(phaseOf(s, b.startCheckin - 1)).toBe('registration');
    expect(phaseOf(s, b.startCheckin)).toBe('checkinOpen');
    expect(registrationClosesAt(s)).toBe(iso(b.startCheckin));
  });

  test('registrationClosesAt: the earlier of end_registration and check-in, else the start', () => {
    expect(registrationClosesAt(withEnd())).toBe(iso(closes));
    expect(registrationClosesAt(at(0))).toBe(iso(b.startCheckin));
    expect(registrationClosesAt(at(0, { start_checkin: null, end_checkin: null }))).toBe(iso(b.startTournament));
  });
});

describe('a full tournament', () => {
  const visitor: Membership = { loggedIn: true, member: false, confirmed: false };
  test('is full when every seat is taken', () => {
    expect(isFull(3, 4)).toBe(false);
    expect(isFull(4, 4)).toBe(true);
    expect(isFull(5, 4)).toBe(true);
  });
  test('while registration is open the badge says full and the button offers the waitlist', () => {
    expect(badgeOf('registration', true)).toBe('full');
    expect(badgeOf('registration', false)).toBe('registration');
    expect(actionFor('registration', visitor, true)).toEqual({ kind: 'joinWaitlist' });
    expect(actionFor('registration', visitor, false)).toEqual({ kind: 'join' });
  });
  test('members and waitlisted players still leave; other phases are not about seats', () => {
    expect(actionFor('registration', { ...visitor, member: true }, true)).toEqual({ kind: 'leave' });
    expect(actionFor('registration', { ...visitor, waitlisted: true }, true)).toEqual({ kind: 'leaveWaitlist' });
    expect(actionFor('registration', { ...visitor, loggedIn: false }, true)).toEqual({ kind: 'signup' });
    for (const phase of ['waiting', 'registrationClosed', 'checkinOpen', 'checkinClosed', 'ongoing'] as Phase[])
      expect(badgeOf(phase, true)).toBe(phase);
  });
  test('a player whose team is still waiting for its members is told so instead of a join of their own', () => {
    const pending = { kind: 'disabled', label: 'teamPending' };
    expect(actionFor('registration', { ...visitor, inPendingTeam: true }, false)).toEqual(pending);
    expect(actionFor('registration', { ...visitor, inPendingTeam: true }, true)).toEqual(pending);
    // once registration closes the phase speaks, as for everyone
    expect(actionFor('registrationClosed', { ...visitor, inPendingTeam: true })).toEqual({
      kind: 'disabled',
      label: 'closed',
    });
  });
});

describe('server windows', () => {
  const phases: Phase[] = [
    'complete',
    'ongoing',
    'waiting',
    'registration',
    'registrationClosed',
    'checkinOpen',
    'checkinClosed',
  ];
  test.each(phases)('join and leave only while registration is open (%s)', (p) =>
    expect(mayJoin(p)).toEqual(p === 'registration' ? { ok: true } : { ok: false, code: 'REGISTRATION_CLOSED' }),
  );
  test.each(phases)('check-in and check-out only while check-in is open (%s)', (p) =>
    expect(mayCheckIn(p)).toEqual(p === 'checkinOpen' ? { ok: true } : { ok: false, code: 'CHECKIN_CLOSED' }),
  );
  test.each(phases)('only a member checks in, and only while check-in is open (%s)', (p) => {
    expect(mayCheckIn(p, true).ok).toBe(p === 'checkinOpen');
    expect(mayCheckIn(p, false)).toEqual({ ok: false, code: p === 'checkinOpen' ? 'NOT_A_MEMBER' : 'CHECKIN_CLOSED' });
  });
});

describe('mayPlayChampionship', () => {
  test('a championship tournament wants 16 or older, the birthday itself counting', () => {
    expect(mayPlayChampionship(true, '2010-11-24', '2026-11-24')).toEqual({ ok: true });
    expect(mayPlayChampionship(true, '2010-11-25', '2026-11-24')).toEqual({ ok: false, code: 'CHAMPIONSHIP_AGE' });
    expect(mayPlayChampionship(true, null, '2026-11-24')).toEqual({ ok: false, code: 'CHAMPIONSHIP_AGE' });
  });
  test('any other tournament takes every age, with or without a birth date', () => {
    expect(mayPlayChampionship(false, null, '2026-11-24')).toEqual({ ok: true });
    expect(mayPlayChampionship(false, '2020-01-01', '2026-11-24')).toEqual({ ok: true });
  });
});

describe('offersCalendar', () => {
  test('a scheduled tournament offers it until its end, not from the end on', () => {
    expect(offersCalendar(at(0), b.startRegistration - 1)).toBe(true);
    expect(offersCalendar(at(0), b.startTournament)).toBe(true);
    expect(offersCalendar(at(0), b.endTournament - 1)).toBe(true);
    expect(offersCalendar(at(0), b.endTournament)).toBe(false);
  });
  test('an ended status is no calendar; a status read while running does not keep it past the end', () => {
    expect(offersCalendar(at(2), b.startRegistration)).toBe(false);
    expect(offersCalendar(at(1), b.endTournament - 1)).toBe(true);
    expect(offersCalendar(at(1), b.endTournament)).toBe(false);
    expect(offersCalendar(at(1, { end_tournament: null }), b.endTournament)).toBe(true);
  });
  test('without a start there is nothing to put in a calendar', () => {
    expect(offersCalendar(at(0, { start_tournament: null, end_tournament: null }), b.startRegistration)).toBe(false);
  });
});

describe('the list filters', () => {
  test('every phase is in exactly one phase filter', () => {
    const phases = listPhases.flatMap((lp) => phasesOfListPhase[lp]);
    expect(phases.toSorted()).toEqual(
      ['checkinClosed', 'checkinOpen', 'complete', 'ongoing', 'registration', 'registrationClosed', 'waiting'].sort(),
    );
  });
  test('a team size is solo (none set or one), duo, trio, squad, or five and more', () => {
    expect([null, 1, 2, 3, 4, 5, 100].map(teamSizeFilterOf)).toEqual([
      'solo',
      'solo',
      'duo',
      'trio',
      'squad',
      'large',
      'large',
    ]);
  });
});
