import { translationColumns, translationsOf } from '../../../platform/i18n/content-translations.ts';
import { randomUUID } from 'node:crypto';
import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import { monotonicTimestamps, nowIso } from '../../../platform/db/database.ts';
import type { EarnedBadgeInfo } from '../../../platform/schemas.ts';
import type { z } from 'zod';
import {
  teamNames,
  type Competition,
  type Player,
  type PlayerFaction,
  type ScoreBreakdown,
  type TeamName,
  type competitionInputSchema,
  type competitionUpdateSchema,
  type teamsUpdateSchema,
} from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { audited, auditedCreate, auditedEdit, type Actor, type AuditedRecord } from '../../audit/server/service.ts';
import * as CompetitionRepository from './competition-repository.ts';
import type { CompetitionRow, PlayerRow } from './competition-repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';

/**
 * What the competitions need from the features above them, which they do not import: the points each
 * faction player earned in the championship's tournaments (results scores them) and, when a competition
 * is deleted, the campaigns that listed it (campaign owns those). The composition root hands them in.
 */
export interface CompetitionLinks {
  /** by competition id, each player's points by user id */
  championshipPoints(ctx: ServiceContext, competitionIds: string[]): Promise<Map<string, Map<string, number>>>;
  /** in the deleting transaction: the campaigns that listed the competition stop listing it; answers their slugs */
  detachCompetition(ctx: ServiceContext, owner: string, competitionId: string): Promise<string[]>;
}

const competitionNotFound = () => new AppError('notFound', 'COMPETITION_NOT_FOUND', 'Competition not found');
/** Instants are stored in UTC, whatever offset they came with, so they compare as text. */
const utcOrNull = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString() : null);

// Sorted here rather than in SQL: the engines collate text differently, the leaderboard must not.
const byName = new Intl.Collator('it', { sensitivity: 'base', numeric: true });
const byRank = (a: Player, b: Player) =>
  b.score - a.score || byName.compare(a.playerName, b.playerName) || (a.playerId < b.playerId ? -1 : 1);

/**
 * Both factions always present, players by score (highest first), then name. A
 * player's score is their points across the championship's tournaments plus the admin's adjustment.
 */
function toCompetition(
  row: CompetitionRow,
  players: PlayerRow[],
  tournamentCount: number,
  points: ReadonlyMap<string, number>,
): Competition {
  return {
    id: row.id,
    name: row.name,
    translations: translationsOf(row, translatedColumns),
    thumbnail: row.thumbnail,
    game: row.game,
    url: row.url,
    playoffsAt: row.playoffs_at,
    finalsAt: row.finals_at,
    finalsCity: row.finals_city,
    teams: teamNames.map((name) => ({
      name,
      players: players
        .filter((p) => p.team === name)
        .map((p) => ({
          playerId: p.user_id,
          playerName: p.player_name,
          score: (points.get(p.user_id) ?? 0) + Number(p.adjustment),
        }))
        .sort(byRank),
    })),
    tournamentCount,
  };
}

export async function list(ctx: ServiceContext, links: CompetitionLinks, owner: string): Promise<Competition[]> {
  const db = ctx.db.kysely;
  const rows = await CompetitionRepository.list(db, owner);
  const ids = rows.map((r) => r.id);
  const [players, counts, points] = await Promise.all([
    CompetitionRepository.playersOf(db, ids),
    CompetitionRepository.tournamentCounts(db, ids),
    links.championshipPoints(ctx, ids),
  ]);
  return rows.map((row) =>
    toCompetition(
      row,
      players.filter((p) => p.competition_id === row.id),
      counts.get(row.id) ?? 0,
      points.get(row.id) ?? new Map(),
    ),
  );
}

async function findRow(ctx: ServiceContext, id: string): Promise<CompetitionRow> {
  const row = await CompetitionRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  if (!row) throw competitionNotFound();
  return row;
}

export async function get(ctx: ServiceContext, links: CompetitionLinks, id: string): Promise<Competition> {
  const row = await findRow(ctx, id);
  const db = ctx.db.kysely;
  const [players, counts, points] = await Promise.all([
    CompetitionRepository.playersOf(db, [id]),
    CompetitionRepository.tournamentCounts(db, [id]),
    links.championshipPoints(ctx, [id]),
  ]);
  return toCompetition(row, players, counts.get(id) ?? 0, points.get(id) ?? new Map());
}

/** Admin: each faction player's computed points and adjustment (their public score is the sum). */
export async function scoreBreakdown(
  ctx: ServiceContext,
  links: CompetitionLinks,
  id: string,
): Promise<ScoreBreakdown[]> {
  await findRow(ctx, id);
  const [players, points] = await Promise.all([
    CompetitionRepository.playersOf(ctx.db.kysely, [id]),
    links.championshipPoints(ctx, [id]),
  ]);
  const earned = points.get(id) ?? new Map<string, number>();
  return players.map((p) => ({
    playerId: p.user_id,
    points: earned.get(p.user_id) ?? 0,
    adjustment: Number(p.adjustment),
  }));
}

