/**
 * How many lobbies a field needs: enough that none holds more than `lobbySize`, at least one.
 */
export const lobbiesNeeded = (entrants: number, lobbySize: number): number =>
  Math.max(1, Math.ceil(entrants / Math.max(1, lobbySize)));

/**
 * Entrants in seed order dealt into `count` lobbies like cards: seed 1 to lobby 1, seed 2 to lobby 2,
 * … and round again, so the top seeds land in different lobbies and no two lobbies differ by more
 * than one entrant.
 */
export function dealLobbies<T>(seeded: readonly T[], count: number): T[][] {
  const lobbies: T[][] = Array.from({ length: Math.max(1, count) }, () => []);
  seeded.forEach((entrant, i) => lobbies[i % lobbies.length]!.push(entrant));
  return lobbies;
}
