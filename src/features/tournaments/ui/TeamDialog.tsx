import { useState } from 'react';
import type { TeamName } from '../contract.ts';
import { celebrateEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import DialogActions from '../../../platform/ui/DialogActions.tsx';
import { errorBoxClass } from '../../../platform/ui/ui.ts';
import TitledModal from '../../../platform/ui/TitledModal.tsx';

const call: TypedCall<TournamentsApi> = api;

interface Props {
  t: Translator;
  competitionId: string;
  onClose: () => void;
  onChosen: (team: TeamName) => void;
}

// spelled out rather than imported: the schemas module would bring zod into this chunk
const teamNames = ['precision', 'speed'] as const satisfies readonly TeamName[];

const look: Record<TeamName, string> = {
  precision: 'has-[:checked]:border-cyan-400 has-[:checked]:bg-cyan-950/60 has-[:checked]:ring-cyan-400/40',
  speed: 'has-[:checked]:border-fuchsia-400 has-[:checked]:bg-fuchsia-950/60 has-[:checked]:ring-fuchsia-400/40',
};

/** The faction choice after joining a championship tournament: confirm only once one is chosen. */
export default function TeamDialog({ t, competitionId, onClose, onChosen }: Props) {
  const [team, setTeam] = useState<TeamName | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!team || busy) return;
    setBusy(true);
    setFailure(null);
    const res = await call<'POST /tournaments/competitions/:id/team'>(
      `/tournaments/competitions/${encodeURIComponent(competitionId)}/team`,
      { body: { team } },
    );
    setBusy(false);
    if (res.ok) {
      celebrateEarnedBadges(res.earnedBadges);
      onChosen(team);
    } else setFailure(t.error(res.code));
  };

  return (
    <TitledModal
      title={t('tournaments.team.title')}
      closeLabel={t('tournaments.dialog.close')}
      onClose={onClose}
      busy={busy}
      testId="team-dialog"
    >
      <p className="text-sm text-slate-300">{t('tournaments.team.intro')}</p>
      <fieldset className="mt-4 grid gap-3">
        <legend className="sr-only">{t('tournaments.team.title')}</legend>
        {teamNames.map((name) => (
          <label
            key={name}
            className={
              'flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-ink/50 p-4 ring-2 ' +
              'ring-transparent transition hover:border-slate-500 has-[:focus-visible]:outline-2 ' +
              `has-[:focus-visible]:outline-accent ${look[name]}`
            }
            data-testid={`team-option-${name}`}
          >
            <input
              type="radio"
              name="team"
              value={name}
              checked={team === name}
              onChange={() => setTeam(name)}
              className="mt-1 size-4 accent-accent"
              data-testid={`team-${name}`}
            />
            <span>
              <span className="block text-lg font-bold text-white">{t(`tournaments.team.${name}`)}</span>
              <span className="block text-sm text-slate-300">{t(`tournaments.team.${name}Description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {failure && (
        <p role="alert" className={`${errorBoxClass} mt-4`} data-testid="team-error">
          {failure}
        </p>
      )}
      <DialogActions
        className="mt-6 flex flex-wrap justify-end gap-3"
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('tournaments.team.later')}
        confirmLabel={t('tournaments.team.confirm')}
        busyLabel={t('tournaments.team.confirming')}
        onConfirm={confirm}
        disabled={!team}
        testIds={['team-later', 'team-confirm']}
      />
    </TitledModal>
  );
}
