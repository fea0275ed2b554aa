/**
 * The catalogue of games and consoles: what a player says they play (accounts) and what a tournament is
 * played on (tournaments). The lowest feature, importing none; the values are stored and sent as-is.
 */
export const games = [
  'Fortnite',
  'Valorant',
  'EAFC24',
  'EAFC25',
  'LEAGUE_OF_LEGENDS',
  'Warzone',
  'BRAWL',
  'PUBG_MOBILE',
  'MARVEL_SNAP',
  'Rivals',
] as const;
export type Game = (typeof games)[number];

export const consoles = ['PC', 'PS4', 'PS5', 'XBOX', 'MOBILE', 'SWITCH'] as const;
export type Console = (typeof consoles)[number];
