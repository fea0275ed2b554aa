/**
 * What a bracket page says while no bracket is generated, from the tournament's phase (the
 * tournaments' `phaseOf`, which the page asks): before check-in ends the bracket is still to come
 * (`checkin`); once check-in is over or the tournament is live only the organisers can generate it
 * (`organiser`); an ended tournament without one will not get one (`ended`).
 */
export type BracketWait = 'checkin' | 'organiser' | 'ended';

export function bracketWait(phase: string): BracketWait {
  if (phase === 'complete') return 'ended';
  return phase === 'ongoing' || phase === 'checkinClosed' ? 'organiser' : 'checkin';
}
