/**
 * The phase and action-button rules of SPEC section 4, shared by the UI (badge, button) and the
 * server (which refuses actions outside their windows), so the two can never disagree.
 */
export type TournamentStatus = 0 | 1 | 2;

export interface Schedule {
  /** 0 not started, 1 ongoing, 2 ended: the admin's value when set, else from the schedule */
  status: TournamentStatus;
  start_registration: string | null;
  start_checkin: string | null;
  end_checkin: string | null;
  start_tournament: string | null;
  end_tournament: string | null;
}

/** Card styling names of SPEC section 4. */
export type Phase = 'complete' | 'ongoing' | 'waiting' | 'registration' | 'checkinOpen' | 'checkinClosed';

const t = (iso: string | null) => (iso ? Date.parse(iso) : NaN);
const before = (now: number, iso: string | null) => !Number.isNaN(t(iso)) && now < t(iso);

/** Status from the schedule alone: 0 before start_tournament, 1 until end_tournament, then 2. */
export function scheduledStatus(s: Pick<Schedule, 'start_tournament' | 'end_tournament'>, now: number): TournamentStatus {
  if (Number.isNaN(t(s.start_tournament)) || now < t(s.start_tournament)) return 0;
  if (Number.isNaN(t(s.end_tournament)) || now < t(s.end_tournament)) return 1;
  return 2;
}

/** SPEC section 4, evaluated in order. */
export function phaseOf(s: Schedule, now: number = Date.now()): Phase {
  if (s.status === 2) return 'complete';
  if (s.status === 1) return 'ongoing';
  if (before(now, s.start_registration)) return 'waiting';
  // a tournament without a check-in window keeps registration open until it starts
  if (before(now, s.start_checkin ?? s.start_tournament)) return 'registration';
  if (s.start_checkin && before(now, s.end_checkin)) return 'checkinOpen';
  if (before(now, s.start_tournament)) return 'checkinClosed';
  return 'ongoing';
}

export type Action =
  | { kind: 'signup' }
  | { kind: 'join' }
  | { kind: 'leave' }
  | { kind: 'leaveWaitlist' }
  | { kind: 'checkIn' }
  | { kind: 'checkOut' }
  | { kind: 'disabled'; label: 'ended' | 'ongoing' | 'waiting' | 'closed' };

export interface Membership {
  loggedIn: boolean;
  member: boolean;
  confirmed: boolean;
  waitlisted?: boolean;
}

/** The action button of SPEC section 4 for one visitor. */
export function actionFor(phase: Phase, m: Membership): Action {
  if (phase === 'complete') return { kind: 'disabled', label: 'ended' };
  if (phase === 'ongoing') return { kind: 'disabled', label: 'ongoing' };
  // an anonymous visitor is offered sign-up, which leads to login (SPEC section 6)
  if (!m.loggedIn) return { kind: 'signup' };
  if (phase === 'waiting') return { kind: 'disabled', label: 'waiting' };
  if (phase === 'registration') {
    if (m.member) return { kind: 'leave' };
    if (m.waitlisted) return { kind: 'leaveWaitlist' };
    return { kind: 'join' };
  }
  if (phase === 'checkinOpen' && m.member) return m.confirmed ? { kind: 'checkOut' } : { kind: 'checkIn' };
  return { kind: 'disabled', label: 'closed' };
}

/** Which phases allow which server action. */
export const canRegister = (phase: Phase) => phase === 'registration';
export const canCheckIn = (phase: Phase) => phase === 'checkinOpen';
