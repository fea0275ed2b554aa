import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { Tournament } from '../../contract.ts';
import type { TournamentsApi } from '../../endpoints.ts';

const call: TypedCall<TournamentsApi> = api;

/** What the dialog offers: it asks first whether the tournament has results, which can only be archived. */
type Offer = 'checking' | 'delete' | 'archive';

/**
 * The delete dialog of the tournament list. A tournament with results (matches, a bracket, final
 * standings) is never deleted: the dialog says so and offers to archive it instead. A delete refused
 * for results found meanwhile turns the dialog into the archive offer.
 */
export default function TournamentRemoveDialog({
  t,
  tournament,
  deleteMessage,
  onClose,
  onDone,
}: {
  t: Translator;
  tournament: Tournament | null;
  /** the delete's text (how many players are told it is cancelled) */
  deleteMessage: (x: Tournament) => string;
  onClose: () => void;
  /** after a delete or an archive: the list reads its page again */
  onDone: () => void;
}) {
  const [offer, setOffer] = useState<Offer>('checking');
  const [busy, setBusy] = useState(false);
  const id = tournament?.id;
  const finalized = tournament?.finalized ?? false;

  useEffect(() => {
    if (!id) return;
    let current = true;
    setOffer(finalized ? 'archive' : 'checking');
    void call<'GET /tournaments/:id/removal'>(`/tournaments/${encodeURIComponent(id)}/removal`).then((res) => {
      // the server refuses a delete with results whatever the dialog said, so a failed check offers the delete
      if (current) setOffer(res.ok && res.data.hasResults ? 'archive' : 'delete');
    });
    return () => {
      current = false;
    };
  }, [id, finalized]);

  if (!tournament) return null;
  const vars = { name: tournament.name };
  const remove = async () => {
    setBusy(true);
    const res = await call<'DELETE /tournaments/:id'>(`/tournaments/${encodeURIComponent(tournament.id)}`, {
      method: 'DELETE',
    });
    setBusy(false);
    if (!res.ok && res.code === 'TOURNAMENT_HAS_RESULTS') return setOffer('archive');
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(t('dashboard.tournaments.list.deleted', vars));
    onDone();
  };
  const archive = async () => {
    setBusy(true);
    const res = await call<'PUT /tournaments/:id/archive'>(
      `/tournaments/${encodeURIComponent(tournament.id)}/archive`,
      {
        method: 'PUT',
        body: { archived: true },
      },
    );
    setBusy(false);
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(t('dashboard.tournaments.list.archived', vars));
    onDone();
  };

  const texts =
    offer === 'archive'
      ? {
          title: t('dashboard.tournaments.list.archiveTitle'),
          message: t('dashboard.tournaments.list.archiveMessage', vars),
          confirmLabel: busy ? t('dashboard.tournaments.list.archiving') : t('dashboard.tournaments.list.archive'),
        }
      : {
          title: t('dashboard.tournaments.list.deleteTitle'),
          message: offer === 'checking' ? t('dashboard.tournaments.list.checking', vars) : deleteMessage(tournament),
          confirmLabel: busy ? t('dashboard.common.deleting') : t('dashboard.common.delete'),
        };
  return (
    <ConfirmDialog
      open
      {...texts}
      cancelLabel={t('dashboard.common.cancel')}
      onConfirm={offer === 'archive' ? archive : remove}
      onCancel={onClose}
      busy={busy || offer === 'checking'}
      danger={offer === 'delete'}
      testId="tournament-delete-dialog"
    />
  );
}