/** Admin writes, each audited in its own transaction. */
export function create(
  ctx: ServiceContext,
  links: CompetitionLinks,
  actor: Actor,
  input: z.output<typeof competitionInputSchema>,
): Promise<Competition> {
  const insert = (tx: ServiceContext) => insertCompetition(tx, input);
  return auditedCreate(ctx, actor, 'competition.create', insert, (id) => competitionRecord(links, id));
}

type Changes = z.output<typeof competitionUpdateSchema>;

export const update = (ctx: ServiceContext, links: CompetitionLinks, actor: Actor, id: string, input: Changes) =>
  auditedEdit(ctx, actor, 'competition.update', competitionRecord(links, id), (tx) => updateCompetition(tx, id, input));

/** A competition as its audit entries show it, read in the write's transaction. */
const competitionRecord = (links: CompetitionLinks, id: string): AuditedRecord<Competition> => ({
  entityType: 'competition',
  entityId: id,
  read: (tx) => get(tx, links, id),
});

export function replaceTeams(
  ctx: ServiceContext,
  links: CompetitionLinks,
  actor: Actor,
  id: string,
  input: z.output<typeof teamsUpdateSchema>,
): Promise<Competition> {
  return audited(ctx, actor, async (tx, audit) => {
    // the entry names each player's adjustment too: the admin's part of a score is what this write sets
    const adjustments = async () =>
      Object.fromEntries((await scoreBreakdown(tx, links, id)).map((b) => [b.playerId, b.adjustment]));
    const before = { ...(await get(tx, links, id)), adjustments: await adjustments() };
    const after = await replaceTeamRows(tx, links, id, input);
    await audit({
      action: 'competition.teams',
      entityType: 'competition',
      entityId: id,
      before,
      after: { ...after, adjustments: await adjustments() },
    });
    return after;
  });
}

/**
 * Deletes a competition with its faction leaderboard. Its tournaments stay, without a competition
 * (registrations, scores and history are theirs), and a campaign that listed its tournaments lists
 * the brand's next ones instead; the audit entry names what was detached.
 */
export function remove(ctx: ServiceContext, links: CompetitionLinks, actor: Actor, id: string): Promise<void> {
  return audited(ctx, actor, async (tx, audit) => {
    const before = await get(tx, links, id);
    const tournamentIds = await CompetitionRepository.remove(tx.db.kysely, ctx.config.ownerId, id, nowIso());
    if (!tournamentIds) throw competitionNotFound();
    const campaigns = await links.detachCompetition(tx, ctx.config.ownerId, id);
    await audit({
      action: 'competition.delete',
      entityType: 'competition',
      entityId: id,
      before: { ...before, detached: { tournamentIds, campaigns } },
      after: null,
    });
  });
}

/** The texts a championship keeps per language, each an Italian column and its `_en` one. */
const translatedColumns = { name: 'name', finalsCity: 'finals_city' };

// Championships list oldest first, a tie left to a random id: two created within one millisecond by this process are
// stamped a millisecond apart, so they keep the order they were made in.
const competitionStamp = monotonicTimestamps();

async function insertCompetition(ctx: ServiceContext, input: z.output<typeof competitionInputSchema>): Promise<string> {
  const id = randomUUID();
  const now = competitionStamp();
  await CompetitionRepository.insert(ctx.db.kysely, {
    id,
    owner: ctx.config.ownerId,
    name: input.name,
    thumbnail: input.thumbnail,
    game: input.game,
    url: input.url,
    playoffs_at: utcOrNull(input.playoffsAt),
    finals_at: utcOrNull(input.finalsAt),
    finals_city: input.finalsCity,
    ...translationColumns(input.translations, translatedColumns),
    created_at: now,
    updated_at: now,
  });
  return id;
}

async function updateCompetition(ctx: ServiceContext, id: string, input: Changes): Promise<void> {
  // fields left out of the body stay as they are (undefined fields are dropped)
  const { playoffsAt, finalsAt, finalsCity, translations, ...rest } = input;
  const set = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...translationColumns(translations, translatedColumns),
    ...(playoffsAt !== undefined ? { playoffs_at: utcOrNull(playoffsAt) } : {}),
    ...(finalsAt !== undefined ? { finals_at: utcOrNull(finalsAt) } : {}),
    ...(finalsCity !== undefined ? { finals_city: finalsCity } : {}),
  };
  const row = await findRow(ctx, id);
  const playoffs = set.playoffs_at !== undefined ? set.playoffs_at : row.playoffs_at;
  const finals = set.finals_at !== undefined ? set.finals_at : row.finals_at;
  if (playoffs && finals && playoffs >= finals)
    throw new AppError('invalid', 'INVALID_SCHEDULE', 'The finals must come after the playoffs');
  if (!(await CompetitionRepository.update(ctx.db.kysely, ctx.config.ownerId, id, { ...set, updated_at: nowIso() })))
    throw competitionNotFound();
}

