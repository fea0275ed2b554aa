import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import { factionOf } from '../../tournaments/server/competition-service.ts';
import type { Tournament } from '../../tournaments/contract.ts';
import type { StandingsRow } from '../../results/contract.ts';
import { standings } from '../../results/server/service.ts';
import { playerPlacements } from '../../results/server/points-service.ts';
import { placements as bracketPlacements } from '../../brackets/server/service.ts';
import { backpack } from '../../rewards/server/badge-service.ts';
import { bracketPlacing, HISTORY_PAGE, type HistoryEntry, type MyStanding, type PlayerProfile } from '../contract.ts';

/** The most tournaments the history reads for one player: far more than a season holds. */
const PLAYED_MAX = 200;

export const playerNotFound = () => new AppError('notFound', 'PLAYER_NOT_FOUND', 'Player not found');

/**
 * GET /players/{username}: a hidden page is the same 404 as an unknown player, except to the player
 * themselves (`viewerId`). The history lists the tournaments they are or were a member of, newest
 * first: those not begun yet as registrations, the others with their standing; only the page shown
 * has its standings read.
 */
export async function profile(
  ctx: ServiceContext,
  username: string,
  offset: number,
  viewerId: string | null,
): Promise<PlayerProfile> {
  const owner = ctx.config.ownerId;
  const player = await Directory.playerNamed(ctx, owner, username);
  if (!player || (!player.visible && player.id !== viewerId)) throw playerNotFound();
  const [faction, earned, joined] = await Promise.all([
    factionOf(ctx, owner, player.id),
    backpack(ctx, owner, player.id),
    TournamentService.list(ctx, { members: player.id, limit: PLAYED_MAX, offset: 0 }, player.id),
  ]);
  const played = joined.data
    .filter((t) => t.me?.member || t.me?.disqualified)
    .sort((a, b) => (b.start_tournament ?? '').localeCompare(a.start_tournament ?? '') || a.id.localeCompare(b.id));
  const page = played.slice(offset, offset + HISTORY_PAGE);
  const paid = await playerPlacements(
    ctx,
    player.id,
    page.filter((t) => t.finalized).map((t) => t.id),
  );
  const data = await Promise.all(page.map((t) => entryOf(ctx, player, t, paid.get(t.id))));
  // a reusable badge earned twice shows once, at its first award
  const seen = new Set<string>();
  const badges = [...earned]
    .sort((a, b) => a.earnedAt.localeCompare(b.earnedAt))
    .filter((b) => !seen.has(b.badge._id) && !!seen.add(b.badge._id))
    .map((b) => ({
      slug: b.badge.slug,
      name: { it: b.badge.translations.it.name, en: b.badge.translations.en.name },
      icon: b.badge.icon,
      earnedAt: b.earnedAt,
    }));
  return {
    username: player.username,
    memberSince: player.memberSince,
    faction,
    badges,
    history: { data, total: played.length, offset, limit: HISTORY_PAGE },
  };
}

const started = (t: Tournament) => t.status !== 0 || t.finalized;

/**
 * GET /players/me/tournaments: the caller's check-in, rank and points in each of these tournaments
 * (the cards of /my-tournaments); an id that names no tournament is left out.
 */
export async function myStandings(ctx: ServiceContext, userId: string, ids: string[]): Promise<MyStanding[]> {
  const player = await Directory.findPlayer(ctx, ctx.config.ownerId, userId);
  if (!player) return [];
  const found = await Promise.all(ids.map((id) => TournamentService.get(ctx, id, userId).catch(() => null)));
  const mine = found.filter((t): t is Tournament => !!t);
  const paid = await playerPlacements(
    ctx,
    userId,
    mine.filter((t) => t.finalized).map((t) => t.id),
  );
  return Promise.all(
    mine.map(async (t) => {
      const playing = (t.me?.member || !!t.me?.disqualified) && started(t);
      const entry = playing ? await entryOf(ctx, player, t, paid.get(t.id)) : null;
      return {
        tournamentId: t.id,
        member: !!t.me?.member,
        checkedIn: !!t.me?.confirmed,
        waitlistPosition: t.me?.waitlistPosition ?? null,
        started: started(t),
        rank: entry?.rank ?? null,
        points: entry?.points ?? null,
        placing: entry?.placing ?? null,
        disqualified: !!t.me?.disqualified,
      };
    }),
  );
}

/** The ranked rows a tournament has now: frozen once finalised, else a battle royale's or a bracket's live ones. */
function rowsOf(ctx: ServiceContext, t: Tournament): Promise<StandingsRow[]> {
  if (t.format === 'battle_royale') return standings(ctx, t.id).then((s) => s.rows);
  if (!t.finalized) return bracketPlacements(ctx, t.id);
  return TournamentService.finalStandings(ctx, t.id).then((json) => (json ? (JSON.parse(json) as StandingsRow[]) : []));
}

async function entryOf(
  ctx: ServiceContext,
  player: { id: string; username: string },
  t: Tournament,
  placed: { entrantId: string; rank: number; points: number; credits: number } | undefined,
): Promise<HistoryEntry> {
  const rows = started(t) ? await rowsOf(ctx, t) : [];
  // a finalised placement names the entrant; a live row names its players (a solo entrant is the player)
  const row = placed
    ? rows.find((r) => r.entrantId === placed.entrantId)
    : rows.find((r) => r.entrantId === player.id || r.members.includes(player.username));
  const disqualified = !!t.me?.disqualified || !!row?.disqualified;
  const liveRank = row && !disqualified && row.matchesCounted > 0 ? row.rank : null;
  const rank = t.finalized ? (placed?.rank ?? null) : liveRank;
  const points = t.format === 'battle_royale' ? (placed?.points ?? row?.points ?? null) : null;
  return {
    tournamentId: t.id,
    name: { it: t.translations.it.name, en: t.translations.en.name },
    game: t.game,
    format: t.format,
    start: t.start_tournament,
    started: started(t),
    // the phase the tournament's own pages show, from the same rule
    checkinOpen: TournamentService.phaseOfRow({ ...t, status_override: t.statusOverride }) === 'checkinOpen',
    finalized: t.finalized,
    rank,
    points,
    placing: bracketPlacing(t.format, rank),
    matchesPlayed: row?.matchesPlayed ?? 0,
    credits: placed?.credits ?? 0,
    disqualified,
  };
}
