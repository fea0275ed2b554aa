import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_SLUG, type Campaign } from '../../contract.ts';
import type { Competition } from '../../../tournaments/contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import { errorBoxClass, inputClass, primaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import EditorLoadError from '../../../../platform/ui/admin/EditorLoadError.tsx';
import { localTimeZone } from '../../../../platform/ui/admin/format.ts';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import { scheduleFormValues, scheduleUpdate, type ScheduleField, type ScheduleFormValues } from './campaign-admin.ts';
import CampaignTabs from './CampaignTabs.tsx';

const dateInputClass = `${inputClass} [color-scheme:dark]`;
const stateTone = { upcoming: 'text-sky-300', open: 'text-emerald-300', closed: 'text-slate-400' } as const;

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
  const [values, setValues] = useState<ScheduleFormValues | null>(null);
  const [missing, setMissing] = useState<ScheduleField[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setLoadFailure(null);
    api<Campaign>(`/campaigns/${CAMPAIGN_SLUG}`).then((res) => {
      if (!live) return;
      if (!res.ok) {
        setLoadFailure(res.code);
        return;
      }
      setCampaign(res.data);
      setValues(scheduleFormValues(res.data));
    });
    return () => {
      live = false;
    };
  }, [reload]);

  // the select is optional: without the list the admin can still save the dates
  useEffect(() => {
    let live = true;
    api<Competition[]>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`).then((res) => {
      if (live) setCompetitions(res.ok ? res.data : []);
    });
    return () => {
      live = false;
    };
  }, [ownerId]);

  const zone = localTimeZone();
  const fieldError = (field: ScheduleField) => (missing.includes(field) ? t('campaignAdmin.schedule.invalidDate') : undefined);
  const setPhase = (i: number, edge: 'opensAt' | 'closesAt', value: string) => setValues((v) => v && { ...v, phases: v.phases.map((p, j) => (j === i ? { ...p, [edge]: value } : p)) });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || saving) return;
    const checked = scheduleUpdate(values);
    if (!checked.ok) {
      setMissing(checked.missing);
      const code = checked.order ? 'INVALID_CAMPAIGN_SCHEDULE' : null;
      setFailure(code);
      toast.error(code ? t.error(code) : t('campaignAdmin.schedule.invalid'));
      if (checked.missing[0]) document.getElementById(`schedule-${checked.missing[0]}`)?.focus();
      return;
    }
    setMissing([]);
    setFailure(null);
    setSaving(true);
    const res = await api<Campaign>(`/campaigns/${CAMPAIGN_SLUG}`, { method: 'PUT', body: checked.body });
    setSaving(false);
    if (!res.ok) {
      setFailure(res.code);
      toast.error(t.error(res.code));
      return;
    }
    setCampaign(res.data);
    setValues(scheduleFormValues(res.data));
    toast.success(t('campaignAdmin.schedule.saved'));
  };

  return (
    <div className="mt-6 space-y-5" data-testid="campaign-schedule">
      <CampaignTabs t={t} locale={locale} current="schedule" />
      {loadFailure ? (
        <EditorLoadError t={t} id={CAMPAIGN_SLUG} failure={loadFailure} testId="schedule-load-error" onRetry={() => setReload((n) => n + 1)} />
      ) : !values || !campaign ? (
        <Spinner label={t('campaignAdmin.schedule.loading')} testId="schedule-loading" />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="schedule-form" aria-describedby="schedule-zone">
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
            <FormField id="schedule-deadline" label={t('campaignAdmin.schedule.deadline')} error={fieldError('deadline')} hint={t('campaignAdmin.schedule.deadlineHint')}>
              <input
                {...controlProps('schedule-deadline', fieldError('deadline'), true)}
                type="datetime-local"
                required
                value={values.deadline}
                onChange={(e) => setValues({ ...values, deadline: e.target.value })}
                className={dateInputClass}
              />
            </FormField>
            <FormField id="schedule-competition" label={t('campaignAdmin.schedule.competition')} hint={t('campaignAdmin.schedule.competitionHint')}>
              <select
                {...controlProps('schedule-competition', undefined, true)}
                value={values.competitionId}
                disabled={competitions === null}
                onChange={(e) => setValues({ ...values, competitionId: e.target.value })}
                className={selectClass}
              >
                <option value="">{t('campaignAdmin.schedule.noCompetition')}</option>
                {/* a linked competition missing from the list (deleted, other owner) stays selectable */}
                {values.competitionId && competitions && !competitions.some((c) => c.id === values.competitionId) && <option value={values.competitionId}>{values.competitionId}</option>}
                {competitions?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            {values.phases.map((p, i) => {
              const n = i + 1;
              const state = campaign.phases.find((c) => c.phase === n)?.state;
              return (
                <fieldset key={n} className={`${panelClass} grid gap-4 sm:grid-cols-2`} data-testid={`schedule-phase-${n}`}>
                  <legend className="sr-only">{t('campaignAdmin.phase', { n })}</legend>
                  <div className="flex items-baseline justify-between sm:col-span-2" aria-hidden="true">
                    <span className={panelTitleClass}>{t('campaignAdmin.phase', { n })}</span>
                    {state && (
                      <span className={`text-sm font-semibold ${stateTone[state]}`} data-testid={`schedule-phase-${n}-state`}>
                        {t(`campaignAdmin.phaseState.${state}`)}
                      </span>
                    )}
                  </div>
                  {state && <p className="sr-only">{t(`campaignAdmin.phaseState.${state}`)}</p>}
                  {(['opensAt', 'closesAt'] as const).map((edge) => {
                    const id = `schedule-phase-${n}-${edge}` as const;
                    return (
                      <FormField key={edge} id={id} label={t(`campaignAdmin.schedule.${edge}`)} error={fieldError(`phase-${n}-${edge}`)}>
                        <input {...controlProps(id, fieldError(`phase-${n}-${edge}`))} type="datetime-local" required value={p[edge]} onChange={(e) => setPhase(i, edge, e.target.value)} className={dateInputClass} />
                      </FormField>
                    );
                  })}
                </fieldset>
              );
            })}
          </div>
          <div className="flex justify-end">
            <button type="submit" className={primaryButtonClass} disabled={saving} data-testid="schedule-submit">
              {saving ? t('campaignAdmin.saving') : t('campaignAdmin.schedule.save')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
