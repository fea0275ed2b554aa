import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/caller.ts';
import {
  CAMPAIGN_SLUG,
  PHASE_COUNT,
  SEASON_NOTE,
  WINNERS_PER_PHASE,
  defaultCampaign,
  isValidSchedule,
  openPhase,
  phaseState,
  submissionFieldsSchema,
  type AdminSubmission,
  type Campaign,
  type CampaignUpdate,
  type ReviewInput,
  type Standings,
  type Submission,
  type SubmissionListQuery,
} from '../contract.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { pixelHash } from '../../../platform/storage/pixel-hash.ts';
import { parseFields, type MultipartBody } from '../../../platform/http/multipart.ts';
import { duplicatesOf } from '../../../platform/db/picture-hashes.ts';
import * as CampaignRepository from './repository.ts';
import * as CompetitionService from '../../tournaments/server/competition-service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import { audited, type Actor } from '../../audit/server/service.ts';
import * as MediaService from '../../../platform/storage/media-service.ts';
import { ownerOf } from '../../../platform/owner.ts';

export const campaignNotFound = () => new AppError('notFound', 'CAMPAIGN_NOT_FOUND', 'Campaign not found');
const submissionNotFound = () => new AppError('notFound', 'SUBMISSION_NOT_FOUND', 'Submission not found');

/** The queue shows at most this many other submissions of the same picture per row. */
const DUPLICATES_SHOWN = 5;
/** "My submissions" lists the most recent ones; resubmits are unlimited but a page need not be. */
const MINE_SHOWN = 200;

/** Only `cortina` exists (docs/campaign-api.md); any other slug is a 404 before the database is asked. */
export function assertSlug(slug: string) {
  if (slug !== CAMPAIGN_SLUG) throw campaignNotFound();
}

/**
 * The campaign with its phases; a fresh deployment gets the published dates on this first read
 * (dates are data admins edit, not code). The insert ignores conflicts, so concurrent first reads in several
 * processes leave exactly one campaign and one row per phase.
 */
async function load(ctx: ServiceContext, owner: string): Promise<CampaignRepository.CampaignRow> {
  const db = ctx.db.kysely;
  const found = await CampaignRepository.find(db, owner, CAMPAIGN_SLUG);
  if (found && found.phases.length === PHASE_COUNT) return found;
  await CampaignRepository.ensure(db, owner, {
    slug: CAMPAIGN_SLUG,
    seasonNote: SEASON_NOTE,
    deadline: defaultCampaign.deadline,
    competitionId: null,
    phases: defaultCampaign.phases.map((p) => ({ ...p })),
  });
  return (await CampaignRepository.find(db, owner, CAMPAIGN_SLUG))!;
}

function toCampaign(c: CampaignRepository.CampaignRow, now: Date): Campaign {
  return {
    slug: c.slug,
    seasonNote: c.seasonNote,
    deadline: c.deadline,
    competitionId: c.competitionId,
    phases: c.phases.map((p) => ({ ...p, state: phaseState(p.opensAt, p.closesAt, now) })),
    currentPhase: openPhase(c.phases, now),
    now: now.toISOString(),
  };
}

/** GET /campaigns/cortina, and the /cortina page (server-rendered, src/app/site.ts). */
export async function getCampaign(ctx: ServiceContext, owner: string, now = new Date()): Promise<Campaign> {
  return toCampaign(await load(ctx, owner), now);
}

