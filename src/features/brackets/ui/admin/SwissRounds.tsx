import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../../platform/i18n/plural.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStep } from '../../../../platform/ui/use-confirm-step.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { BracketsApi } from '../../endpoints.ts';
import type { Bracket } from '../../contract.ts';

const call: TypedCall<BracketsApi> = api;

/**
 * A Swiss bracket's round in the Bracket tab: which round of how many, the button that closes it
 * and pairs the next (matches without a result become 0–0 draws, as the hint says), and the table.
 * Closing cannot be undone, so a dialog says first how many matches become draws.
 */
export default function SwissRounds({
  t,
  locale,
  bracket,
  onChange,
}: {
  t: Translator;
  locale: Locale;
  bracket: Bracket;
  onChange: (b: Bracket) => void;
}) {
  const closing = useConfirmStep();
  const swiss = bracket.swiss;
  if (!swiss) return null;
  const rows = bracket.tables[0]?.rows ?? [];
  const last = swiss.current >= swiss.rounds;
  // the matches the server turns into 0–0 draws: those of the current round without a result
  const open = bracket.rounds
    .filter((r) => r.round === swiss.current)
    .flatMap((r) => r.matches)
    .filter((m) => m.state !== 'confirmed' && m.state !== 'bye').length;
  const consequences = [
    open > 0 ? t(pluralKey('brackets.admin.closeConfirmOpen', open, locale), { count: open }) : null,
    t(last ? 'brackets.admin.closeConfirmLast' : 'brackets.admin.closeConfirmNext'),
  ];

  const close = async () => {
    const res = await closing.run(() =>
      call<'POST /tournaments/:id/bracket/next-round'>(
        `/tournaments/${encodeURIComponent(bracket.tournamentId)}/bracket/next-round`,
        { body: { round: swiss.current } },
      ),
    );
    if (!res.ok) return toast.error(t.error(res.code));
    onChange(res.data);
    toast.success(t('brackets.admin.closed'));
  };

  return (
    <section className="space-y-3 rounded-2xl border border-line bg-panel/80 p-5" data-testid="bracket-admin-swiss">
      <p className="font-semibold text-white" data-testid="bracket-admin-swiss-progress">
        {t('brackets.admin.swissProgress', { n: swiss.current, total: swiss.rounds })}
      </p>
      {swiss.canClose && (
        <>
          <BusyButton
            busy={closing.busy}
            busyLabel={t('brackets.admin.closing')}
            onClick={closing.ask}
            aria-describedby="bracket-close-hint"
            testId="bracket-next-round"
          >
            {last ? t('brackets.admin.closeLast') : t('brackets.admin.closeRound', { n: swiss.current })}
          </BusyButton>
          <p id="bracket-close-hint" className="text-xs text-slate-400">
            {t('brackets.admin.closeHint')}
          </p>
          <ConfirmDialog
            {...closing.dialog}
            title={t('brackets.admin.closeConfirmTitle', { n: swiss.current })}
            message={consequences.filter(Boolean).join('\n\n')}
            confirmLabel={t('brackets.admin.closeConfirm')}
            cancelLabel={t('brackets.admin.cancel')}
            onConfirm={() => void close()}
            danger
            testId="bracket-close-dialog"
          />
        </>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="bracket-admin-table">
          <caption className="mb-2 text-left font-bold text-white">{t('brackets.admin.standings')}</caption>
          <thead>
            <tr className="border-b border-line whitespace-nowrap text-slate-400">
              <th scope="col" className="px-2 py-1 text-left">
                {t('brackets.table.rank')}
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                {t('brackets.table.name')}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t('brackets.table.points')}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <abbr title={t('brackets.swiss.buchholzTitle')}>{t('brackets.swiss.buchholz')}</abbr>
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                <abbr title={t('brackets.swiss.opponentsWinTitle')}>{t('brackets.swiss.opponentsWin')}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.entrantId} className="border-t border-line/60 text-slate-200" data-testid="bracket-admin-row">
                <td className="px-2 py-1 tabular-nums">{r.rank}</td>
                <th scope="row" className="px-2 py-1 text-left font-semibold text-white">
                  {r.name}
                </th>
                <td className="px-2 py-1 text-right font-bold tabular-nums">{r.points}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.buchholz ?? 0}</td>
                <td className="px-2 py-1 text-right tabular-nums">{(r.opponentsWin ?? 0).toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
