import { phaseOf, type Schedule } from '../../tournaments/rules.ts';

/**
 * What a bracket page says while no bracket is generated: before the tournament's check-in ends it
 * is still to come (`checkin`); once the tournament is about to start or live, only the organisers
 * can generate it (`organiser`); an ended tournament without one will not get one (`ended`).
 */
export type BracketWait = 'checkin' | 'organiser' | 'ended';

export function bracketWait(s: Schedule, now: number = Date.now()): BracketWait {
  const phase = phaseOf(s, now);
  if (phase === 'complete') return 'ended';
  return phase === 'ongoing' || phase === 'checkinClosed' ? 'organiser' : 'checkin';
}