/** One phase's standings, for the API and the /cortina page. */
export async function getStandings(
  ctx: ServiceContext,
  owner: string,
  phase: number,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<Standings> {
  const campaign = await load(ctx, owner);
  const window = campaign.phases.find((p) => p.phase === phase);
  if (!window) throw new AppError('invalid', 'VALIDATION_ERROR', 'No such phase');
  const db = ctx.db.kysely;
  const rows = await CampaignRepository.standings(db, owner, CAMPAIGN_SLUG, phase, page);
  const total = await CampaignRepository.countRanked(db, owner, CAMPAIGN_SLUG, phase);
  const state = phaseState(window.opensAt, window.closesAt, now);
  return {
    phase,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    state,
    frozen: state === 'closed',
    // how many players hold a winning place now (at most WINNERS_PER_PHASE)
    winners: Math.min(total, WINNERS_PER_PHASE),
    total,
    entries: rows.map((r) => ({ ...r, winner: r.rank <= WINNERS_PER_PHASE })),
  };
}

/** What an audit entry keeps of the campaign: the stored fields, not the clock-dependent ones. */
const auditView = (c: CampaignRepository.CampaignRow) => ({
  deadline: c.deadline,
  competitionId: c.competitionId,
  phases: c.phases,
});

/** PUT /campaigns/cortina (admin). Instants are stored in UTC whatever offset they came with. */
export async function update(
  ctx: ServiceContext,
  actor: Actor,
  owner: string,
  input: CampaignUpdate,
): Promise<Campaign> {
  const utc = (iso: string) => new Date(iso).toISOString();
  const phases = input.phases?.map((p) => ({ phase: p.phase, opensAt: utc(p.opensAt), closesAt: utc(p.closesAt) }));
  if (phases && !isValidSchedule(phases))
    throw new AppError(
      'invalid',
      'INVALID_CAMPAIGN_SCHEDULE',
      'Phases must be 1-4 in order, each closing after it opens and before the next opens',
    );
  if (input.competitionId && !(await CompetitionService.exists(ctx, owner, input.competitionId)))
    throw new AppError('notFound', 'COMPETITION_NOT_FOUND', 'Competition not found');
  const after = await audited(ctx, actor, async (tx, audit) => {
    const before = await load(tx, owner);
    await CampaignRepository.update(tx.db.kysely, owner, CAMPAIGN_SLUG, {
      deadline: input.deadline === undefined ? undefined : utc(input.deadline),
      competitionId: input.competitionId,
      phases,
    });
    const changed = await load(tx, owner);
    await audit({
      action: 'campaign.update',
      entityType: 'campaign',
      entityId: CAMPAIGN_SLUG,
      // the campaign is known by its page's name
      label: CAMPAIGN_SLUG,
      before: auditView(before),
      after: auditView(changed),
    });
    return changed;
  });
  return toCampaign(after, new Date());
}

// ---- submissions ----

function toSubmission(r: CampaignRepository.SubmissionRecord): Submission {
  return {
    id: r.id,
    imageUrl: r.imageUrl,
    username: r.username,
    email: r.email,
    note: r.note,
    owner: r.owner,
    phase: r.phase,
    status: r.status,
    score: r.score,
    reason: r.reason,
    createdAt: r.createdAt,
    reviewedAt: r.reviewedAt,
  };
}

/**
 * POST /marketplace/submissions: the fields are checked, then the window (a closed window stores
 * nothing), then the image exactly as an admin upload (MediaService.store), then it is recorded
 * as pending in the phase open now. The author and the name it is stored under are the caller's
 * session, never a field.
 */
export async function submit(
  ctx: ServiceContext,
  author: Actor,
  body: MultipartBody,
  now = new Date(),
): Promise<Submission> {
  // absent text parts count as empty, so they get `requiredField` rather than a type error
  const fields = parseFields(
    submissionFieldsSchema,
    { email: '', ...body.fields },
    body.file ? [] : [{ path: ['file'], message: 'requiredField' }],
  );
  const file = body.file!;
  const owner = ownerOf(ctx, fields.owner);
  const phase = openPhase((await load(ctx, owner)).phases, now);
  if (phase === null) throw new AppError('conflict', 'SUBMISSION_WINDOW_CLOSED', 'No upload window is open');
  const stored = await MediaService.store(ctx, ctx.config.agencyName, file);
  const imageHash = await pixelHash(ctx, file);
  // the picture names its author: an account closed meanwhile sends none
  const id = await withTransaction(ctx, async (tx) => {
    await Directory.holdOpenAccounts(tx, [author.id]);
    return CampaignRepository.insertSubmission(tx.db.kysely, {
      owner,
      campaign: CAMPAIGN_SLUG,
      note: fields.note,
      phase,
      userId: author.id,
      username: author.name,
      email: fields.email,
      imageUrl: stored.url,
      imageHash,
    });
  });
  return toSubmission((await CampaignRepository.findSubmission(ctx.db.kysely, owner, id))!);
}

/** GET /marketplace/submissions/mine: only the caller's, whatever the query says. */
export async function listMine(ctx: ServiceContext, caller: Caller, owner: string, note?: string) {
  const { rows, total } = await CampaignRepository.listMine(ctx.db.kysely, owner, caller.id, {
    note,
    limit: MINE_SHOWN,
  });
  return { rows: rows.map(toSubmission), total };
}

/** A page of every submission of the player, newest first (their data export reads them all, page after page). */
export async function pageOfMine(ctx: ServiceContext, userId: string, limit: number, offset: number) {
  const { rows, total } = await CampaignRepository.listMine(ctx.db.kysely, ctx.config.ownerId, userId, {
    limit,
    offset,
  });
  return { rows: rows.map(toSubmission), total };
}

/** The moderation queue (admin), each row with the other submissions of the same picture. */
export async function listQueue(
  ctx: ServiceContext,
  owner: string,
  q: SubmissionListQuery,
): Promise<{ rows: AdminSubmission[]; total: number }> {
  const db = ctx.db.kysely;
  const { rows, total } = await CampaignRepository.listQueue(db, owner, {
    campaign: CAMPAIGN_SLUG,
    note: q.note,
    phase: q.phase,
    status: q.status,
    search: q.search,
    duplicatesOnly: q.duplicates === 'true',
    sort: q.sort,
    limit: q.limit,
    offset: q.offset,
  });
  // one more than shown: the row itself may be among the oldest of its hash
  const { counts, rows: same } = await CampaignRepository.submissionsWithHashes(
    db,
    owner,
    rows.map((r) => r.imageHash),
    DUPLICATES_SHOWN + 1,
  );
  return {
    total,
    rows: rows.map((r) => ({
      ...toSubmission(r),
      userId: r.userId,
      accountUsername: r.accountUsername,
      reviewedBy: r.reviewedBy,
      duplicates: duplicatesOf(same, r.imageHash, r.id).slice(0, DUPLICATES_SHOWN),
      duplicateCount: (counts.get(r.imageHash) ?? 1) - 1,
    })),
  };
}

/**
 * Approve with a score or reject with a reason (admin). A decision may change while the phase's
 * window is open; once it has closed the standings are final, so any review is refused.
 */
export async function review(
  ctx: ServiceContext,
  actor: Actor,
  owner: string,
  id: string,
  input: ReviewInput,
  now = new Date(),
): Promise<Submission> {
  const reviewedAt = now.toISOString();
  const decision: CampaignRepository.Review =
    input.decision === 'approve'
      ? { status: 'approved', score: input.score, reviewedBy: actor.id, reviewedAt }
      : { status: 'rejected', reason: input.reason, reviewedBy: actor.id, reviewedAt };
  // the decision and its audit entry commit together
  return audited(ctx, actor, async (tx, audit) => {
    const trx = tx.db.kysely;
    const before = await CampaignRepository.findSubmission(trx, owner, id);
    if (!before) throw submissionNotFound();
    if (!(await CampaignRepository.review(trx, owner, id, decision, reviewedAt)))
      throw new AppError('conflict', 'PHASE_FROZEN', 'The phase has closed: its standings no longer change');
    const after = toSubmission((await CampaignRepository.findSubmission(trx, owner, id))!);
    await audit({
      action: 'submission.review',
      entityType: 'submission',
      entityId: id,
      before: toSubmission(before),
      after,
    });
    return after;
  });
}

/**
 * The campaign's submissions of these pictures (pixel hashes), for another domain's duplicate-image
 * check (the match reports compare their screenshots with the campaign's): per hash, how many
 * submissions carry it and the oldest `perHash` of them.
 */
export function submissionsWithHashes(ctx: ServiceContext, owner: string, hashes: string[], perHash: number) {
  return CampaignRepository.submissionsWithHashes(ctx.db.kysely, owner, hashes, perHash);
}

/** A closed account's submissions keep their scores and pictures, under the name and address that replace its own. */
export function forgetSubmitter(ctx: ServiceContext, userId: string, name: string, email: string): Promise<void> {
  return CampaignRepository.forgetSubmitter(ctx.db.kysely, ctx.config.ownerId, userId, name, email);
}
