import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  REPORT_REASON_MAX,
  type AdminReport,
  type Report,
  type ReportConflict,
  type ReportReview,
} from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import Modal from '../../../../platform/ui/admin/Modal.tsx';
import { checkboxClass } from '../../../../platform/ui/admin/ui.ts';
import { errorBoxClass, inputClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { useForm, type Validator } from '../../../../platform/ui/use-form.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import ReportStatusBadge from './ReportStatusBadge.tsx';

const call: TypedCall<ResultsApi> = api;

interface Props {
  t: Translator;
  locale: Locale;
  /** the report under review; null closes the dialog */
  report: AdminReport | null;
  onClose: () => void;
  /** after a decision was saved: the queue reloads */
  onReviewed: (saved: Report) => void;
}

const rejectButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-5 py-2.5 font-semibold text-white transition hover:bg-rose-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 outline-none focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

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
      className={`rounded-xl border p-3 ${highlight ? 'border-brand/60 bg-brand/10' : 'border-amber-500/50 bg-amber-500/10'}`}
      data-testid={testId}
    >
      <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{title}</p>
      <p className="mt-1 font-mono text-white">{t('resultsAdmin.review.line', { placement, eliminations })}</p>
    </li>
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
 * must tick "replace" (the API refuses otherwise), so nothing is overwritten silently. Rejecting
 * needs a reason, which the player sees. A decided report opens read-only.
 */
export default function ReportReviewDialog({ t, locale, report, onClose, onReviewed }: Props) {
  const reject = useForm<Typed>({ defaultValues: { reason: '' }, validate: rejectRules });
  const [overwrite, setOverwrite] = useState(false);
  const [createMatch, setCreateMatch] = useState(false);
  // the match got no results meanwhile (or the queue was read before): the option shows after the refusal
  const [unrecorded, setUnrecorded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReportReview['decision'] | null>(null);
  const { reset } = reject;

  useEffect(() => {
    reset({ reason: '' });
    setOverwrite(false);
    setCreateMatch(false);
    setUnrecorded(false);
    setFailure(null);
  }, [report, reset]);

  const send = async (body: ReportReview) => {
    if (!report || busy) return;
    setFailure(null);
    setBusy(body.decision);
    const res = await call<'POST /tournaments/:id/reports/:reportId/review'>(
      `/tournaments/${encodeURIComponent(report.tournamentId)}/reports/${encodeURIComponent(report.id)}/review`,
      { body },
    );
    setBusy(null);
    if (!res.ok) {
      if (res.code === 'MATCH_NOT_RECORDED') setUnrecorded(true);
      setFailure(res.code);
      toast.error(t.error(res.code));
      return;
    }
    toast.success(
      body.decision === 'approve'
        ? t('resultsAdmin.review.approved', { n: report.matchNumber })
        : t('resultsAdmin.review.rejected'),
    );
    onReviewed(res.data);
  };

  const r = report;
  const recorded = r?.conflicts.some((c) => c.kind === 'recorded') ?? false;
  const noMatch = r !== null && (!r.matchRecorded || unrecorded);
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
          <div className="flex gap-4">
            <a
              href={r.imageUrl}
              target="_blank"
              rel="noopener"
              className="shrink-0 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
              aria-label={t('resultsAdmin.review.newTab')}
            >
              <img
                src={r.imageUrl}
                alt=""
                width={112}
                height={112}
                className="h-28 w-28 rounded-xl bg-ink object-cover ring-1 ring-line"
              />
            </a>
            <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-400">{t('resultsAdmin.review.player')}</dt>
              <dd className="truncate font-semibold text-white" data-testid="report-review-player">
                {r.username}
              </dd>
              {r.entrantName !== r.username && (
                <>
                  <dt className="text-slate-400">{t('resultsAdmin.review.entrant')}</dt>
                  <dd className="truncate text-slate-200">{r.entrantName}</dd>
                </>
              )}
              <dt className="text-slate-400">{t('resultsAdmin.review.submittedAt')}</dt>
              <dd className="text-slate-200">
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
              </dd>
              <dt className="text-slate-400">{t('resultsAdmin.review.status')}</dt>
              <dd>
                <ReportStatusBadge t={t} status={r.status} />
              </dd>
              {r.reason && (
                <>
                  <dt className="text-slate-400">{t('resultsAdmin.review.reason')}</dt>
                  <dd className="break-words text-slate-200">{r.reason}</dd>
                </>
              )}
            </dl>
          </div>
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
          {failure && (
            <p role="alert" className={errorBoxClass} data-testid="report-review-error">
              {t.error(failure)}
            </p>
          )}
          {r.status === 'pending' ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void send({ decision: 'approve', overwrite, createMatch: noMatch && createMatch });
                }}
                className="space-y-3 rounded-xl border border-emerald-500/30 p-4"
                aria-label={t('resultsAdmin.review.approve')}
              >
                {recorded && (
                  <label className="flex items-start gap-2 text-sm text-slate-200">
                    <input
                      type="checkbox"
                      className={`${checkboxClass} mt-0.5`}
                      checked={overwrite}
                      onChange={(e) => setOverwrite(e.target.checked)}
                      data-testid="report-review-overwrite"
                    />
                    <span>
                      {t('resultsAdmin.review.overwrite')}
                      <span className="block text-xs text-slate-400">{t('resultsAdmin.review.overwriteHint')}</span>
                    </span>
                  </label>
                )}
                {noMatch && (
                  <label className="flex items-start gap-2 text-sm text-slate-200">
                    <input
                      type="checkbox"
                      className={`${checkboxClass} mt-0.5`}
                      checked={createMatch}
                      onChange={(e) => setCreateMatch(e.target.checked)}
                      data-testid="report-review-create-match"
                    />
                    <span>
                      {t('resultsAdmin.review.createMatch', { n: r.matchNumber })}
                      <span className="block text-xs text-slate-400">{t('resultsAdmin.review.createMatchHint')}</span>
                    </span>
                  </label>
                )}
                <button
                  type="submit"
                  className={`${primaryButtonClass} w-full`}
                  disabled={busy !== null || (noMatch && !createMatch)}
                  data-testid="report-review-approve"
                >
                  {busy === 'approve' ? t('resultsAdmin.review.saving') : t('resultsAdmin.review.approve')}
                </button>
              </form>
              <form
                noValidate
                onSubmit={reject.handleSubmit<ReportReview>(send)}
                className="space-y-3 rounded-xl border border-rose-500/30 p-4"
                aria-label={t('resultsAdmin.review.reject')}
              >
                <FormField
                  id="report-review-reason"
                  label={t('resultsAdmin.review.rejectReason')}
                  error={
                    reasonError
                      ? t(`resultsAdmin.review.${reasonError as 'reasonRequired' | 'reasonTooLong'}`, {
                          max: REPORT_REASON_MAX,
                        })
                      : undefined
                  }
                  hint={t('resultsAdmin.review.rejectHint')}
                >
                  <textarea
                    {...controlProps('report-review-reason', reasonError, true)}
                    rows={2}
                    maxLength={REPORT_REASON_MAX}
                    required
                    {...reject.register('reason')}
                    className={inputClass}
                  />
                </FormField>
                <button
                  type="submit"
                  className={`${rejectButtonClass} w-full`}
                  disabled={busy !== null}
                  data-testid="report-review-reject"
                >
                  {busy === 'reject' ? t('resultsAdmin.review.saving') : t('resultsAdmin.review.reject')}
                </button>
              </form>
            </div>
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
