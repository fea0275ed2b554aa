import type { Competition } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { sortValues } from '../../../../platform/list-sort.ts';
import { countKey } from '../../../../platform/ui/admin/format.ts';
import { EditLinkCell } from '../../../../platform/ui/admin/EditableRowCells.tsx';
import { EditorPagesList } from '../../../../platform/ui/admin/EditorPagesList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { tdClass } from '../../../../platform/ui/admin/ui.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';

const call: TypedCall<TournamentsApi> = api;

const sorts = sortValues(['name', 'players']);
const playersOf = (c: Competition) => (c.teams ?? []).reduce((n, team) => n + team.players.length, 0);
const orders: Record<string, (a: Competition, b: Competition) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  players: (a, b) => playersOf(a) - playersOf(b),
};

/**
 * /dashboard/competitions: every competition of the owner (the API lists them whole, read once), searched, sorted and
 * paged here, with edit and delete.
 */
export default function CompetitionsList({ t, locale, ownerId }: SectionProps) {
  const list = useAdminList<Competition>({
    whole: {
      read: () =>
        call<'GET /tournaments/competitions'>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`),
      text: (c) => c.name,
      orders,
    },
    params: { sort: { values: sorts, initial: 'newest' } },
    loadError: (code) => t.error(code),
  });
  // the tournaments that point to it stay, without a competition: the dialog says how many
  const deleteMessage = (c: Competition) =>
    c.tournamentCount === 0
      ? t('dashboard.competitions.list.deleteMessage', { name: c.name })
      : t(countKey('dashboard.competitions.list.deleteMessageTournaments', c.tournamentCount, locale), {
          name: c.name,
          count: c.tournamentCount,
        });

  return (
    <EditorPagesList
      section="competitions"
      locale={locale}
      actions={{ list, t, ns: 'dashboard.competitions.list', testId: 'competition' }}
      id="competitions"
      columns={[
        { key: 'name', sort: 'name' },
        { key: 'game' },
        { key: 'url' },
        { key: 'players', align: 'right', sort: 'players' },
      ]}
      rowId={(c) => c.id}
      vars={(c) => ({ name: c.name })}
      remove={(c) =>
        call<'DELETE /tournaments/competitions/:id'>(`/tournaments/competitions/${encodeURIComponent(c.id)}`, {
          method: 'DELETE',
        })
      }
      deleteMessage={deleteMessage}
    >
      {(c, editHref) => (
        <>
          <EditLinkCell href={editHref} testId="competition-row-name">
            {c.name}
          </EditLinkCell>
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>{t(`dashboard.games.${c.game}`)}</td>
          <td className={`${tdClass} max-w-[16rem] truncate font-mono text-xs text-slate-400`}>
            {c.url || t('dashboard.common.none')}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="competition-row-players">
            {playersOf(c)}
          </td>
        </>
      )}
    </EditorPagesList>
  );
}
