import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { broadcastInputSchema } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStepAbout } from '../../../../platform/ui/use-confirm-step.ts';
import { CheckboxField, fieldsOf, TextAreaField, TextField } from '../../../../platform/ui/admin/fields.tsx';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { countKey } from '../../../../platform/ui/admin/format.ts';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';

const call: TypedCall<TournamentsApi> = api;

type Values = z.input<typeof broadcastInputSchema>;
type Body = z.output<typeof broadcastInputSchema>;

const empty: Values = { subject: { it: '', en: '' }, body: { it: '', en: '' }, includeWaitlist: false };
const validate = schemaValidator<Values>(broadcastInputSchema);

interface Props {
  t: Translator;
  tournamentId: string;
  /** current counts, for the confirmation's "N recipients" */
  memberCount: number;
  waitlistCount: number;
}

/**
 * "E-mail all players": a subject and a body in both languages (each player reads their own),
 * members only or with the waitlist; confirmed before sending because it cannot be taken back.
 */
export default function BroadcastForm({ t, tournamentId, memberCount, waitlistCount }: Props) {
  const sending = useConfirmStepAbout<Body>();
  const pending = sending.subject;
  const { register, handleSubmit, reset, watch, getValues, setError, errors, isDirty } = useForm<Values>({
    validate,
    defaultValues: empty,
  });
  useUnsavedGuard(isDirty);
  const fieldError = fieldErrorReader(t, errors, getValues);
  const field = fieldsOf({ register, fieldError }, 'broadcast');

  const send = async () => {
    if (!pending) return;
    const res = await sending.run(() =>
      call<'POST /tournaments/:id/broadcast'>(`/tournaments/${encodeURIComponent(tournamentId)}/broadcast`, {
        body: pending,
      }),
    );
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, ['subject', 'body', 'includeWaitlist']))
        setError(field, error);
      toast.error(t.error(res.code));
      return;
    }
    reset(empty);
    toast.success(t(countKey('dashboard.tournaments.broadcast.sent', res.data.sent), { count: res.data.sent }));
  };

  const recipients = (body: Pick<Body, 'includeWaitlist'> | null) =>
    memberCount + (body?.includeWaitlist ? waitlistCount : 0);
  const nobody = recipients({ includeWaitlist: watch<boolean>('includeWaitlist') }) === 0;

  return (
    <section className={panelClass} aria-labelledby="broadcast-title">
      <h2 id="broadcast-title" className={panelTitleClass}>
        {t('dashboard.tournaments.broadcast.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{t('dashboard.tournaments.broadcast.intro')}</p>
      <form
        noValidate
        onSubmit={handleSubmit<Body>((body) => sending.ask(body))}
        className="mt-5 space-y-5"
        data-testid="broadcast-form"
      >
        <div className="grid gap-5 lg:grid-cols-2">
          {(['it', 'en'] as const).map((lang) => (
            <fieldset key={lang} className="space-y-4 rounded-xl border border-line p-4" lang={lang}>
              <legend className="px-1 text-sm font-semibold text-slate-200">
                {t(`dashboard.tournaments.broadcast.language.${lang}`)}
              </legend>
              <TextField
                {...field(`subject.${lang}`)}
                label={t('dashboard.tournaments.broadcast.subject')}
                maxLength={200}
              />
              <TextAreaField {...field(`body.${lang}`)} label={t('dashboard.tournaments.broadcast.body')} rows={8} />
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <CheckboxField registration={register('includeWaitlist')} testId="broadcast-includeWaitlist">
            {t('dashboard.tournaments.broadcast.includeWaitlist', { count: waitlistCount })}
          </CheckboxField>
          {nobody && (
            <p className="text-sm text-amber-300" data-testid="broadcast-no-recipients">
              {t('dashboard.tournaments.broadcast.noRecipients')}
            </p>
          )}
          <BusyButton
            type="submit"
            busy={sending.busy}
            busyLabel={t('dashboard.tournaments.broadcast.sending')}
            disabled={nobody}
            testId="broadcast-submit"
          >
            {t('dashboard.tournaments.broadcast.submit')}
          </BusyButton>
        </div>
      </form>
      <ConfirmDialog
        {...sending.dialog}
        title={t('dashboard.tournaments.broadcast.confirmTitle')}
        message={t(countKey('dashboard.tournaments.broadcast.confirmMessage', recipients(pending)), {
          count: recipients(pending),
        })}
        confirmLabel={
          sending.busy ? t('dashboard.tournaments.broadcast.sending') : t('dashboard.tournaments.broadcast.confirm')
        }
        cancelLabel={t('dashboard.common.cancel')}
        onConfirm={send}
        testId="broadcast-confirm-dialog"
      />
    </section>
  );
}
