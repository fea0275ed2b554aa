import { useEffect } from 'react';
import { ROSTER_REASON_MAX, rosterReasonSchema, type RosterReason } from '../../contract.ts';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import FormDialog from '../../../../platform/ui/FormDialog.tsx';
import { inputClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';

export type ReasonKind = 'remove' | 'disqualify';

interface Props {
  t: Translator;
  /** the action asked for and the player's name; null closes the dialog */
  ask: { kind: ReasonKind; name: string; note?: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

const validate = schemaValidator<RosterReason>(rosterReasonSchema);
/** Remove or disqualify one player: the reason is required, because the player reads it in their e-mail. */
export default function ReasonDialog({ t, ask, busy, onCancel, onConfirm }: Props) {
  const form = useForm<RosterReason>({ defaultValues: { reason: '' }, validate });
  const { reset } = form;
  const opened = ask ? `${ask.kind}:${ask.name}` : null;
  // a fresh, empty reason each time the dialog opens for someone
  useEffect(() => {
    if (opened) reset({ reason: '' });
  }, [opened, reset]);

  const kind = ask?.kind ?? 'remove';
  const error = form.errors.reason ? t('dashboard.tournaments.roster.reasonRequired') : undefined;
  return (
    <FormDialog
      subject={ask}
      onCancel={onCancel}
      busy={busy}
      testId="roster-reason-dialog"
      size="w-[min(30rem,calc(100vw-2rem))]"
      onSubmit={form.handleSubmit<RosterReason>((body) => onConfirm(body.reason))}
      title={({ name }) =>
        t(
          kind === 'remove'
            ? 'dashboard.tournaments.roster.removeTitle'
            : 'dashboard.tournaments.roster.disqualifyTitle',
          { name },
        )
      }
      description={({ name, note }, id) => (
        <div id={id} className="space-y-2 text-sm text-slate-300">
          <p>
            {t(
              kind === 'remove'
                ? 'dashboard.tournaments.roster.removeMessage'
                : 'dashboard.tournaments.roster.disqualifyMessage',
              { name },
            )}
          </p>
          {note && <p>{note}</p>}
        </div>
      )}
      actions={{
        cancelLabel: t('dashboard.common.cancel'),
        confirmLabel: t(
          kind === 'remove'
            ? 'dashboard.tournaments.roster.confirmRemove'
            : 'dashboard.tournaments.roster.confirmDisqualify',
        ),
        busyLabel: t('dashboard.tournaments.roster.working'),
        danger: true,
        testIds: ['roster-reason-cancel', 'roster-reason-confirm'],
      }}
    >
      {(_, focus) => (
        <FormField id="roster-reason" label={t('dashboard.tournaments.roster.reason')} error={error}>
          <textarea
            {...controlProps('roster-reason', error)}
            rows={3}
            maxLength={ROSTER_REASON_MAX}
            required
            {...focus(form.register('reason'))}
            className={inputClass}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
