import {
  MAX_SCORE,
  PHASE_COUNT,
  REJECT_REASON_MAX,
  isValidSchedule,
  type Campaign,
  type CampaignUpdate,
  type ReviewInput,
} from '../../contract.ts';
import { pageQuery } from '../../../../platform/ui/admin/admin-lists.ts';
import { isoToLocalInput, localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';

/**
 * The pure side of the dashboard's campaign section: the moderation queue's query, the review
 * form's checks and the schedule form's conversion. Kept apart from the components so unit tests
 * cover them without a browser.
 */

export const phaseFilters = ['all', '1', '2', '3', '4'] as const;
export type PhaseFilter = (typeof phaseFilters)[number];
export const statusFilters = ['pending', 'approved', 'rejected', 'all'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export interface QueueFilters {
  phase: PhaseFilter;
  status: StatusFilter;
  duplicatesOnly: boolean;
  /** already trimmed and debounced */
  search: string;
  /** a `submissionSorts` value; left out of the query when `newest` (the queue's own order, oldest first) */
  sort?: string;
}

/** The queue opens on what still needs a decision. */
export const defaultQueueFilters: QueueFilters = { phase: 'all', status: 'pending', duplicatesOnly: false, search: '' };

/** The query string of GET /marketplace/submissions for one page of the queue ("all" filters are left out). */
export function queueQuery(filters: QueueFilters, page: number): string {
  const chosen = (value: string | undefined, all: string) => (value === all ? undefined : value);
  return pageQuery(page, {
    phase: chosen(filters.phase, 'all'),
    status: chosen(filters.status, 'all'),
    duplicates: filters.duplicatesOnly ? 'true' : undefined,
    search: filters.search,
    sort: chosen(filters.sort, 'newest'),
  }).toString();
}

export type ReviewDecision = ReviewInput['decision'];
/** The key under campaignAdmin.review.errors of what is wrong with the typed value. */
export type ReviewProblem = 'scoreRequired' | 'scoreInvalid' | 'reasonRequired' | 'reasonTooLong';

/**
 * The body of POST /marketplace/submissions/{id}/review from the form, or what to tell the admin.
 * The score is typed as text: a whole number from 0 to MAX_SCORE, nothing else.
 */
export function reviewBody(
  decision: ReviewDecision,
  score: string,
  reason: string,
): { ok: true; body: ReviewInput } | { ok: false; problem: ReviewProblem } {
  if (decision === 'approve') {
    const typed = score.trim();
    if (typed === '') return { ok: false, problem: 'scoreRequired' };
    if (!/^\d+$/.test(typed)) return { ok: false, problem: 'scoreInvalid' };
    const value = Number(typed);
    if (!Number.isSafeInteger(value) || value > MAX_SCORE) return { ok: false, problem: 'scoreInvalid' };
    return { ok: true, body: { decision, score: value } };
  }
  const text = reason.trim();
  if (text === '') return { ok: false, problem: 'reasonRequired' };
  if (text.length > REJECT_REASON_MAX) return { ok: false, problem: 'reasonTooLong' };
  return { ok: true, body: { decision, reason: text } };
}

/** The schedule form: datetime-local strings (the admin's wall clock) and the competition id or ''. */
export interface ScheduleFormValues {
  deadline: string;
  competitionId: string;
  phases: { opensAt: string; closesAt: string }[];
}

export function scheduleFormValues(
  campaign: Pick<Campaign, 'deadline' | 'competitionId' | 'phases'>,
): ScheduleFormValues {
  const byPhase = new Map(campaign.phases.map((p) => [p.phase, p]));
  return {
    deadline: isoToLocalInput(campaign.deadline),
    competitionId: campaign.competitionId ?? '',
    phases: Array.from({ length: PHASE_COUNT }, (_, i) => {
      const p = byPhase.get(i + 1);
      return { opensAt: isoToLocalInput(p?.opensAt), closesAt: isoToLocalInput(p?.closesAt) };
    }),
  };
}

/** A field of the schedule form: 'deadline' or 'phase-2-closesAt'. */
export type ScheduleField = 'deadline' | `phase-${number}-${'opensAt' | 'closesAt'}`;

/**
 * The body of PUT /campaigns/{slug}, or the fields that are empty or unreadable and whether the
 * windows are out of order (the server checks the order too and answers INVALID_CAMPAIGN_SCHEDULE;
 * checking here saves a round trip and points at the form at once).
 */
export function scheduleUpdate(
  values: ScheduleFormValues,
): { ok: true; body: Required<CampaignUpdate> } | { ok: false; missing: ScheduleField[]; order: boolean } {
  const instant = (v: string) => {
    const iso = localInputToIso(v);
    return iso && !Number.isNaN(Date.parse(iso)) ? iso : null;
  };
  const missing: ScheduleField[] = [];
  const deadline = instant(values.deadline);
  if (!deadline) missing.push('deadline');
  const phases = values.phases.map((p, i) => {
    const opensAt = instant(p.opensAt);
    const closesAt = instant(p.closesAt);
    if (!opensAt) missing.push(`phase-${i + 1}-opensAt`);
    if (!closesAt) missing.push(`phase-${i + 1}-closesAt`);
    return { phase: i + 1, opensAt: opensAt ?? '', closesAt: closesAt ?? '' };
  });
  if (missing.length) return { ok: false, missing, order: false };
  if (!isValidSchedule(phases)) return { ok: false, missing, order: true };
  return { ok: true, body: { deadline: deadline!, competitionId: values.competitionId || null, phases } };
}

/** The public standings page of a phase (under /cortina). */
export const standingsPath = (phase: number) => `/cortina/standings/${phase}`;
