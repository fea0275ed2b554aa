import { toast } from 'sonner';
import type { Match } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStepAbout } from '../../../../platform/ui/use-confirm-step.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';
import {
  dangerSmallButtonClass,
  panelClass,
  panelTitleClass,
  rowClass,
  smallButtonClass,
  tdClass,
} from '../../../../platform/ui/admin/ui.ts';

const call: TypedCall<ResultsApi> = api;
const columns = ['number', 'winner', 'entrants', 'state', 'actions'] as const;

interface Props {
  t: Translator;
  tournamentId: string;
  matches: Match[];
  locked: boolean;
  editing: number | null;
  onEdit: (match: Match) => void;
  onChanged: (match: Match) => void;
}

/**
 * The matches entered so far, voided ones included: edit one in the entry form, void or restore it after a
 * confirmation.
 */
export default function MatchList({ t, tournamentId, matches, locked, editing, onEdit, onChanged }: Props) {
  const voiding = useConfirmStepAbout<Match>();
  const asking = voiding.subject;
  // the lobby shows only once a match was played outside lobby 1
  const split = matches.some((m) => m.lobby > 1);

  const toggle = async () => {
    if (!asking) return;
    const voided = !asking.voided;
    const res = await voiding.run(() =>
      call<'POST /tournaments/:id/matches/:number/void'>(
        `/tournaments/${encodeURIComponent(tournamentId)}/matches/${asking.number}/void`,
        { body: { voided } },
      ),
    );
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(
      t(voided ? 'resultsAdmin.matches.voidedToast' : 'resultsAdmin.matches.restoredToast', {
        number: res.data.number,
      }),
    );
    onChanged(res.data);
  };

  return (
    <section className={`${panelClass} space-y-4`} aria-labelledby="matches-title" data-testid="match-list">
      <h2 id="matches-title" className={panelTitleClass}>
        {t('resultsAdmin.matches.title')}
      </h2>
      {matches.length === 0 ? (
        <p className="text-sm text-slate-400" data-testid="match-list-empty">
          {t('resultsAdmin.matches.empty')}
        </p>
      ) : (
        <DataTable
          caption={t('resultsAdmin.matches.title')}
          testId="match-list-table"
          columns={columns.map((c) => ({
            label: t(`resultsAdmin.matches.${c}`),
            align: c === 'entrants' || c === 'actions' ? 'right' : undefined,
          }))}
        >
          {matches.map((m) => {
            const winner = [...m.lines].sort((a, b) => a.placement - b.placement)[0];
            return (
              <tr
                key={m.number}
                className={`${rowClass} ${m.voided ? 'opacity-60' : ''}`}
                data-testid={`match-${m.number}`}
                data-voided={m.voided}
              >
                <td className={`${tdClass} font-bold text-white tabular-nums`}>
                  {m.number}
                  {split && (
                    <span className="block text-xs font-normal text-slate-400" data-testid={`match-${m.number}-lobby`}>
                      {t('resultsAdmin.lobbies.lobby', { n: m.lobby })}
                    </span>
                  )}
                </td>
                <td className={`${tdClass} text-slate-200`}>{winner ? winner.name : '–'}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{m.lines.length}</td>
                <td className={tdClass}>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                      m.voided ? 'bg-rose-500/15 text-rose-200' : 'bg-emerald-500/15 text-emerald-200'
                    }`}
                    data-testid={`match-${m.number}-state`}
                  >
                    {t(m.voided ? 'resultsAdmin.matches.voided' : 'resultsAdmin.matches.counts')}
                  </span>
                </td>
                <td className={`${tdClass} text-right`}>
                  {!locked && (
                    <div className="flex justify-end gap-2">
                      <button
                        type="button"
                        className={smallButtonClass}
                        disabled={editing === m.number}
                        onClick={() => onEdit(m)}
                        aria-label={t('resultsAdmin.matches.editLabel', { number: m.number })}
                        data-testid={`match-${m.number}-edit`}
                      >
                        {t('resultsAdmin.matches.edit')}
                      </button>
                      <button
                        type="button"
                        className={m.voided ? smallButtonClass : dangerSmallButtonClass}
                        onClick={() => voiding.ask(m)}
                        aria-label={t(
                          m.voided ? 'resultsAdmin.matches.restoreLabel' : 'resultsAdmin.matches.voidLabel',
                          { number: m.number },
                        )}
                        data-testid={`match-${m.number}-${m.voided ? 'restore' : 'void'}`}
                      >
                        {t(m.voided ? 'resultsAdmin.matches.restore' : 'resultsAdmin.matches.void')}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <ConfirmDialog
        {...voiding.dialog}
        title={
          asking
            ? t(asking.voided ? 'resultsAdmin.matches.restoreTitle' : 'resultsAdmin.matches.voidTitle', {
                number: asking.number,
              })
            : ''
        }
        message={
          asking ? t(asking.voided ? 'resultsAdmin.matches.restoreMessage' : 'resultsAdmin.matches.voidMessage') : ''
        }
        confirmLabel={asking ? t(asking.voided ? 'resultsAdmin.matches.restore' : 'resultsAdmin.matches.void') : ''}
        cancelLabel={t('resultsAdmin.matches.cancel')}
        onConfirm={toggle}
        danger={!asking?.voided}
        testId="match-void-dialog"
      />
    </section>
  );
}
