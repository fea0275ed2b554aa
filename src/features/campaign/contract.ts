import { z } from 'zod';
import { adminInstant } from '../../platform/date-range.ts';
import {
  idSchema,
  limitQuery,
  offsetQuery,
  ownerPageQuery,
  ownerQuery,
  pictureDuplicateSchema,
  searchQuery,
  sortQuery,
  text,
} from '../../platform/schemas.ts';
import { sortValues } from '../../platform/list-sort.ts';

/**
 * The winter campaign (/cortina): upload windows, screenshot submissions, moderation and the
 * per-phase standings. docs/campaign-api.md lists the calls. Safe on client and server.
 */

/** The one campaign; its slug is also its page path. */
export const CAMPAIGN_SLUG = 'cortina';
/** The season label sent as `note` with every screenshot. */
export const SEASON_NOTE = 'season1';
/** Public Mode has four phases; the top 50 of each win. */
export const PHASE_COUNT = 4;
export const WINNERS_PER_PHASE = 50;
export const MAX_SCORE = 10_000_000;
export const SUBMISSION_NAME_MAX = 40;
export const REJECT_REASON_MAX = 300;

export const submissionStatuses = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const phaseNumberSchema = z.coerce.number().int().min(1).max(PHASE_COUNT);

const isoInstant = adminInstant();

/** A phase as the public sees it; `state` is computed from the server clock at the moment of the answer. */
export const campaignPhaseSchema = z.object({
  phase: z.number().int(),
  /** upload window [opensAt, closesAt), ISO-8601 UTC */
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(['upcoming', 'open', 'closed']),
});
export type CampaignPhase = z.infer<typeof campaignPhaseSchema>;

/** GET /campaigns/{slug} */
export const campaignSchema = z.object({
  slug: z.string(),
  seasonNote: z.string(),
  /** the countdown's target, ISO-8601 UTC */
  deadline: z.string(),
  competitionId: z.string().nullable(),
  phases: z.array(campaignPhaseSchema),
  /** the phase whose window is open now, or null */
  currentPhase: z.number().int().nullable(),
  /** the server's clock when it answered, so a countdown does not trust the visitor's clock */
  now: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** PUT /campaigns/{slug} (admin): any subset; `phases` is sent whole (all four, in order, not overlapping). */
export const campaignUpdateSchema = z
  .object({
    deadline: isoInstant,
    competitionId: idSchema.nullable(),
    phases: z
      .array(z.object({ phase: z.number().int().min(1).max(PHASE_COUNT), opensAt: isoInstant, closesAt: isoInstant }))
      .length(PHASE_COUNT),
  })
  .partial();
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

/** The multipart text fields of POST /marketplace/submissions (the image is the part `file`, sent last). */
export const submissionFieldsSchema = z.object({
  /**
   * Optional and never stored: a submission carries its author's account username, so nobody enters
   * the standings under another name. A form still open from before that rule sends what was typed,
   * and its upload should not fail over it, so the value is checked for shape and then set aside.
   */
  username: text(SUBMISSION_NAME_MAX).optional(),
  email: z.string().trim().min(1, 'requiredField').max(254).pipe(z.email('email')),
  note: z.literal(SEASON_NOTE).default(SEASON_NOTE),
  owner: ownerQuery,
});
export type SubmissionFields = z.output<typeof submissionFieldsSchema>;

/** A submission as its author sees it. */
export const submissionSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  username: z.string(),
  email: z.string(),
  note: z.string(),
  owner: z.string(),
  phase: z.number().int(),
  status: z.enum(submissionStatuses),
  /** set when approved */
  score: z.number().int().nullable(),
  /** set when rejected */
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** A submission as the moderation queue shows it. */
export const adminSubmissionSchema = submissionSchema.extend({
  userId: z.string(),
  /** the account's username now (`username` is the one it had when the screenshot was sent) */
  accountUsername: z.string(),
  reviewedBy: z.string().nullable(),
  /** earlier and later submissions of the same image, oldest first (at most 5) */
  duplicates: z.array(pictureDuplicateSchema),
  duplicateCount: z.number().int(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

/** The owner alone, the query of the campaign's own calls (GET and PUT /campaigns/{slug}, the review). */
export const campaignOwnerQuerySchema = z.object({ owner: ownerQuery });

/** GET /marketplace/submissions/mine */
export const mySubmissionsQuerySchema = z.object({ owner: ownerQuery, note: text(32).optional() });

/**
 * How the moderation queue may be ordered: oldest first (its own order, `newest`), by submission time or player, `-key`
 * descending.
 */
export const submissionSorts = sortValues(['submitted', 'player']);

/** GET /marketplace/submissions (admin) */
export const submissionListQuerySchema = z.object({
  owner: ownerQuery,
  note: text(32).optional(),
  phase: phaseNumberSchema.optional(),
  status: z.enum(submissionStatuses).optional(),
  /** player-typed username, account username or email */
  search: searchQuery,
  /** 'true': only submissions whose image was also sent in another submission */
  duplicates: z.enum(['true', 'false']).optional(),
  limit: limitQuery(10, 100),
  offset: offsetQuery,
  sort: sortQuery(submissionSorts),
});
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

/** POST /marketplace/submissions/{id}/review (admin): approve with a score or reject with a reason. */
export const reviewInputSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), score: z.number().int().min(0).max(MAX_SCORE) }),
  z.object({ decision: z.literal('reject'), reason: text(REJECT_REASON_MAX).min(1, 'requiredField') }),
]);
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const standingsEntrySchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  /** the account's username: the public name on the site */
  username: z.string(),
  score: z.number().int(),
  /** when the counted (best, then earliest) submission was sent */
  submittedAt: z.string(),
  /** within the top WINNERS_PER_PHASE */
  winner: z.boolean(),
});
export type StandingsEntry = z.infer<typeof standingsEntrySchema>;