/**
 * A player picks a faction: only a player who takes part in one of the competition's tournaments (registered,
 * or in a team waiting for its members), and only their own entry moves, keeping its score. A player who
 * pressed "Later" picks here whenever they like.
 */
export async function chooseTeam(
  ctx: ServiceContext,
  links: CompetitionLinks,
  id: string,
  userId: string,
  team: TeamName,
): Promise<{ competition: Competition; badges: EarnedBadgeInfo[] }> {
  await findRow(ctx, id);
  if (!(await CompetitionRepository.takesPart(ctx.db.kysely, id, userId)))
    throw new AppError('conflict', 'NOT_IN_COMPETITION', 'Join a tournament of this competition first');
  const user = await Directory.findPlayer(ctx, ctx.config.ownerId, userId);
  if (!user) throw Directory.playerNotFound();
  // the choice is announced in its own transaction: what it earns commits with it or not at all
  const badges = await withTransaction(ctx, async (tx) => {
    // the pick names the player: an account closed meanwhile makes none
    await Directory.holdOpenAccounts(tx, [userId]);
    await CompetitionRepository.choose(tx.db.kysely, {
      competitionId: id,
      userId,
      team,
      playerName: user.nickname || user.username,
      now: nowIso(),
    });
    return tx.events.emit(tx, 'tournaments.faction_joined', { ownerId: ctx.config.ownerId, userId, competitionId: id });
  });
  return { competition: await get(ctx, links, id), badges };
}

/**
 * Admin: the whole leaderboard as sent; every player must be an account of
 * the brand. The results' points are not the admin's to set: what is stored is the adjustment on
 * top of them, sent as such, or (the original client, which sends totals) the score sent minus the
 * points the player has now.
 */
async function replaceTeamRows(
  ctx: ServiceContext,
  links: CompetitionLinks,
  id: string,
  input: z.output<typeof teamsUpdateSchema>,
): Promise<Competition> {
  await findRow(ctx, id);
  const points = (await links.championshipPoints(ctx, [id])).get(id) ?? new Map<string, number>();
  const players = input.teams.flatMap((t) =>
    t.players.map((p) => ({
      userId: p.playerId,
      team: t.name,
      playerName: p.playerName,
      adjustment: p.adjustment ?? p.score - (points.get(p.playerId) ?? 0),
    })),
  );
  const seen = new Set<string>();
  for (const p of players) {
    if (seen.has(p.userId)) throw new AppError('invalid', 'DUPLICATE_PLAYER', `${p.userId} is listed twice`);
    seen.add(p.userId);
  }
  const existing = await Directory.existingPlayerIds(ctx, ctx.config.ownerId, [...seen]);
  const unknown = [...seen].find((u) => !existing.has(u));
  if (unknown !== undefined) throw new AppError('invalid', 'UNKNOWN_PLAYER', `No player ${unknown}`);
  await CompetitionRepository.replacePlayers(ctx.db.kysely, id, players, nowIso());
  return get(ctx, links, id);
}

/** Whether `owner` has this competition (a campaign or a tournament may point to it). */
export async function exists(ctx: ServiceContext, owner: string, id: string): Promise<boolean> {
  return !!(await CompetitionRepository.findById(ctx.db.kysely, owner, id));
}

/** The competition (of `owner`; this one when given) where the user chose a faction, as a list of at most one id. */
export const factionCompetitions = (ctx: ServiceContext, owner: string, userId: string, competitionId?: string) =>
  CompetitionRepository.factionCompetitions(ctx.db.kysely, owner, userId, competitionId);

/** Every faction a player chose in the owner's championships, for their data export. */
export async function factionsOf(ctx: ServiceContext, owner: string, userId: string): Promise<PlayerFaction[]> {
  const rows = await CompetitionRepository.factionsOf(ctx.db.kysely, owner, userId);
  return rows.flatMap((r) => {
    const team = teamNames.find((n) => n === r.team);
    if (!team) return [];
    const competitionName = translationsOf(r, { name: 'name' });
    return [{ competitionId: r.id, competitionName, team, playerName: r.player_name, updatedAt: r.updated_at }];
  });
}

/** The faction (team) a player fights for in the owner's latest championship that has them, or null. */
export async function factionOf(ctx: ServiceContext, owner: string, userId: string): Promise<TeamName | null> {
  const team = await CompetitionRepository.latestFaction(ctx.db.kysely, owner, userId);
  return teamNames.find((n) => n === team) ?? null;
}
