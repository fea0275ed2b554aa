/** The faction leaderboard: order and the default cut. */
export const LEADERBOARD_SIZE = 10;

export interface RankedPlayer {
  playerId: string;
  playerName: string;
  score: number;
}

/** Score descending, then player name (case- and accent-insensitive), then id for a stable order. */
export function rankPlayers<P extends RankedPlayer>(players: readonly P[]): P[] {
  const byName = new Intl.Collator('it', { sensitivity: 'base', numeric: true });
  return [...players].sort(
    (a, b) =>
      b.score - a.score ||
      byName.compare(a.playerName, b.playerName) ||
      (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
  );
}

/** The rows shown: the top ten until "show all". */
export const visiblePlayers = <P>(ranked: readonly P[], showAll: boolean): P[] =>
  showAll ? [...ranked] : ranked.slice(0, LEADERBOARD_SIZE);
