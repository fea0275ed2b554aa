import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { teamsInputSchema, type Entrant } from '../../contract.ts';
import { api, type ApiResult } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { InputField, SelectOptions } from '../../../../platform/ui/FormField.tsx';
import { secondaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../../platform/ui/admin/PanelHeading.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import PanelForm, { invalidToast } from './PanelForm.tsx';
import SaveActions from './SaveActions.tsx';

const call: TypedCall<ResultsApi> = api;

interface TeamsValues {
  teams: { name: string; members: string[] }[];
}
const validate = schemaValidator<TeamsValues>(teamsInputSchema);
const toValues = (teams: Entrant[]): TeamsValues => ({
  teams: teams.map((team) => ({ name: team.name, members: team.members.map((m) => m.id) })),
});

interface Props {
  t: Translator;
  tournamentId: string;
  teamSize: number;
  teams: Entrant[];
  /** the checked-in players, in check-in order: only they can be in a team */
  players: { id: string; username: string }[];
  locked: boolean;
  onSaved: (teams: Entrant[]) => void;
  /** what the place showing the teams adds under their intro */
  note?: string;
}

/**
 * The teams of a duo, trio or squad tournament: formed automatically from the checked-in players in check-in order,
 * then renamed or rearranged by hand.
 */
export default function TeamsEditor({ t, tournamentId, teamSize, teams, players, locked, onSaved, note }: Props) {
  const { register, handleSubmit, reset, watch, getValues, setValue, setError, errors, isDirty, isSubmitting } =
    useForm<TeamsValues>({ validate, defaultValues: toValues(teams) });
  useUnsavedGuard(isDirty);
  // forming the teams anew replaces the ones there are, names and members: asked first when there are any
  const [askAuto, setAskAuto] = useState(false);
  // the panel reads the teams again after every match: only different teams replace the form (and its unsaved edits).
  // `baseline` is the teams the form last started from, so the read that follows a save or an automatic forming,
  // bringing the same teams back, leaves alone a name typed meanwhile
  const stored = JSON.stringify(toValues(teams));
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    if (stored === baseline.current) return;
    baseline.current = stored;
    reset(JSON.parse(stored) as TeamsValues);
  }, [stored, reset]);
  const fieldError = fieldErrorReader(t, errors, getValues);
  const current = watch<TeamsValues['teams']>('teams');
  const nameOf = new Map(players.map((p) => [p.id, p.username]));
  for (const team of teams) for (const m of team.members) if (!nameOf.has(m.id)) nameOf.set(m.id, m.username);
  const assigned = new Set(current.flatMap((team) => team.members));
  const free = players.filter((p) => !assigned.has(p.id));
  const base = `/tournaments/${encodeURIComponent(tournamentId)}/teams` as const;

  const answer = (res: ApiResult<Entrant[]>, done: string) => {
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, ['teams'])) setError(field, error);
      toast.error(t.error(res.code));
      return;
    }
    baseline.current = JSON.stringify(toValues(res.data));
    reset(toValues(res.data));
    onSaved(res.data);
    toast.success(t(done));
  };
  const save = async (body: TeamsValues) =>
    answer(await call<'PUT /tournaments/:id/teams'>(base, { method: 'PUT', body }), 'resultsAdmin.teams.saved');
  const auto = async () => {
    setAskAuto(false);
    answer(
      await call<'POST /tournaments/:id/teams/auto'>(`${base}/auto`, { method: 'POST' }),
      'resultsAdmin.teams.autoDone',
    );
  };

  return (
    <PanelForm
      onSubmit={handleSubmit<TeamsValues>(save, invalidToast(t))}
      titleId="teams-title"
      testId="teams-editor"
      submitting={isSubmitting}
      spacing="space-y-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PanelHeading
          id="teams-title"
          title={t('resultsAdmin.teams.title')}
          intro={t('resultsAdmin.teams.intro', { size: teamSize })}
        />
        {!locked && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => (teams.length > 0 || current.length > 0 ? setAskAuto(true) : void auto())}
            disabled={isSubmitting}
            data-testid="teams-auto"
          >
            {t('resultsAdmin.teams.auto')}
          </button>
        )}
        <ConfirmDialog
          open={askAuto}
          title={t('resultsAdmin.teams.autoConfirmTitle')}
          message={t('resultsAdmin.teams.autoConfirmMessage')}
          confirmLabel={t('resultsAdmin.teams.auto')}
          cancelLabel={t('resultsAdmin.teams.autoCancel')}
          onConfirm={() => void auto()}
          onCancel={() => setAskAuto(false)}
          danger
          testId="teams-auto-dialog"
        />
      </div>
      {note && (
        <p className="text-sm text-slate-400" data-testid="teams-note">
          {note}
        </p>
      )}
      {current.length === 0 ? (
        <p className="text-sm text-slate-400" data-testid="teams-empty">
          {t('resultsAdmin.teams.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {current.map((team, i) => {
            const id = `teams-${i}-name`;
            return (
              <li key={i} className="space-y-2 rounded-xl border border-line bg-ink/40 p-3" data-testid={`team-${i}`}>
                <InputField
                  id={id}
                  label={t('resultsAdmin.teams.name')}
                  error={fieldError(`teams.${i}.name`)}
                  registration={register(`teams.${i}.name`)}
                  type="text"
                  maxLength={40}
                  disabled={locked}
                />
                <ul className="flex flex-wrap gap-2" aria-label={t('resultsAdmin.teams.members')}>
                  {team.members.map((member) => (
                    <li
                      key={member}
                      className={
                        'inline-flex items-center gap-1 rounded-full ' +
                        'bg-white/10 py-1 pr-1 pl-3 text-sm text-slate-100'
                      }
                    >
                      {nameOf.get(member) ?? member}
                      {!locked && (
                        <button
                          type="button"
                          className="rounded-full px-1.5 text-slate-300 hover:bg-white/10 hover:text-white"
                          onClick={() =>
                            setValue(
                              `teams.${i}.members`,
                              team.members.filter((m) => m !== member),
                            )
                          }
                          aria-label={t('resultsAdmin.teams.removeMember', {
                            name: nameOf.get(member) ?? member,
                            team: team.name,
                          })}
                        >
                          ✕
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-rose-400 empty:hidden">{fieldError(`teams.${i}.members`)}</p>
                {!locked && (
                  <div className="flex flex-wrap items-center gap-2">
                    {team.members.length < teamSize && free.length > 0 && (
                      <select
                        className={`${selectClass} max-w-56 py-1.5 text-sm`}
                        value=""
                        onChange={(e) =>
                          e.target.value && setValue(`teams.${i}.members`, [...team.members, e.target.value])
                        }
                        aria-label={t('resultsAdmin.teams.addMember', { team: team.name })}
                        data-testid={`team-${i}-add`}
                      >
                        <option value="">{t('resultsAdmin.teams.addMemberPlaceholder')}</option>
                        <SelectOptions options={free.map((p) => [p.id, p.username] as const)} />
                      </select>
                    )}
                    <button
                      type="button"
                      className={smallButtonClass}
                      onClick={() =>
                        setValue(
                          'teams',
                          current.filter((_, j) => j !== i),
                        )
                      }
                      data-testid={`team-${i}-remove`}
                    >
                      {t('resultsAdmin.teams.removeTeam')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {free.length > 0 && (
        <p className="text-sm text-amber-200">
          {t('resultsAdmin.teams.unassigned', { names: free.map((p) => p.username).join(', ') })}
        </p>
      )}
      {!locked && (
        <SaveActions
          t={t}
          submitting={isSubmitting}
          disabled={!isDirty}
          label={t('resultsAdmin.teams.save')}
          testId="teams-save"
        >
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() =>
              setValue('teams', [
                ...current,
                { name: t('resultsAdmin.teams.newTeamName', { n: current.length + 1 }), members: [] },
              ])
            }
            data-testid="teams-add"
          >
            {t('resultsAdmin.teams.addTeam')}
          </button>
        </SaveActions>
      )}
    </PanelForm>
  );
}
