import { useState } from 'react';
import { toast } from 'sonner';
import { useAdminList, type ListRequest } from '../../../../platform/ui/admin/use-admin-list.ts';
import { useRowDialog } from '../../../../platform/ui/admin/use-row-dialog.ts';
import { pageQuery } from '../../../../platform/ui/admin/admin-lists.ts';
import { phaseOf } from '../../rules.ts';
import type { Tournament } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { countKey } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime, formatDate, formatTime } from '../../../../platform/i18n/date-time.ts';
import { AdminList, ListFilter, RowActions } from '../../../../platform/ui/admin/AdminList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import PhaseBadge from './PhaseBadge.tsx';
import { statusNames } from './status.ts';
import TournamentRemoveDialog from './TournamentRemoveDialog.tsx';
import { archiveChoices, editorHref, tournamentListParams } from './list-place.ts';

const call: TypedCall<TournamentsApi> = api;

/** The API pages, sorts and searches (a name in either language, so an English search finds an Italian name too). */
const load = ({ query, page, values }: ListRequest) =>
  call<'GET /tournaments'>(
    `/tournaments?${pageQuery(page, {
      sort: values.sort,
      archived: values.archived === 'hide' ? undefined : values.archived,
      search: query,
    })}`,
  );

/** /dashboard/tournaments: the searchable, paginated table with edit and delete. */
export default function TournamentsList({ t, locale }: SectionProps) {
  const list = useAdminList<Tournament>({
    load,
    params: tournamentListParams,
    loadError: (code) => t.error(code),
  });
  // an editor opened from here carries the list's place, so its way back returns to this page of this search
  const place = { query: list.query, page: list.page, values: list.values };
  const editHref = (id: string) => editorHref(locale, place, id);
  // every registered player (waitlist included) is e-mailed that the tournament is cancelled: the dialog says how many
  const deleteMessage = (x: Tournament) => {
    const count = x.members.length + x.waitlistCount;
    return count === 0
      ? t('dashboard.tournaments.roster.deleteMessageNoPlayers', { name: x.name })
      : t(countKey('dashboard.tournaments.roster.deleteMessagePlayers', count, locale), { name: x.name, count });
  };

  const removing = useRowDialog<Tournament>(list);
  const [unarchiving, setUnarchiving] = useState<string | null>(null);
  const unarchive = async (x: Tournament) => {
    setUnarchiving(x.id);
    const res = await call<'PUT /tournaments/:id/archive'>(`/tournaments/${encodeURIComponent(x.id)}/archive`, {
      method: 'PUT',
      body: { archived: false },
    });
    setUnarchiving(null);
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(t('dashboard.tournaments.list.unarchived', { name: x.name }));
    list.updateRows((rows) => rows.map((r) => (r.id === x.id ? res.data : r)));
  };

  return (
    <AdminList
      list={list}
      t={t}
      ns="dashboard.tournaments.list"
      id="tournaments"
      newHref={editorHref(locale, place)}
      tools={
        <ListFilter
          list={list}
          name="archived"
          id="tournaments-archived-filter"
          label={t('dashboard.tournaments.list.filterLabel')}
          options={archiveChoices.map((c) => [c, t(`dashboard.tournaments.list.filters.${c}`)])}
        />
      }
      columns={[
        { key: 'name', sort: 'name' },
        { key: 'game' },
        { key: 'phase' },
        { key: 'start', sort: 'start' },
        { key: 'players', align: 'right' },
        { key: 'waitlist', align: 'right' },
        { key: 'status' },
        { key: 'actions', align: 'right' },
      ]}
      after={
        <TournamentRemoveDialog
          t={t}
          tournament={removing.row}
          deleteMessage={deleteMessage}
          onClose={removing.close}
          onDone={removing.done}
        />
      }
    >
      {(tournament) => (
        <tr key={tournament.id} className={rowClass} data-testid={`tournament-row-${tournament.id}`}>
          <th scope="row" className={`${tdClass} max-w-[12rem] font-semibold text-white`}>
            <a
              href={editHref(tournament.id)}
              className={`${linkClass} block truncate text-slate-100`}
              title={tournament.name}
              data-testid="tournament-row-name"
            >
              {tournament.name}
            </a>
            {!tournament.open && (
              <span className="mt-0.5 block text-xs font-medium text-amber-300">
                {t('dashboard.tournaments.list.private')}
              </span>
            )}
            {tournament.archived && (
              <span
                className="mt-0.5 inline-block rounded bg-slate-700 px-1.5 text-xs font-medium text-slate-200"
                data-testid="tournament-row-archived"
              >
                {t('dashboard.tournaments.list.archivedBadge')}
              </span>
            )}
          </th>
          <td className={`${tdClass} min-w-[6.5rem] text-slate-300`}>{t(`dashboard.games.${tournament.game}`)}</td>
          <td className={tdClass}>
            <PhaseBadge phase={phaseOf(tournament)} t={t} testId="tournament-row-phase" />
          </td>
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
            {tournament.start_tournament ? (
              <time dateTime={tournament.start_tournament} title={formatDateTime(tournament.start_tournament, locale)}>
                <span className="block">{formatDate(tournament.start_tournament, locale)}</span>
                <span className="block text-xs text-slate-500">{formatTime(tournament.start_tournament, locale)}</span>
              </time>
            ) : (
              <span className="text-slate-500">{t('dashboard.tournaments.list.noDate')}</span>
            )}
          </td>
          <td
            className={`${tdClass} text-right font-mono whitespace-nowrap text-slate-200`}
            data-testid="tournament-row-players"
          >
            {tournament.slotsTaken}/{tournament.maxPartecipants}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="tournament-row-waitlist">
            {tournament.waitlistCount}
          </td>
          <td className={`${tdClass} whitespace-nowrap`} data-testid="tournament-row-status">
            <span className="text-slate-200">{t(`dashboard.status.${statusNames[tournament.status]}`)}</span>
            <span className="block text-xs text-slate-500">
              {tournament.finalized
                ? t('dashboard.tournaments.list.statusFinal')
                : tournament.statusOverride === null
                  ? t('dashboard.tournaments.list.statusAuto')
                  : t('dashboard.tournaments.list.statusManual')}
            </span>
          </td>
          <RowActions
            t={t}
            testId="tournament"
            compact
            edit={{
              href: editHref(tournament.id),
              label: t('dashboard.tournaments.list.editLabel', { name: tournament.name }),
            }}
            onDelete={{
              run: () => removing.open(tournament),
              label: t('dashboard.tournaments.list.deleteLabel', { name: tournament.name }),
            }}
          >
            {tournament.archived && (
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => void unarchive(tournament)}
                disabled={unarchiving === tournament.id}
                aria-label={t('dashboard.tournaments.list.unarchiveLabel', { name: tournament.name })}
                data-testid="tournament-row-unarchive"
              >
                {t('dashboard.tournaments.list.unarchive')}
              </button>
            )}
          </RowActions>
        </tr>
      )}
    </AdminList>
  );
}
