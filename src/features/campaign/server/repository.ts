import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction as Trx } from 'kysely';
import { countAll, monotonicTimestamps, transaction } from '../../../platform/db/database.ts';
import { picturesWithHashes } from '../../../platform/db/picture-hashes.ts';
import { accountRows } from '../../accounts/server/directory-service.ts';
import type { Database, ScreenshotSubmissionsTable } from '../../../platform/db/schema.ts';
import type { SubmissionStatus } from '../contract.ts';
import { contains, containsFolded, orderFor } from '../../../platform/db/search.ts';
import { findOwned } from '../../../platform/db/owned-rows.ts';
import { mediaInColumns } from '../../../platform/storage/media-references.ts';

type Db = Kysely<Database> | Trx<Database>;
type SubmissionRow = Selectable<ScreenshotSubmissionsTable>;

export interface PhaseRow {
  phase: number;
  opensAt: string;
  closesAt: string;
}
export interface CampaignRow {
  slug: string;
  seasonNote: string;
  deadline: string;
  competitionId: string | null;
  phases: PhaseRow[];
}

// ---- campaign and phases ----

/**
 * Writes the campaign and its phases unless they exist. `on conflict do nothing` on the primary
 * keys makes two processes answering the first read at once end with one campaign and one row
 * per phase, whichever wins.
 */
export async function ensure(db: Db, owner: string, c: CampaignRow): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('campaigns')
    .values({
      owner,
      slug: c.slug,
      season_note: c.seasonNote,
      deadline_at: c.deadline,
      competition_id: c.competitionId,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['owner', 'slug']).doNothing())
    .execute();
  await db
    .insertInto('campaign_phases')
    .values(
      c.phases.map((p) => ({ owner, campaign: c.slug, phase: p.phase, opens_at: p.opensAt, closes_at: p.closesAt })),
    )
    .onConflict((oc) => oc.columns(['owner', 'campaign', 'phase']).doNothing())
    .execute();
}

export async function find(db: Db, owner: string, slug: string): Promise<CampaignRow | undefined> {
  const row = await findOwned(db, 'campaigns', owner, { slug });
  if (!row) return undefined;
  const phases = await db
    .selectFrom('campaign_phases')
    .select(['phase', 'opens_at', 'closes_at'])
    .where('owner', '=', owner)
    .where('campaign', '=', slug)
    .orderBy('phase')
    .execute();
  return {
    slug: row.slug,
    seasonNote: row.season_note,
    deadline: row.deadline_at,
    competitionId: row.competition_id,
    phases: phases.map((p) => ({ phase: Number(p.phase), opensAt: p.opens_at, closesAt: p.closes_at })),
  };
}

