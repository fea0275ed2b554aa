import type { Competition } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { sortValues } from '../../../../platform/list-sort.ts';
import { countKey } from '../../../../platform/ui/admin/format.ts';
import { AdminList } from '../../../../platform/ui/admin/AdminList.tsx';
import { EditDeleteCell, EditLinkCell, editorList } from '../../../../platform/ui/admin/EditableRowCells.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
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
  const ns = 'dashboard.competitions.list';
  const vars = (c: Competition) => ({ name: c.name });
  const { listProps, editHref, actions } = editorList('competitions', locale, { list, t, ns, testId: 'competition' });
  // the tournaments that point to it stay, without a competition: the dialog says how many
  const deleteMessage = (c: Competition) =>
    c.tournamentCount === 0
      ? t('dashboard.competitions.list.deleteMessage', { name: c.name })
      : t(countKey('dashboard.competitions.list.deleteMessageTournaments', c.tournamentCount, locale), {
          name: c.name,
          count: c.tournamentCount,
        });

  return (
    <AdminList
      {...listProps}
      id="competitions"
      columns={[
        { key: 'name', sort: 'name' },
        { key: 'game' },
        { key: 'url' },
        { key: 'players', align: 'right', sort: 'players' },
        { key: 'actions', align: 'right' },
      ]}
      remove={{
        call: (c) =>
          call<'DELETE /tournaments/competitions/:id'>(`/tournaments/competitions/${encodeURIComponent(c.id)}`, {
            method: 'DELETE',
          }),
        vars,
        message: deleteMessage,
        dialogTestId: 'competition-delete-dialog',
      }}
    >
      {(c) => (
        <tr key={c.id} className={rowClass} data-testid={`competition-row-${c.id}`}>
          <EditLinkCell href={editHref(c.id)} testId="competition-row-name">
            {c.name}
          </EditLinkCell>
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>{t(`dashboard.games.${c.game}`)}</td>
          <td className={`${tdClass} max-w-[16rem] truncate font-mono text-xs text-slate-400`}>
            {c.url || t('dashboard.common.none')}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="competition-row-players">
            {playersOf(c)}
          </td>
          <EditDeleteCell {...actions} row={c} href={editHref(c.id)} vars={vars(c)} />
        </tr>
      )}
    </AdminList>
  );
}
