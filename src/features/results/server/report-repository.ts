import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction as Trx } from 'kysely';
import { monotonicTimestamps } from '../../../platform/db/database.ts';
import { picturesWithHashes } from '../../../platform/db/picture-hashes.ts';
import { accountRows } from '../../accounts/server/directory-service.ts';
import type { Database, MatchReportsTable } from '../../../platform/db/schema.ts';
import type { ReportStatus } from '../contract.ts';
import { rowExists } from '../../../platform/db/matching-rows.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database> | Trx<Database>;

export interface ReportRow {
  id: string;
  owner: string;
  tournamentId: string;
  matchNumber: number;
  userId: string;
  entrantId: string;
  placement: number;
  eliminations: number;
  imageUrl: string;
  imageHash: string;
  status: ReportStatus;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** A report with its reporter's account username, which the service reads from the accounts. */
export type ReportRecord = ReportRow & { username: string };

// two reports sent in the same millisecond by this process still order as they came: the
// queue's order and the standings' "earliest submission" tiebreak never hang on a random id
const nextTimestamp = monotonicTimestamps();

/**
 * Stores a pending report unless this player already reported this match: the unique key
 * (tournament, match, player) decides, so two requests racing leave one row. Answers the new id,
 * or null when the player's report was already there.
 */
export async function insert(
  db: Db,
  r: Pick<
    ReportRecord,
    | 'owner'
    | 'tournamentId'
    | 'matchNumber'
    | 'userId'
    | 'entrantId'
    | 'placement'
    | 'eliminations'
    | 'imageUrl'
    | 'imageHash'
  >,
): Promise<string | null> {
  const id = randomUUID();
  const result = await db
    .insertInto('match_reports')
    .values({
      id,
      owner: r.owner,
      tournament_id: r.tournamentId,
      match_number: r.matchNumber,
      user_id: r.userId,
      entrant_id: r.entrantId,
      placement: r.placement,
      eliminations: r.eliminations,
      image_url: r.imageUrl,
      image_hash: r.imageHash,
      status: 'pending',
      reason: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: nextTimestamp(),
    })
    .onConflict((oc) => oc.columns(['tournament_id', 'match_number', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result?.id ?? null;
}

/** Whether this player already reported this match (checked before the image is stored; the insert still decides). */
export function exists(db: Db, tournamentId: string, matchNumber: number, userId: string): Promise<boolean> {
  return rowExists(db, 'match_reports', { tournament_id: tournamentId, match_number: matchNumber, user_id: userId });
}

const reports = (db: Db, tournamentId: string) =>
  db.selectFrom('match_reports as r').selectAll('r').where('r.tournament_id', '=', tournamentId);

export async function find(db: Db, tournamentId: string, id: string): Promise<ReportRow | undefined> {
  const row = await reports(db, tournamentId).where('r.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** One player's reports of a tournament, by match. */
export async function listMine(db: Db, tournamentId: string, userId: string): Promise<ReportRow[]> {
  const rows = await reports(db, tournamentId)
    .where('r.user_id', '=', userId)
    .orderBy('r.match_number')
    .orderBy('r.created_at')
    .execute();
  return rows.map(toRecord);
}

/** Every report one player of `owner` sent, in any tournament, oldest first. */
export async function listByPlayer(db: Db, owner: string, userId: string): Promise<ReportRow[]> {
  const rows = await db
    .selectFrom('match_reports as r')
    .selectAll('r')
    .where('r.owner', '=', owner)
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map(toRecord);
}

/** Every report of a tournament, oldest first: the queue is held whole (players × matches of one day). */
export async function listAll(db: Db, tournamentId: string): Promise<ReportRow[]> {
  const rows = await reports(db, tournamentId).orderBy('r.created_at').orderBy('r.id').execute();
  return rows.map(toRecord);
}

export type { DuplicateRow } from '../../../platform/db/picture-hashes.ts';

/** The match reports that carry each hash (how many, and the oldest `perHash`): the duplicate-picture check. */
export const reportsWithHashes = (db: Db, owner: string, hashes: string[], perHash: number) =>
  picturesWithHashes(db, 'match_reports', owner, hashes, perHash, accountRows(db).as('u'));

/** A pending report that followed its sender to their new team: the entrant it was for, and the one it is for now. */
export interface FollowedReport {
  id: string;
  userId: string;
  matchNumber: number;
  from: string;
  to: string;
}

/**
 * Points each pending report of the tournament at the team its sender is in now (`teams`: the team ids with their
 * members' user ids), and answers the reports that moved. A sender in none keeps the entrant it was sent for; a
 * decided report is history and never moves.
 */
export async function followSenders(
  db: Db,
  tournamentId: string,
  teams: { id: string; members: string[] }[],
): Promise<FollowedReport[]> {
  // few players have a report pending: only their teams are written, not every team of a large field
  const pending = await db
    .selectFrom('match_reports')
    .select(['id', 'user_id', 'match_number', 'entrant_id'])
    .where('tournament_id', '=', tournamentId)
    .where('status', '=', 'pending')
    .orderBy('match_number')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const senders = new Set(pending.map((r) => r.user_id));
  const teamOf = new Map<string, string>();
  for (const team of teams) {
    const members = team.members.filter((id) => senders.has(id));
    if (!members.length) continue;
    for (const m of members) teamOf.set(m, team.id);
    await db
      .updateTable('match_reports')
      .set({ entrant_id: team.id })
      .where('tournament_id', '=', tournamentId)
      .where('status', '=', 'pending')
      .where('user_id', 'in', members)
      .execute();
  }
  return pending.flatMap((r) => {
    const to = teamOf.get(r.user_id);
    return to && to !== r.entrant_id
      ? [{ id: r.id, userId: r.user_id, matchNumber: Number(r.match_number), from: r.entrant_id, to }]
      : [];
  });
}

/** The pictures of every brand's match reports, whatever their status (the media sweep keeps them). */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'match_reports', ['image_url']);

export type Decision =
  | { status: 'approved'; reviewedBy: string; reviewedAt: string }
  | { status: 'rejected'; reason: string; reviewedBy: string; reviewedAt: string };

/**
 * Records a decision on a pending report; the check and the write are one statement, so of two
 * admins (or two clicks) deciding at once exactly one changes the row. On PostgreSQL the loser
 * waits for the winner's transaction and then finds the row no longer pending. False when
 * nothing changed.
 */
export async function decide(db: Db, tournamentId: string, id: string, d: Decision): Promise<boolean> {
  const result = await db
    .updateTable('match_reports')
    .set({
      status: d.status,
      reason: d.status === 'rejected' ? d.reason : null,
      reviewed_by: d.reviewedBy,
      reviewed_at: d.reviewedAt,
    })
    .where('tournament_id', '=', tournamentId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function toRecord(r: Selectable<MatchReportsTable>): ReportRow {
  return {
    id: r.id,
    owner: r.owner,
    tournamentId: r.tournament_id,
    matchNumber: Number(r.match_number),
    userId: r.user_id,
    entrantId: r.entrant_id,
    placement: Number(r.placement),
    eliminations: Number(r.eliminations),
    imageUrl: r.image_url,
    imageHash: r.image_hash,
    status: r.status as ReportStatus,
    reason: r.reason,
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at,
    createdAt: r.created_at,
  };
}
