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
import GroupTable from './GroupTable.tsx';

const call: TypedCall<BracketsApi> = api;

/**
 * A Swiss bracket's round in the Bracket tab: which round of how many, the button that closes it
 * and pairs the next (matches without a result become 0–0 draws, as the hint says), and the field's table.
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
      <GroupTable t={t} caption={t('brackets.admin.standings')} rows={rows} swiss />
    </section>
  );
}
