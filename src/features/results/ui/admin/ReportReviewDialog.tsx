import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { REPORT_REASON_MAX, type AdminReport, type ReportConflict, type ReportReview } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import Modal, { DetailFact } from '../../../../platform/ui/admin/Modal.tsx';
import { DecisionForms, ReviewSummary, useDecision } from '../../../../platform/ui/admin/Moderation.tsx';
import type { ReviewDialogProps } from '../../../../platform/ui/admin/Moderation.tsx';
import { checkboxClass } from '../../../../platform/ui/admin/ui.ts';
import { useForm, type Validator } from '../../../../platform/ui/use-form.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import ReportStatusBadge from './ReportStatusBadge.tsx';

const call: TypedCall<ResultsApi> = api;

type Typed = { reason: string };
/** The reason is required and bounded, as the API's schema says; the problem lands on the field. */
const rejectRules: Validator<Typed> = async ({ reason }) => {
  const text = reason.trim();
  const problem = text === '' ? 'reasonRequired' : text.length > REPORT_REASON_MAX ? 'reasonTooLong' : null;
  return problem
    ? { ok: false, errors: { reason: { type: 'custom', message: problem } } }
    : { ok: true, values: { decision: 'reject', reason: text } };
};

/** One side of the comparison: what it is, and its placement and eliminations. */
function Side({
  t,
  title,
  placement,
  eliminations,
  testId,
  highlight = false,
}: {
  t: Translator;
  title: string;
  placement: number;
  eliminations: number;
  testId: string;
  highlight?: boolean;
}) {
  return (
    <li
      className={`rounded-xl border p-3 ${
        highlight ? 'border-brand/60 bg-brand/10' : 'border-amber-500/50 bg-amber-500/10'
      }`}
      data-testid={testId}
    >
      <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{title}</p>
      <p className="mt-1 font-mono text-white">{t('resultsAdmin.review.line', { placement, eliminations })}</p>
    </li>
  );
}

