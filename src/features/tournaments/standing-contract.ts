import { atom } from 'nanostores';

/**
 * What the tournament page tells the parts of other domains on it (a player's lobby) about the visitor, in the
 * browser: whether they play in the tournament the page shows, as the banner last read their standing: a checked-in
 * player, or a member of a team in a team tournament (the team plays once enough of its members checked in). Null
 * while unread and for a visitor who is not logged in. What only a player may read (their lobby) waits for it,
 * rather than asking the API on every visit and being refused.
 */
export const $playing = atom<{ id: string; playing: boolean } | null>(null);

/** Sets the standing when it changed, so a listener reads again only then (the banner renders every second). */
export function setPlaying(standing: { id: string; playing: boolean } | null) {
  const now = $playing.get();
  if (now?.id === standing?.id && now?.playing === standing?.playing) return;
  $playing.set(standing);
}
