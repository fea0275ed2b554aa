import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_SLUG, type Campaign } from '../../contract.ts';
import type { Competition } from '../../../tournaments/contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { CampaignApi } from '../../endpoints.ts';
import type { TournamentsApi } from '../../../tournaments/endpoints.ts';
import FormField, { controlProps, InputField } from '../../../../platform/ui/FormField.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import { errorBoxClass, inputClass, primaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import EditorLoadError from '../../../../platform/ui/admin/EditorLoadError.tsx';
import { whenLive } from '../../../../platform/ui/admin/when-live.ts';
import { localTimeZone } from '../../../../platform/ui/admin/format.ts';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { useForm, type FieldErrors, type Validator } from '../../../../platform/ui/use-form.ts';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import { scheduleFormValues, scheduleUpdate, type ScheduleField, type ScheduleFormValues } from './campaign-admin.ts';
import type { CampaignUpdate } from '../../contract.ts';
import CampaignTabs from './CampaignTabs.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';

const call: TypedCall<CampaignApi & TournamentsApi> = api;

const dateInputClass = `${inputClass} [color-scheme:dark]`;
const stateTone = { upcoming: 'text-sky-300', open: 'text-emerald-300', closed: 'text-slate-400' } as const;

/** A field of the schedule as the form addresses it: 'deadline', 'phases.1.closesAt'. */
const pathOf = (field: ScheduleField) =>
  field === 'deadline' ? field : field.replace(/^phase-(\d+)-/, (_, n: string) => `phases.${Number(n) - 1}.`);
/** The windows out of order is about the whole form, not one field. */
const ORDER = 'schedule';

/** scheduleUpdate as a form validator: each empty or unreadable date on its field, the order on the form. */
const validate: Validator<ScheduleFormValues> = async (values) => {
  const checked = scheduleUpdate(values);
  if (checked.ok) return { ok: true, values: checked.body };
  const errors: FieldErrors = Object.fromEntries(
    checked.missing.map((field) => [pathOf(field), { type: 'custom', message: 'invalidDate' }]),
  );
  if (checked.order) errors[ORDER] = { type: 'code', message: 'INVALID_CAMPAIGN_SCHEDULE' };
  return { ok: false, errors };
};

/**
 * /dashboard/campaign/schedule: the countdown deadline, the four upload windows and the linked
 * competition, saved together with PUT /campaigns/cortina. Times are typed on the admin's clock
 * (Europe/Rome for the organisers) and sent as instants.
 */
