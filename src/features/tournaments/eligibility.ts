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
export function isOldEnough(birthDate: string | null | undefined, today: string, minAge: number = CHAMPIONSHIP_MIN_AGE): boolean {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return false;
  const year = Number(today.slice(0, 4)) - minAge;
  const cutoff = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  return birthDate <= cutoff;
}
