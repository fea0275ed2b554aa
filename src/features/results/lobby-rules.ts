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

/**
 * The lobby each team formed anew takes, the teams taken in the order given: the lobby most of its members' old
 * teams played in (ties: the lower number), or, that one being full, the next of its members' lobbies by the same
 * count. A team none of whose members was in a lobby, or whose members' lobbies are all full, takes none (the
 * organiser places it). `lobbyOf`: each player's old lobby; `taken`: the places other entrants hold in each lobby.
 */
export function followLobbies(
  teams: readonly { id: string; members: readonly string[] }[],
  lobbyOf: ReadonlyMap<string, number>,
  lobbySize: number,
  taken: ReadonlyMap<number, number> = new Map(),
): Map<string, number> {
  const seated = new Map(taken);
  const lobbies = new Map<string, number>();
  for (const team of teams) {
    const votes = new Map<number, number>();
    for (const member of team.members) {
      const lobby = lobbyOf.get(member);
      if (lobby !== undefined) votes.set(lobby, (votes.get(lobby) ?? 0) + 1);
    }
    const ranked = [...votes].sort(([a, x], [b, y]) => y - x || a - b);
    const lobby = ranked.map(([n]) => n).find((n) => (seated.get(n) ?? 0) < lobbySize);
    if (lobby === undefined) continue;
    lobbies.set(team.id, lobby);
    seated.set(lobby, (seated.get(lobby) ?? 0) + 1);
  }
  return lobbies;
}