/** A choice the approval needs: a checkbox with its text and a hint below. */
function ApproveOption({
  checked,
  onChange,
  label,
  hint,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  testId: string;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-200">
      <input
        type="checkbox"
        className={`${checkboxClass} mt-0.5`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>
        {label}
        <span className="block text-xs text-slate-400">{hint}</span>
      </span>
    </label>
  );
}

/** Who the other side is; a solo player's report names the player once (the entrant is the player). */
const conflictTitle = (t: Translator, c: ReportConflict) =>
  t(
    `resultsAdmin.review.conflict.${c.kind === 'placement' && c.username === c.entrantName ? 'placementSolo' : c.kind}`,
    { username: c.username ?? '', entrant: c.entrantName },
  );

/**
 * A match report's review (POST /tournaments/{id}/reports/{reportId}/review): the screenshot, who
 * sent it for which entrant, a reused picture, and every disagreement side by side with this
 * report. Approving records the line; when a different line is recorded for the entrant the admin
 * must tick "replace" (the API refuses otherwise), so nothing is overwritten silently. A report
 * whose sender the teams formed anew left out says so, and cannot be approved. Rejecting needs a
 * reason, which the player sees. A decided report opens read-only.
 */
/** `final`: the tournament is finalised, so a pending report is shown without the decisions the server refuses. */
export default function ReportReviewDialog({
  t,
  locale,
  review,
  final = false,
}: ReviewDialogProps<AdminReport> & { final?: boolean }) {
  const { row: report, close: onClose } = review;
  const reject = useForm<Typed>({ defaultValues: { reason: '' }, validate: rejectRules });
  const [overwrite, setOverwrite] = useState(false);
  const [createMatch, setCreateMatch] = useState(false);
  // the match got no results meanwhile (or the queue was read before): the option shows after the refusal
  const [unrecorded, setUnrecorded] = useState(false);
  // likewise the teams formed anew without the sender after the queue was read
  const [leftOut, setLeftOut] = useState(false);
  const sending = useDecision(t);
  const { busy, setFailure, send } = sending;
  const { reset } = reject;

  useEffect(() => {
    reset({ reason: '' });
    setOverwrite(false);
    setCreateMatch(false);
    setUnrecorded(false);
    setLeftOut(false);
    setFailure(null);
  }, [report, reset, setFailure]);

  const decide = async (body: ReportReview) => {
    if (!report || busy) return;
    const res = await send(body.decision, () =>
      call<'POST /tournaments/:id/reports/:reportId/review'>(
        `/tournaments/${encodeURIComponent(report.tournamentId)}/reports/${encodeURIComponent(report.id)}/review`,
        { body },
      ),
    );
    if (!res.ok) {
      if (res.code === 'MATCH_NOT_RECORDED') setUnrecorded(true);
      if (res.code === 'REPORT_SENDER_NO_TEAM') setLeftOut(true);
      return;
    }
    toast.success(
      body.decision === 'approve'
        ? t('resultsAdmin.review.approved', { n: report.matchNumber })
        : t('resultsAdmin.review.rejected'),
    );
    review.done();
  };

  const r = report;
  const recorded = r?.conflicts.some((c) => c.kind === 'recorded') ?? false;
  const noMatch = r !== null && (!r.matchRecorded || unrecorded);
  const noTeam = r !== null && r.status === 'pending' && (r.senderHasNoTeam || leftOut);
  const reasonError = reject.errors.reason?.message;

  return (
    <Modal
      open={r !== null}
      title={r ? t('resultsAdmin.review.title', { n: r.matchNumber }) : ''}
      closeLabel={t('resultsAdmin.review.close')}
      onClose={onClose}
      testId="report-review-dialog"
    >
      {r && (
        <>
          <ReviewSummary src={r.imageUrl} linkLabel={t('resultsAdmin.review.newTab')}>
            <DetailFact label={t('resultsAdmin.review.player')} strong truncate testId="report-review-player">
              {r.username}
            </DetailFact>
            {(noTeam || r.entrantName !== r.username) && (
              <DetailFact
                label={t('resultsAdmin.review.entrant')}
                truncate={!noTeam}
                valueClassName={noTeam ? 'font-semibold text-amber-300' : undefined}
                testId="report-review-entrant"
              >
                {noTeam ? t('resultsAdmin.reports.noTeam') : r.entrantName}
              </DetailFact>
            )}
            <DetailFact label={t('resultsAdmin.review.submittedAt')}>
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
            </DetailFact>
            <DetailFact label={t('resultsAdmin.review.status')} valueClassName="">
              <ReportStatusBadge t={t} status={r.status} />
            </DetailFact>
            {r.reason && (
              <DetailFact label={t('resultsAdmin.review.reason')} valueClassName="break-words text-slate-200">
                {r.reason}
              </DetailFact>
            )}
          </ReviewSummary>
          {noTeam && (
            <section
              aria-labelledby="report-no-team-title"
              className="space-y-1 rounded-xl border border-amber-500/50 bg-amber-500/10 p-3"
              data-testid="report-review-no-team"
            >
              <h3 id="report-no-team-title" className="text-sm font-semibold text-amber-200">
                <span aria-hidden="true">⚠ </span>
                {t('resultsAdmin.review.noTeamTitle')}
              </h3>
              <p className="text-sm text-slate-200">
                {t('resultsAdmin.review.noTeamNotice', { username: r.username })}
              </p>
            </section>
          )}
          {r.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} ns="resultsAdmin" item={r} />}
          {r.conflicts.length > 0 && (
            <section aria-labelledby="report-conflicts-title" className="space-y-2" data-testid="report-conflicts">
              <h3 id="report-conflicts-title" className="text-sm font-semibold text-amber-200">
                <span aria-hidden="true">⚠ </span>
                {t('resultsAdmin.review.conflictsTitle')}
              </h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                <Side
                  t={t}
                  title={t('resultsAdmin.review.thisReport')}
                  placement={r.placement}
                  eliminations={r.eliminations}
                  testId="report-conflict-self"
                  highlight
                />
                {r.conflicts.map((c, i) => (
                  <Side
                    key={`${c.kind}-${c.reportId ?? i}`}
                    t={t}
                    title={conflictTitle(t, c)}
                    placement={c.placement}
                    eliminations={c.eliminations}
                    testId={`report-conflict-${c.kind}`}
                  />
                ))}
              </ul>
            </section>
          )}
          {r.status === 'pending' && final ? (
            <p className="text-sm text-slate-400" data-testid="report-review-final">
              {t('resultsAdmin.finalized')}
            </p>
          ) : r.status === 'pending' ? (
            <DecisionForms
              id="report-review"
              t={t}
              sending={sending}
              saving={t('resultsAdmin.review.saving')}
              approve={{
                title: t('resultsAdmin.review.approve'),
                button: t('resultsAdmin.review.approve'),
                onSubmit: (e) => {
                  e.preventDefault();
                  void decide({ decision: 'approve', overwrite, createMatch: noMatch && createMatch });
                },
                // a report its sender's team no longer carries has no line to record: only rejecting is left
                disabled: noTeam || (noMatch && !createMatch),
                children: !noTeam && (
                  <>
                    {recorded && (
                      <ApproveOption
                        checked={overwrite}
                        onChange={setOverwrite}
                        label={t('resultsAdmin.review.overwrite')}
                        hint={t('resultsAdmin.review.overwriteHint')}
                        testId="report-review-overwrite"
                      />
                    )}
                    {noMatch && (
                      <ApproveOption
                        checked={createMatch}
                        onChange={setCreateMatch}
                        label={t('resultsAdmin.review.createMatch', { n: r.matchNumber })}
                        hint={t('resultsAdmin.review.createMatchHint', { n: r.matchNumber })}
                        testId="report-review-create-match"
                      />
                    )}
                  </>
                ),
              }}
              reject={{
                title: t('resultsAdmin.review.reject'),
                button: t('resultsAdmin.review.reject'),
                onSubmit: reject.handleSubmit<ReportReview>(decide),
                reason: {
                  label: t('resultsAdmin.review.rejectReason'),
                  hint: t('resultsAdmin.review.rejectHint'),
                  error: reasonError
                    ? t(`resultsAdmin.review.${reasonError as 'reasonRequired' | 'reasonTooLong'}`, {
                        max: REPORT_REASON_MAX,
                      })
                    : undefined,
                  maxLength: REPORT_REASON_MAX,
                  field: reject.register('reason'),
                },
              }}
            />
          ) : (
            <p className="text-sm text-slate-400" data-testid="report-review-decided">
              {t('resultsAdmin.review.decided', { date: formatDateTime(r.reviewedAt, locale) })}
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