export default function CampaignSchedule({ t, locale, ownerId }: SectionProps) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [competitions, setCompetitions] = useState<Competition[] | null>(null);

  useEffect(() => {
    setLoadFailure(null);
    return whenLive(call<'GET /campaigns/:slug'>(`/campaigns/${CAMPAIGN_SLUG}`), (res) => {
      if (res.ok) setCampaign(res.data);
      else setLoadFailure(res.code);
    });
  }, [reload]);

  // the select is optional: without the list the admin can still save the dates
  useEffect(
    () =>
      whenLive(
        call<'GET /tournaments/competitions'>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`),
        (res) => setCompetitions(res.ok ? res.data : []),
      ),
    [ownerId],
  );

  return (
    <div className="mt-6 space-y-5" data-testid="campaign-schedule">
      <CampaignTabs t={t} locale={locale} current="schedule" />
      {loadFailure ? (
        <EditorLoadError
          t={t}
          id={CAMPAIGN_SLUG}
          failure={loadFailure}
          testId="schedule-load-error"
          onRetry={() => setReload((n) => n + 1)}
        />
      ) : !campaign ? (
        <Spinner label={t('campaignAdmin.schedule.loading')} testId="schedule-loading" />
      ) : (
        <ScheduleForm t={t} campaign={campaign} competitions={competitions} onSaved={setCampaign} />
      )}
    </div>
  );
}

function ScheduleForm({
  t,
  campaign,
  competitions,
  onSaved,
}: {
  t: Translator;
  campaign: Campaign;
  competitions: Competition[] | null;
  onSaved: (c: Campaign) => void;
}) {
  const { register, handleSubmit, reset, values, errors, isSubmitting, isDirty } = useForm<ScheduleFormValues>({
    defaultValues: scheduleFormValues(campaign),
    validate,
  });
  useUnsavedGuard(isDirty);
  const [failure, setFailure] = useState<string | null>(null);
  const zone = localTimeZone();
  const fieldError = (path: string) => (errors[path] ? t('errors.validation.dateTime') : undefined);

  const onSubmit = async (body: Required<CampaignUpdate>) => {
    setFailure(null);
    const res = await call<'PUT /campaigns/:slug'>(`/campaigns/${CAMPAIGN_SLUG}`, { method: 'PUT', body });
    if (!res.ok) {
      setFailure(res.code);
      toast.error(t.error(res.code));
      return;
    }
    onSaved(res.data);
    reset(scheduleFormValues(res.data));
    toast.success(t('campaignAdmin.schedule.saved'));
  };
  const onInvalid = (errs: FieldErrors) => {
    const order = errs[ORDER]?.message ?? null;
    setFailure(order);
    toast.error(order ? t.error(order) : t('campaignAdmin.schedule.invalid'));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit<Required<CampaignUpdate>>(onSubmit, onInvalid)}
      className="space-y-5"
      data-testid="schedule-form"
      aria-describedby="schedule-zone"
    >
      <p id="schedule-zone" className="text-sm text-slate-400" data-testid="schedule-zone">
        {t('campaignAdmin.schedule.zoneHint', { zone })}
      </p>
      {failure && (
        <p role="alert" className={errorBoxClass} data-testid="schedule-error">
          {t.error(failure)}
        </p>
      )}
      <section className={`${panelClass} grid gap-4 sm:grid-cols-2`} aria-labelledby="schedule-general">
        <h2 id="schedule-general" className={`${panelTitleClass} sm:col-span-2`}>
          {t('campaignAdmin.schedule.general')}
        </h2>
        <InputField
          id="schedule-deadline"
          label={t('campaignAdmin.schedule.deadline')}
          error={fieldError('deadline')}
          hint={t('campaignAdmin.schedule.deadlineHint')}
          registration={register('deadline')}
          type="datetime-local"
          required
          className={dateInputClass}
        />
        <FormField
          id="schedule-competition"
          label={t('campaignAdmin.schedule.competition')}
          hint={t('campaignAdmin.schedule.competitionHint')}
        >
          <select
            {...register('competitionId')}
            {...controlProps('schedule-competition', undefined, true)}
            disabled={competitions === null}
            className={selectClass}
          >
            <option value="">{t('campaignAdmin.schedule.noCompetition')}</option>
            {/* a linked competition missing from the list (deleted, other owner) stays selectable */}
            {values.competitionId && competitions && !competitions.some((c) => c.id === values.competitionId) && (
              <option value={values.competitionId}>{values.competitionId}</option>
            )}
            {competitions?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        {values.phases.map((_, i) => {
          const n = i + 1;
          const state = campaign.phases.find((c) => c.phase === n)?.state;
          return (
            <fieldset key={n} className={`${panelClass} grid gap-4 sm:grid-cols-2`} data-testid={`schedule-phase-${n}`}>
              <legend className="sr-only">{t('campaignAdmin.phase', { n })}</legend>
              <div className="flex items-baseline justify-between sm:col-span-2" aria-hidden="true">
                <span className={panelTitleClass}>{t('campaignAdmin.phase', { n })}</span>
                {state && (
                  <span
                    className={`text-sm font-semibold ${stateTone[state]}`}
                    data-testid={`schedule-phase-${n}-state`}
                  >
                    {t(`campaignAdmin.phaseState.${state}`)}
                  </span>
                )}
              </div>
              {state && <p className="sr-only">{t(`campaignAdmin.phaseState.${state}`)}</p>}
              {(['opensAt', 'closesAt'] as const).map((edge) => {
                const id = `schedule-phase-${n}-${edge}` as const;
                return (
                  <InputField
                    key={edge}
                    id={id}
                    label={t(`campaignAdmin.schedule.${edge}`)}
                    error={fieldError(`phases.${i}.${edge}`)}
                    registration={register(`phases.${i}.${edge}`)}
                    type="datetime-local"
                    required
                    className={dateInputClass}
                  />
                );
              })}
            </fieldset>
          );
        })}
      </div>
      <div className="flex justify-end">
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting} data-testid="schedule-submit">
          {isSubmitting ? t('campaignAdmin.saving') : t('campaignAdmin.schedule.save')}
        </button>
      </div>
    </form>
  );
}
