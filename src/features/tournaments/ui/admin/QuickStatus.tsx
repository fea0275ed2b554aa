import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Tournament } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import { selectClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import { fromStatusChoice, statusChoiceLabel, statusChoices, toStatusChoice, type StatusChoice } from './status.ts';

const call: TypedCall<TournamentsApi> = api;

/** Sets the tournament's status in one step (or hands it back to the schedule), without the full form. */
export default function QuickStatus({
  t,
  tournament,
  onChange,
}: {
  t: Translator;
  tournament: Tournament;
  onChange: (t: Tournament) => void;
}) {
  const current = toStatusChoice(tournament.statusOverride);
  const [choice, setChoice] = useState<StatusChoice>(current);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChoice(current), [current]);
  // finalising ended the tournament for good: the server refuses any other status, so none is offered
  const final = tournament.finalized;

  const apply = async () => {
    setBusy(true);
    const res = await call<'PUT /tournaments/:id'>(`/tournaments/${encodeURIComponent(tournament.id)}`, {
      method: 'PUT',
      body: { status: fromStatusChoice(choice) },
    });
    setBusy(false);
    if (!res.ok) {
      toast.error(t.error(res.code));
      return;
    }
    onChange(res.data);
    toast.success(t('dashboard.tournaments.detail.statusSaved', { status: t(statusChoiceLabel(choice)) }));
  };

  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-labelledby="quick-status-label">
      <div className="space-y-1">
        <label
          id="quick-status-label"
          htmlFor="tournament-quick-status"
          className="block text-xs font-medium text-slate-400"
        >
          {t('dashboard.tournaments.detail.quickStatus')}
        </label>
        <select
          id="tournament-quick-status"
          data-testid="tournament-quick-status"
          value={choice}
          onChange={(e) => setChoice(e.target.value as StatusChoice)}
          disabled={final}
          aria-describedby={final ? 'quick-status-final' : undefined}
          className={`${selectClass} h-10 py-0 text-sm`}
        >
          {statusChoices.map((c) => (
            <option key={c} value={c}>
              {t(statusChoiceLabel(c))}
            </option>
          ))}
        </select>
      </div>
      <BusyButton
        busy={busy}
        busyLabel={t('dashboard.common.saving')}
        onClick={apply}
        disabled={final || choice === current}
        className={`${smallButtonClass} h-10`}
        testId="tournament-quick-status-apply"
      >
        {t('dashboard.tournaments.detail.applyStatus')}
      </BusyButton>
      {final && (
        <p
          id="quick-status-final"
          className="basis-full text-xs text-slate-400"
          data-testid="tournament-quick-status-final"
        >
          {t('dashboard.tournaments.detail.statusFinal')}
        </p>
      )}
    </div>
  );
}