/** GET /campaigns/{slug}/phases/{phase}/standings */
export const standingsSchema = z.object({
  phase: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(['upcoming', 'open', 'closed']),
  /** true once the window has closed: the standings no longer change */
  frozen: z.boolean(),
  /** players holding a winning place now: min(total, WINNERS_PER_PHASE) */
  winners: z.number().int(),
  /** players with at least one approved submission in this phase */
  total: z.number().int(),
  entries: z.array(standingsEntrySchema),
});
export type Standings = z.infer<typeof standingsSchema>;

export const standingsQuerySchema = ownerPageQuery(100, 500);

/** Where `now` falls against a half-open window. */
export function phaseState(opensAt: string, closesAt: string, now: Date): CampaignPhase['state'] {
  const t = now.getTime();
  if (t < Date.parse(opensAt)) return 'upcoming';
  return t < Date.parse(closesAt) ? 'open' : 'closed';
}

/** The phase open at `now`, or null (windows never overlap, the server checks it on save). */
export function openPhase(phases: Pick<CampaignPhase, 'phase' | 'opensAt' | 'closesAt'>[], now: Date): number | null {
  return phases.find((p) => phaseState(p.opensAt, p.closesAt, now) === 'open')?.phase ?? null;
}

/** Phases in order 1..n, each closing after it opens and no later than the next one opens. */
export function isValidSchedule(phases: { phase: number; opensAt: string; closesAt: string }[]): boolean {
  const sorted = [...phases].sort((a, b) => a.phase - b.phase);
  return sorted.every(
    (p, i) =>
      p.phase === i + 1 &&
      Date.parse(p.opensAt) < Date.parse(p.closesAt) &&
      (i === 0 || Date.parse(sorted[i - 1].closesAt) <= Date.parse(p.opensAt)),
  );
}

/**
 * The published dates, the seed of a fresh deployment (admins edit them): upload windows
 * 12-15 Jan, 16-29 Jan, 30 Jan-12 Feb, 13-26 Feb (the Milano Cortina winter of 2026, whole days
 * in Europe/Rome, UTC+1 then) and the first session deadline 2025-06-20T18:00 Rome (UTC+2).
 */
export const defaultCampaign = {
  deadline: '2025-06-20T16:00:00.000Z',
  phases: [
    { phase: 1, opensAt: '2026-01-11T23:00:00.000Z', closesAt: '2026-01-15T23:00:00.000Z' },
    { phase: 2, opensAt: '2026-01-15T23:00:00.000Z', closesAt: '2026-01-29T23:00:00.000Z' },
    { phase: 3, opensAt: '2026-01-29T23:00:00.000Z', closesAt: '2026-02-12T23:00:00.000Z' },
    { phase: 4, opensAt: '2026-02-12T23:00:00.000Z', closesAt: '2026-02-26T23:00:00.000Z' },
  ],
} as const;

/** Error codes of the winter campaign (each has a text in errors.<CODE>). */
export const campaignErrors = [
  'CAMPAIGN_NOT_FOUND',
  'SUBMISSION_NOT_FOUND',
  'SUBMISSION_WINDOW_CLOSED',
  'PHASE_FROZEN',
  'INVALID_CAMPAIGN_SCHEDULE',
] as const;

declare module '../../platform/errors/error-codes.ts' {
  interface ErrorCodeLists {
    campaign: (typeof campaignErrors)[number];
  }
}
