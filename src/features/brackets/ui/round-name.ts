import type { Bracket, BracketRound } from '../contract.ts';

/** The texts a round can be named by, under the brackets namespace. */
export type RoundKey =
  | 'round.final'
  | 'round.semi'
  | 'round.quarter'
  | 'round.n'
  | 'round.winnersFinal'
  | 'round.losersFinal'
  | 'round.grandFinal'
  | 'round.reset';

/**
 * A round's name as the bracket page and the dashboard both show it: the text's key under the
 * brackets namespace and the round's number for `round.n`. Round robin and Swiss number their
 * rounds; single elimination names its last three rounds from the end (final, semi-finals,
 * quarter-finals); double elimination names each part's last round and the grand final with its
 * reset. A key, not a text, because the page and the dashboard read the catalogue from different
 * roots.
 */
export function roundName(
  b: Pick<Bracket, 'format' | 'rounds'>,
  r: Pick<BracketRound, 'group' | 'round'>,
): { key: RoundKey; n: number } {
  const named = (key: RoundKey) => ({ key, n: r.round });
  if (b.format === 'round_robin' || b.format === 'swiss') return named('round.n');
  const lastOf = (group: number) => Math.max(0, ...b.rounds.filter((x) => x.group === group).map((x) => x.round));
  if (b.format === 'double_elimination') {
    if (r.group === 3) return named(r.round === 1 ? 'round.grandFinal' : 'round.reset');
    if (r.round === lastOf(r.group)) return named(r.group === 1 ? 'round.winnersFinal' : 'round.losersFinal');
    return named('round.n');
  }
  const fromEnd = lastOf(0) - r.round;
  return named(
    fromEnd === 0 ? 'round.final' : fromEnd === 1 ? 'round.semi' : fromEnd === 2 ? 'round.quarter' : 'round.n',
  );
}
