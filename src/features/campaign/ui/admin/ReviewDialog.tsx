import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  MAX_SCORE,
  REJECT_REASON_MAX,
  type AdminSubmission,
  type ReviewInput,
  type Submission,
} from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { CampaignApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import { errorBoxClass, inputClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { useForm, type Validator } from '../../../../platform/ui/use-form.ts';
import Modal from '../../../../platform/ui/admin/Modal.tsx';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { reviewBody, type ReviewDecision } from './campaign-admin.ts';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import StatusBadge from './StatusBadge.tsx';

const call: TypedCall<CampaignApi> = api;

interface Props {
  t: Translator;
  locale: Locale;
  /** the submission under review; null closes the dialog */
  submission: AdminSubmission | null;
  onClose: () => void;
  /** after a decision was saved: the queue reloads */
  onReviewed: (saved: Submission) => void;
}

const rejectButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-5 py-2.5 font-semibold text-white transition hover:bg-rose-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 outline-none focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

type Typed = { score: string; reason: string };

/** The rules of one decision (reviewBody), as a form validator: the problem lands on that decision's field. */
const decisionRules =
  (decision: ReviewDecision): Validator<Typed> =>
  async ({ score, reason }) => {
    const checked = reviewBody(decision, score, reason);
    return checked.ok
      ? { ok: true, values: checked.body }
      : {
          ok: false,
          errors: { [decision === 'approve' ? 'score' : 'reason']: { type: 'custom', message: checked.problem } },
        };
  };
const approveRules = decisionRules('approve');
const rejectRules = decisionRules('reject');

/**
 * Approve with a score or reject with a reason (POST /marketplace/submissions/{id}/review). A
 * decision can be changed until the phase closes, so a reviewed submission opens here too, with
 * its current score or reason filled in.
 */
export default function ReviewDialog({ t, locale, submission, onClose, onReviewed }: Props) {
  const typed = (x: AdminSubmission | null): Typed => ({
    score: x?.score != null ? String(x.score) : '',
    reason: x?.reason ?? '',
  });
  // one form per decision, each with its own field and rules
  const approve = useForm<Typed>({ defaultValues: typed(submission), validate: approveRules });
  const reject = useForm<Typed>({ defaultValues: typed(submission), validate: rejectRules });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReviewDecision | null>(null);
  const { reset: resetApprove } = approve;
  const { reset: resetReject } = reject;

  useEffect(() => {
    resetApprove(typed(submission));
    resetReject(typed(submission));
    setFailure(null);
  }, [submission, resetApprove, resetReject]);

  const send = (decision: ReviewDecision) => async (body: ReviewInput) => {
    if (!submission || busy) return;
    setFailure(null);
    setBusy(decision);
    const res = await call<'POST /marketplace/submissions/:id/review'>(
      `/marketplace/submissions/${encodeURIComponent(submission.id)}/review`,
      { body },
    );
    setBusy(null);
    if (!res.ok) {
      setFailure(res.code);
      toast.error(t.error(res.code));
      return;
    }
    toast.success(
      t(decision === 'approve' ? 'campaignAdmin.review.approved' : 'campaignAdmin.review.rejected', {
        name: submission.username,
        score: res.data.score ?? 0,
      }),
    );
    onReviewed(res.data);
  };

  const problem = (decision: ReviewDecision) => {
    const error = decision === 'approve' ? approve.errors.score : reject.errors.reason;
    return error?.message
      ? t(`campaignAdmin.review.errors.${error.message}`, {
          max: decision === 'approve' ? MAX_SCORE : REJECT_REASON_MAX,
        })
      : undefined;
  };
  const s = submission;

  return (
    <Modal
      open={s !== null}
      title={t('campaignAdmin.review.title')}
      closeLabel={t('campaignAdmin.close')}
      onClose={onClose}
      testId="review-dialog"
    >
      {s && (
        <>
          <div className="flex gap-4">
            <a
              href={s.imageUrl}
              target="_blank"
              rel="noopener"
              className="shrink-0 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
              aria-label={t('campaignAdmin.image.newTabFor', { name: s.username })}
            >
              <img
                src={s.imageUrl}
                alt=""
                width={112}
                height={112}
                className="h-28 w-28 rounded-xl bg-ink object-cover ring-1 ring-line"
              />
            </a>
            <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-400">{t('campaignAdmin.review.typedName')}</dt>
              <dd className="truncate font-semibold text-white" data-testid="review-name">
                {s.username}
              </dd>
              <dt className="text-slate-400">{t('campaignAdmin.review.account')}</dt>
              <dd className="truncate text-slate-200">{s.accountUsername}</dd>
              <dt className="text-slate-400">{t('campaignAdmin.review.email')}</dt>
              <dd className="truncate text-slate-200">{s.email}</dd>
              <dt className="text-slate-400">{t('campaignAdmin.queue.columns.phase')}</dt>
              <dd className="text-slate-200">{t('campaignAdmin.phase', { n: s.phase })}</dd>
              <dt className="text-slate-400">{t('campaignAdmin.queue.columns.submittedAt')}</dt>
              <dd className="text-slate-200">
                <time dateTime={s.createdAt}>{formatDateTime(s.createdAt, locale)}</time>
              </dd>
              <dt className="text-slate-400">{t('campaignAdmin.queue.columns.status')}</dt>
              <dd>
                <StatusBadge t={t} status={s.status} />
              </dd>
            </dl>
          </div>
          {s.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} ns="campaignAdmin" item={s} />}
          {failure && (
            <p role="alert" className={errorBoxClass} data-testid="review-error">
              {t.error(failure)}
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <form
              noValidate
              onSubmit={approve.handleSubmit<ReviewInput>(send('approve'))}
              className="space-y-3 rounded-xl border border-emerald-500/30 p-4"
              aria-label={t('campaignAdmin.review.approveTitle')}
            >
              <FormField
                id="review-score"
                label={t('campaignAdmin.review.score')}
                error={problem('approve')}
                hint={t('campaignAdmin.review.scoreHint')}
              >
                <input
                  {...controlProps('review-score', problem('approve'), true)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_SCORE}
                  step={1}
                  required
                  {...approve.register('score')}
                  className={inputClass}
                />
              </FormField>
              <button
                type="submit"
                className={`${primaryButtonClass} w-full`}
                disabled={busy !== null}
                data-testid="review-approve"
              >
                {busy === 'approve' ? t('campaignAdmin.saving') : t('campaignAdmin.review.approve')}
              </button>
            </form>
            <form
              noValidate
              onSubmit={reject.handleSubmit<ReviewInput>(send('reject'))}
              className="space-y-3 rounded-xl border border-rose-500/30 p-4"
              aria-label={t('campaignAdmin.review.rejectTitle')}
            >
              <FormField
                id="review-reason"
                label={t('campaignAdmin.review.reason')}
                error={problem('reject')}
                hint={t('campaignAdmin.review.reasonHint')}
              >
                <textarea
                  {...controlProps('review-reason', problem('reject'), true)}
                  rows={2}
                  maxLength={REJECT_REASON_MAX}
                  required
                  {...reject.register('reason')}
                  className={inputClass}
                />
              </FormField>
              <button
                type="submit"
                className={`${rejectButtonClass} w-full`}
                disabled={busy !== null}
                data-testid="review-reject"
              >
                {busy === 'reject' ? t('campaignAdmin.saving') : t('campaignAdmin.review.reject')}
              </button>
            </form>
          </div>
        </>
      )}
    </Modal>
  );
}
