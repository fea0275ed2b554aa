import type { ScheduleKey } from './schedule-order.ts';

/**
 * The rules of a tournament, pure and in one place, shared by the UI (badge, button) and the server
 * (which refuses what they refuse), so the two can never disagree: the phase, the
 * action button, and one named predicate per question a player asks (may I join? may I check in?).
 */
export type TournamentStatus = 0 | 1 | 2;

/**
 * A tournament's dates (ISO instants, null when unset) and its status. Registration closes at
 * end_registration when set (and earlier), else when check-in opens (or the tournament starts).
 */
export interface Schedule extends Record<ScheduleKey, string | null> {
  /** 0 not started, 1 ongoing, 2 ended: the admin's value when set, else from the schedule */
  status: TournamentStatus;
}

/** Phase names, also the card styling names. */
export type Phase =
  'complete' | 'ongoing' | 'waiting' | 'registration' | 'registrationClosed' | 'checkinOpen' | 'checkinClosed';

const t = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);
const before = (now: number, iso: string | null) => !Number.isNaN(t(iso)) && now < t(iso);

/** Status from the schedule alone: 0 before start_tournament, 1 until end_tournament, then 2. */
export function scheduledStatus(
  s: Pick<Schedule, 'start_tournament' | 'end_tournament'>,
  now: number,
): TournamentStatus {
  if (Number.isNaN(t(s.start_tournament)) || now < t(s.start_tournament)) return 0;
  if (Number.isNaN(t(s.end_tournament)) || now < t(s.end_tournament)) return 1;
  return 2;
}

/** The phase, evaluated in order (docs/product-rules.md "Tournament phases"). */
export function phaseOf(s: Schedule, now: number = Date.now()): Phase {
  if (s.status === 2) return 'complete';
  if (s.status === 1) return 'ongoing';
  if (before(now, s.start_registration)) return 'waiting';
  // registration closes at end_registration when set, and at the latest when check-in opens (or,
  // without a check-in window, when the tournament starts)
  const closesBy = s.start_checkin ?? s.start_tournament;
  if (before(now, closesBy) && (Number.isNaN(t(s.end_registration)) || now < t(s.end_registration)))
    return 'registration';
  if (before(now, s.start_checkin)) return 'registrationClosed';
  if (s.start_checkin && before(now, s.end_checkin)) return 'checkinOpen';
  if (before(now, s.start_tournament)) return s.start_checkin ? 'checkinClosed' : 'registrationClosed';
  return 'ongoing';
}

/**
 * The phases a visitor filters the tournament list by: registration open, check-in open, live, ended,
 * and upcoming for the rest of what has not started (registration not open yet, or closed before
 * check-in or the start). Each phase is in exactly one of them.
 */
export const listPhases = ['registration', 'checkin', 'live', 'ended', 'upcoming'] as const;
export type ListPhase = (typeof listPhases)[number];
export const phasesOfListPhase: Record<ListPhase, readonly Phase[]> = {
  registration: ['registration'],
  checkin: ['checkinOpen'],
  live: ['ongoing'],
  ended: ['complete'],
  upcoming: ['waiting', 'registrationClosed', 'checkinClosed'],
};

/** The team sizes a visitor filters the list by: solo (one player, or none set), duo, trio, squad (4), five or more. */
export const teamSizeFilters = ['solo', 'duo', 'trio', 'squad', 'large'] as const;
export type TeamSizeFilter = (typeof teamSizeFilters)[number];
export function teamSizeFilterOf(teamSize: number | null): TeamSizeFilter {
  if (!teamSize || teamSize <= 1) return 'solo';
  return teamSize >= 5 ? 'large' : teamSizeFilters[teamSize - 1]!;
}

/** The moment registration closes: end_registration when set and earlier, else check-in's opening, else the start. */
export function registrationClosesAt(s: Schedule): string | null {
  const closesBy = s.start_checkin ?? s.start_tournament;
  if (Number.isNaN(t(s.end_registration))) return closesBy;
  return Number.isNaN(t(closesBy)) || t(s.end_registration) < t(closesBy) ? s.end_registration : closesBy;
}

/** Is every seat taken? A join then goes on the waitlist. */
export const isFull = (members: number, maxParticipants: number) => members >= maxParticipants;

/** What the phase badge says: the phase, or "full" while registration is open and every seat is taken. */
export type Badge = Phase | 'full';
export const badgeOf = (phase: Phase, full: boolean): Badge => (phase === 'registration' && full ? 'full' : phase);

export type Action =
  | { kind: 'signup' }
  | { kind: 'join' }
  | { kind: 'joinWaitlist' }
  | { kind: 'leave' }
  | { kind: 'leaveWaitlist' }
  | { kind: 'checkIn' }
  | { kind: 'checkOut' }
  | {
      kind: 'disabled';
      label: 'ended' | 'ongoing' | 'waiting' | 'closed' | 'disqualified' | 'teamPending';
    };

export interface Membership {
  loggedIn: boolean;
  member: boolean;
  confirmed: boolean;
  waitlisted?: boolean;
  /** an admin disqualified them: no join, no check-in in this tournament */
  disqualified?: boolean;
  /**
   * they accepted a place (its captain included) in a team still waiting for its members: the team takes its seat, or
   * its place in the queue, once whole, so a join of their own is not theirs to make meanwhile
   */
  inPendingTeam?: boolean;
}

