import { useEffect } from 'react';
import { toast } from 'sonner';
import { MAX_SCORE, REJECT_REASON_MAX, type AdminSubmission, type ReviewInput } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { CampaignApi } from '../../endpoints.ts';
import { NumberField } from '../../../../platform/ui/admin/fields.tsx';
import { useForm, type Validator } from '../../../../platform/ui/use-form.ts';
import Modal, { DetailFact } from '../../../../platform/ui/admin/Modal.tsx';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { reviewBody, type ReviewDecision } from './campaign-admin.ts';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import { DecisionForms, ReviewSummary, useDecision } from '../../../../platform/ui/admin/Moderation.tsx';
import type { ReviewDialogProps } from '../../../../platform/ui/admin/Moderation.tsx';
import StatusBadge from './StatusBadge.tsx';

const call: TypedCall<CampaignApi> = api;

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
export default function ReviewDialog({ t, locale, review }: ReviewDialogProps<AdminSubmission>) {
  const { row: submission, close: onClose } = review;
  const typed = (x: AdminSubmission | null): Typed => ({
    score: x?.score != null ? String(x.score) : '',
    reason: x?.reason ?? '',
  });
  // one form per decision, each with its own field and rules
  const approve = useForm<Typed>({ defaultValues: typed(submission), validate: approveRules });
  const reject = useForm<Typed>({ defaultValues: typed(submission), validate: rejectRules });
  const sending = useDecision(t);
  const { busy, setFailure, send } = sending;
  const { reset: resetApprove } = approve;
  const { reset: resetReject } = reject;

  useEffect(() => {
    resetApprove(typed(submission));
    resetReject(typed(submission));
    setFailure(null);
  }, [submission, resetApprove, resetReject, setFailure]);

  const decide = (decision: ReviewDecision) => async (body: ReviewInput) => {
    if (!submission || busy) return;
    const res = await send(decision, () =>
      call<'POST /marketplace/submissions/:id/review'>(
        `/marketplace/submissions/${encodeURIComponent(submission.id)}/review`,
        { body },
      ),
    );
    if (!res.ok) return;
    toast.success(
      t(decision === 'approve' ? 'campaignAdmin.review.approved' : 'campaignAdmin.review.rejected', {
        name: submission.username,
        score: res.data.score ?? 0,
      }),
    );
    review.done();
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
          <ReviewSummary src={s.imageUrl} linkLabel={t('campaignAdmin.image.newTabFor', { name: s.username })}>
            <DetailFact label={t('campaignAdmin.review.typedName')} strong truncate testId="review-name">
              {s.username}
            </DetailFact>
            <DetailFact label={t('campaignAdmin.review.account')} truncate>
              {s.accountUsername}
            </DetailFact>
            <DetailFact label={t('campaignAdmin.review.email')} truncate>
              {s.email}
            </DetailFact>
            <DetailFact label={t('campaignAdmin.queue.columns.phase')}>
              {t('campaignAdmin.phase', { n: s.phase })}
            </DetailFact>
            <DetailFact label={t('campaignAdmin.queue.columns.submittedAt')}>
              <time dateTime={s.createdAt}>{formatDateTime(s.createdAt, locale)}</time>
            </DetailFact>
            <DetailFact label={t('campaignAdmin.queue.columns.status')} valueClassName="">
              <StatusBadge t={t} status={s.status} />
            </DetailFact>
          </ReviewSummary>
          {s.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} ns="campaignAdmin" item={s} />}
          <DecisionForms
            id="review"
            t={t}
            sending={sending}
            saving={t('campaignAdmin.saving')}
            approve={{
              title: t('campaignAdmin.review.approveTitle'),
              button: t('campaignAdmin.review.approve'),
              onSubmit: approve.handleSubmit<ReviewInput>(decide('approve')),
              children: (
                <NumberField
                  id="review-score"
                  label={t('campaignAdmin.review.score')}
                  error={problem('approve')}
                  hint={t('campaignAdmin.review.scoreHint')}
                  registration={approve.register('score')}
                  min={0}
                  max={MAX_SCORE}
                  required
                />
              ),
            }}
            reject={{
              title: t('campaignAdmin.review.rejectTitle'),
              button: t('campaignAdmin.review.reject'),
              onSubmit: reject.handleSubmit<ReviewInput>(decide('reject')),
              reason: {
                label: t('campaignAdmin.review.reason'),
                hint: t('campaignAdmin.review.reasonHint'),
                error: problem('reject'),
                maxLength: REJECT_REASON_MAX,
                field: reject.register('reason'),
              },
            }}
          />
        </>
      )}
    </Modal>
  );
}