/** Changes the given fields and replaces the windows of the given phases, in one transaction. */
export async function update(
  db: Kysely<Database>,
  owner: string,
  slug: string,
  changes: { deadline?: string; competitionId?: string | null; phases?: PhaseRow[] },
): Promise<void> {
  await transaction(db, async (trx) => {
    await trx
      .updateTable('campaigns')
      .set({
        ...(changes.deadline !== undefined ? { deadline_at: changes.deadline } : {}),
        ...(changes.competitionId !== undefined ? { competition_id: changes.competitionId } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('owner', '=', owner)
      .where('slug', '=', slug)
      .execute();
    for (const p of changes.phases ?? []) {
      await trx
        .updateTable('campaign_phases')
        .set({ opens_at: p.opensAt, closes_at: p.closesAt })
        .where('owner', '=', owner)
        .where('campaign', '=', slug)
        .where('phase', '=', p.phase)
        .execute();
    }
  });
}

/** Points the owner's campaigns that listed this competition's tournaments at none; answers their slugs. */
export async function detachCompetition(db: Db, owner: string, competitionId: string): Promise<string[]> {
  const rows = await db
    .updateTable('campaigns')
    .set({ competition_id: null, updated_at: new Date().toISOString() })
    .where('owner', '=', owner)
    .where('competition_id', '=', competitionId)
    .returning('slug')
    .execute();
  return rows.map((r) => r.slug);
}

// ---- submissions ----

export interface SubmissionRecord {
  id: string;
  owner: string;
  campaign: string;
  note: string;
  phase: number;
  userId: string;
  accountUsername: string;
  username: string;
  email: string;
  imageUrl: string;
  imageHash: string;
  status: SubmissionStatus;
  score: number | null;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

// two submissions sent in the same millisecond by this process still order as they came, so
// "the earlier submission wins a tie" is never decided by a random id
const nextTimestamp = monotonicTimestamps();

export async function insertSubmission(
  db: Db,
  s: Omit<
    SubmissionRecord,
    'id' | 'accountUsername' | 'status' | 'score' | 'reason' | 'reviewedBy' | 'reviewedAt' | 'createdAt'
  > &
    Partial<Pick<SubmissionRecord, 'status' | 'score' | 'reason' | 'reviewedBy' | 'reviewedAt' | 'createdAt'>>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('screenshot_submissions')
    .values({
      id,
      owner: s.owner,
      campaign: s.campaign,
      note: s.note,
      phase: s.phase,
      user_id: s.userId,
      username: s.username,
      email: s.email,
      image_url: s.imageUrl,
      image_hash: s.imageHash,
      status: s.status ?? 'pending',
      score: s.score ?? null,
      reason: s.reason ?? null,
      reviewed_by: s.reviewedBy ?? null,
      reviewed_at: s.reviewedAt ?? null,
      created_at: s.createdAt ?? nextTimestamp(),
    })
    .execute();
  return id;
}

const submissions = (db: Db, owner: string) =>
  db
    .selectFrom('screenshot_submissions as s')
    .innerJoin(accountRows(db).as('u'), 'u.id', 's.user_id')
    .selectAll('s')
    .select('u.username as account_username')
    .where('s.owner', '=', owner);

/** The pictures of every brand's screenshot submissions, whatever their status (the media sweep keeps them). */
export const mediaReferences = (db: Db) => mediaInColumns(db, 'screenshot_submissions', ['image_url']);

export async function findSubmission(db: Db, owner: string, id: string): Promise<SubmissionRecord | undefined> {
  const row = await submissions(db, owner).where('s.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The caller's own submissions, newest first (capped: a page shows the recent ones). */
export async function listMine(
  db: Db,
  owner: string,
  userId: string,
  q: { note?: string; limit: number; offset?: number },
): Promise<{ rows: SubmissionRecord[]; total: number }> {
  let base = db.selectFrom('screenshot_submissions').where('owner', '=', owner).where('user_id', '=', userId);
  if (q.note) base = base.where('note', '=', q.note);
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  let rows = submissions(db, owner).where('s.user_id', '=', userId);
  if (q.note) rows = rows.where('s.note', '=', q.note);
  const found = await rows
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(q.limit)
    .offset(q.offset ?? 0)
    .execute();
  return { rows: found.map(toRecord), total: Number(n) };
}

export interface QueueQuery {
  campaign: string;
  note?: string;
  phase?: number;
  status?: SubmissionStatus;
  search?: string;
  duplicatesOnly: boolean;
  /** `?sort=`: submitted or player (the name it was sent under, else the account's); oldest first otherwise */
  sort?: string;
  limit: number;
  offset: number;
}

/** The moderation queue, oldest first. */
export async function listQueue(
  db: Db,
  owner: string,
  q: QueueQuery,
): Promise<{ rows: SubmissionRecord[]; total: number }> {
  let base = db
    .selectFrom('screenshot_submissions as s')
    .innerJoin(accountRows(db).as('u'), 'u.id', 's.user_id')
    .where('s.owner', '=', owner)
    .where('s.campaign', '=', q.campaign);
  if (q.note) base = base.where('s.note', '=', q.note);
  if (q.phase !== undefined) base = base.where('s.phase', '=', q.phase);
  if (q.status) base = base.where('s.status', '=', q.status);
  if (q.search) {
    const term = q.search;
    base = base.where((eb) =>
      eb.or([contains('s.username', term), containsFolded('u.username_search', term), contains('s.email', term)]),
    );
  }
  if (q.duplicatesOnly) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('screenshot_submissions as d')
          .select('d.id')
          .whereRef('d.owner', '=', 's.owner')
          .whereRef('d.image_hash', '=', 's.image_hash')
          .whereRef('d.id', '<>', 's.id'),
      ),
    );
  }
  const { n } = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
  const order = orderFor(q.sort ?? 'newest', {
    submitted: sql.ref('s.created_at'),
    player: sql`lower(coalesce(nullif(s.username, ''), u.username))`,
  }) ?? [sql.ref('s.created_at'), 'asc' as const];
  const found = await base
    .selectAll('s')
    .select('u.username as account_username')
    .orderBy(...order)
    .orderBy('s.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: found.map(toRecord), total: Number(n) };
}

export type { DuplicateRow } from '../../../platform/db/picture-hashes.ts';

/** The campaign submissions that carry each hash (how many, and the oldest `perHash`): the duplicate-picture check. */
export const submissionsWithHashes = (db: Db, owner: string, hashes: string[], perHash: number) =>
  picturesWithHashes(db, 'screenshot_submissions', owner, hashes, perHash, accountRows(db).as('u'));

export type Review =
  | { status: 'approved'; score: number; reviewedBy: string; reviewedAt: string }
  | { status: 'rejected'; reason: string; reviewedBy: string; reviewedAt: string };

/**
 * Records a decision, only while the submission's phase window is still open at `now`: the check
 * and the write are one statement, so a decision racing the window's close (or an admin moving
 * it) can never change a frozen phase. False when nothing was written (no such row, or frozen).
 */
export async function review(db: Db, owner: string, id: string, r: Review, now: string): Promise<boolean> {
  const result = await db
    .updateTable('screenshot_submissions')
    .set({
      status: r.status,
      score: r.status === 'approved' ? r.score : null,
      reason: r.status === 'rejected' ? r.reason : null,
      reviewed_by: r.reviewedBy,
      reviewed_at: r.reviewedAt,
    })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('campaign_phases as p')
          .select('p.phase')
          .whereRef('p.owner', '=', 'screenshot_submissions.owner')
          .whereRef('p.campaign', '=', 'screenshot_submissions.campaign')
          .whereRef('p.phase', '=', 'screenshot_submissions.phase')
          // both sides are ISO-8601 UTC with milliseconds (the service normalises every instant)
          .where('p.closes_at', '>', now),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- standings ----

export interface StandingRow {
  rank: number;
  userId: string;
  username: string;
  score: number;
  submittedAt: string;
}

/**
 * Each player's best approved submission of the phase (ROW_NUMBER per player: highest score,
 * then the earliest, then the id), ranked by score, then the time that submission was sent, then
 * its id. Ranks are numbered over all players before paging. Plain window functions: the same SQL
 * on SQLite and PostgreSQL.
 */
export async function standings(
  db: Db,
  owner: string,
  campaign: string,
  phase: number,
  page: { limit: number; offset: number },
): Promise<StandingRow[]> {
  const rows = await db
    .with('best', (w) =>
      w
        .selectFrom('screenshot_submissions')
        .select(['id', 'user_id', 'score', 'created_at'])
        .select(sql<number>`row_number() over (partition by user_id order by score desc, created_at, id)`.as('rn'))
        .where('owner', '=', owner)
        .where('campaign', '=', campaign)
        .where('phase', '=', phase)
        .where('status', '=', 'approved'),
    )
    .with('ranked', (w) =>
      w
        .selectFrom('best')
        .select(['id', 'user_id', 'score', 'created_at'])
        .select(sql<number>`cast(row_number() over (order by score desc, created_at, id) as integer)`.as('rank'))
        .where('rn', '=', 1),
    )
    .selectFrom('ranked as r')
    .innerJoin(accountRows(db).as('u'), 'u.id', 'r.user_id')
    .select(['r.rank', 'r.user_id', 'u.username', 'r.score', 'r.created_at'])
    .orderBy('r.rank')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    rank: Number(r.rank),
    userId: r.user_id,
    username: r.username,
    score: Number(r.score),
    submittedAt: r.created_at,
  }));
}

/** Players with at least one approved submission in the phase. */
export async function countRanked(db: Db, owner: string, campaign: string, phase: number): Promise<number> {
  const { n } = await db
    .selectFrom('screenshot_submissions')
    .select(sql<number>`cast(count(distinct user_id) as integer)`.as('n'))
    .where('owner', '=', owner)
    .where('campaign', '=', campaign)
    .where('phase', '=', phase)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(n);
}

function toRecord(r: SubmissionRow & { account_username: string }): SubmissionRecord {
  return {
    id: r.id,
    owner: r.owner,
    campaign: r.campaign,
    note: r.note,
    phase: Number(r.phase),
    userId: r.user_id,
    accountUsername: r.account_username,
    username: r.username,
    email: r.email,
    imageUrl: r.image_url,
    imageHash: r.image_hash,
    status: r.status as SubmissionStatus,
    score: r.score === null ? null : Number(r.score),
    reason: r.reason,
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at,
    createdAt: r.created_at,
  };
}

/** Puts `name` and `email` in place of the player's own on their submissions (a closed account's). */
export async function forgetSubmitter(db: Db, owner: string, userId: string, name: string, email: string) {
  await db
    .updateTable('screenshot_submissions')
    .set({ username: name, email })
    .where('owner', '=', owner)
    .where('user_id', '=', userId)
    .execute();
}