/**
 * The action button for one visitor. `full`: every seat is taken, so a join goes on the waitlist
 * (the button says so). An anonymous visitor is offered sign-up (which leads to login) only when a
 * logged-in player could act now (registration or check-in open); otherwise they read the phase's
 * disabled label, as a player does.
 */
export function actionFor(phase: Phase, m: Membership, full = false): Action {
  if (phase === 'complete') return { kind: 'disabled', label: 'ended' };
  if (phase === 'ongoing') return { kind: 'disabled', label: 'ongoing' };
  if (!m.loggedIn) {
    if (phase === 'waiting') return { kind: 'disabled', label: 'waiting' };
    return phase === 'registration' || phase === 'checkinOpen'
      ? { kind: 'signup' }
      : { kind: 'disabled', label: 'closed' };
  }
  if (m.disqualified) return { kind: 'disabled', label: 'disqualified' };
  if (phase === 'waiting') return { kind: 'disabled', label: 'waiting' };
  if (mayJoin(phase).ok) {
    if (m.member) return { kind: 'leave' };
    if (m.waitlisted) return { kind: 'leaveWaitlist' };
    if (m.inPendingTeam) return { kind: 'disabled', label: 'teamPending' };
    return full ? { kind: 'joinWaitlist' } : { kind: 'join' };
  }
  if (mayCheckIn(phase, m.member).ok) return m.confirmed ? { kind: 'checkOut' } : { kind: 'checkIn' };
  return { kind: 'disabled', label: 'closed' };
}

/** A rule's answer: yes, or no with the error code the server sends and the page translates. */
export type Verdict<Code extends string> = { ok: true } | { ok: false; code: Code };
const yes = { ok: true } as const;
const no = <Code extends string>(code: Code) => ({ ok: false, code }) as const;

/** May a player join, or leave, now? Only while registration is open. */
export function mayJoin(phase: Phase): Verdict<'REGISTRATION_CLOSED'> {
  return phase === 'registration' ? yes : no('REGISTRATION_CLOSED');
}

/**
 * May a player check in (or out) now? While check-in is open, and only a member (not a waitlisted
 * player). `member` unknown (the server before its atomic write, which tells) asks about the window alone.
 */
export function mayCheckIn(phase: Phase, member?: boolean): Verdict<'CHECKIN_CLOSED' | 'NOT_A_MEMBER'> {
  if (phase !== 'checkinOpen') return no('CHECKIN_CLOSED');
  return member === false ? no('NOT_A_MEMBER') : yes;
}

/**
 * Who may play the sponsored championship (the FAQ: 16 or older). A tournament belongs to the
 * championship when it has a competition; the join checks the player's birth date against it.
 */
export const CHAMPIONSHIP_MIN_AGE = 16;

/**
 * True when a player born on `birthDate` (yyyy-MM-dd) is at least `minAge` on `today`
 * (yyyy-MM-dd, UTC). No birth date: not known to be old enough, so false. The birthday itself
 * counts: the cutoff is today's month and day, `minAge` years back, compared as text.
 */
export function isOldEnough(
  birthDate: string | null | undefined,
  today: string,
  minAge: number = CHAMPIONSHIP_MIN_AGE,
): boolean {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return false;
  const year = Number(today.slice(0, 4)) - minAge;
  const cutoff = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  return birthDate <= cutoff;
}

/**
 * May a player born on `birthDate` play this tournament? A championship one (with a competition) wants
 * CHAMPIONSHIP_MIN_AGE.
 */
export function mayPlayChampionship(
  championship: boolean,
  birthDate: string | null | undefined,
  today: string,
): Verdict<'CHAMPIONSHIP_AGE'> {
  return !championship || isOldEnough(birthDate, today) ? yes : no('CHAMPIONSHIP_AGE');
}

// ---------------------------------------------------------------------------------------------
// the match-day roster: what an admin may do to one player

/**
 * May an admin remove, promote, reorder or add players, or check a member in or out on their
 * behalf, now? At any time until the tournament has ended: on match day a late arrival is checked
 * in, or added, by hand without touching the schedule.
 */
export function mayManageRoster(phase: Phase): Verdict<'TOURNAMENT_ENDED'> {
  return phase === 'complete' ? no('TOURNAMENT_ENDED') : yes;
}

/**
 * Is "add to calendar" worth offering? Only for a scheduled tournament before it ends: not once it is
 * over (ended by the admin, or its scheduled end has passed, whatever status was read earlier), when
 * there is nothing left to put in a calendar.
 */
export function offersCalendar(s: Schedule, now: number = Date.now()): boolean {
  if (!s.start_tournament || phaseOf(s, now) === 'complete') return false;
  return !s.end_tournament || before(now, s.end_tournament);
}

/**
 * Does a seat an admin frees (a removal, a disqualification) go at once to the first in line?
 * Until registration closes, yes, as when a player leaves: a newcomer could otherwise take it
 * ahead of the waitlist. After it closes (match day) the seat stays free and the admin promotes
 * the waiting player who is actually there.
 */
export function freedSeatFillsItself(phase: Phase): boolean {
  return phase === 'waiting' || phase === 'registration';
}
