import { toast } from 'sonner';
import { matchesSearch, PAGE_SIZE, pageOffset } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList, type Loaded } from '../../../../platform/ui/admin/use-admin-list.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { phaseOf } from '../../rules.ts';
import type { Tournament } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { linkClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { formatDateTime, formatShortDate, formatTime } from '../../../../platform/ui/admin/format.ts';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { dangerSmallButtonClass, rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import PhaseBadge from './PhaseBadge.tsx';
import { DeleteIcon, EditIcon } from '../../../../platform/ui/admin/icons.tsx';
import { statusNames } from './status.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

/** The API pages by limit/offset and has no name filter, so a search reads every page (in batches) and filters here. */
const BATCH = 100;
const MAX_BATCHES = 50;

async function fetchAll(): Promise<Loaded<Tournament>> {
  const all: Tournament[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const res = await api<Tournament[]>(`/tournaments?limit=${BATCH}&offset=${i * BATCH}`);
    if (!res.ok) return res;
    all.push(...res.data);
    if (res.data.length < BATCH || all.length >= (res.total ?? 0)) break;
  }
  return { ok: true, data: all, total: all.length };
}

async function fetchPage(query: string, page: number): Promise<Loaded<Tournament>> {
  if (!query) {
    const res = await api<Tournament[]>(`/tournaments?limit=${PAGE_SIZE}&offset=${pageOffset(page)}`);
    return res.ok ? { ok: true, data: res.data, total: res.total ?? res.data.length } : res;
  }
  const res = await fetchAll();
  if (!res.ok) return res;
  const matches = res.data.filter((tournament) => matchesSearch(tournament.name, query));
  return { ok: true, data: matches.slice(pageOffset(page), pageOffset(page) + PAGE_SIZE), total: matches.length };
}

/** /dashboard/tournaments: the searchable, paginated table with edit and delete. */
export default function TournamentsList({ t, locale }: SectionProps) {
  const list = useAdminList<Tournament>({ load: fetchPage, loadError: (code) => t.error(code) });
  const { search, setSearch, query, page, data, loading, failure, pendingDelete, setPendingDelete, deleting } = list;
  const confirmDelete = () =>
    list.confirmDelete(`/tournaments/${encodeURIComponent(pendingDelete?.id ?? '')}`, (result) => {
      if (result.ok) toast.success(t('dashboard.tournaments.list.deleted', { name: pendingDelete?.name ?? '' }));
      else toast.error(t.error(result.code));
    });

  const editHref = (id: string) => localizePath(sectionPath('tournamentsEdit', { id }), locale);

  return (
    <div className="mt-6 space-y-5" data-testid="tournaments-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField id="tournaments-search" label={t('dashboard.tournaments.list.searchLabel')} placeholder={t('dashboard.tournaments.list.searchPlaceholder')} value={search} onChange={setSearch} />
        <a href={localizePath(sectionPath('tournamentsNew'), locale)} className={primaryButtonClass} data-testid="tournaments-new">
          <span aria-hidden="true">+</span> {t('dashboard.tournaments.list.new')}
        </a>
      </div>

      <ListStatus
        testId="tournaments"
        failed={!!failure && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('dashboard.tournaments.list.loadError'),
          retry: t('dashboard.common.retry'),
          loading: t('dashboard.tournaments.list.loading'),
          empty: t('dashboard.tournaments.list.empty'),
          noMatch: t('dashboard.tournaments.list.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('dashboard.tournaments.list.caption', { total: data.total })}
            testId="tournaments-table"
            loading={loading}
            columns={[
              { label: t('dashboard.tournaments.list.columns.name') },
              { label: t('dashboard.tournaments.list.columns.game') },
              { label: t('dashboard.tournaments.list.columns.phase') },
              { label: t('dashboard.tournaments.list.columns.start') },
              { label: t('dashboard.tournaments.list.columns.players'), align: 'right' },
              { label: t('dashboard.tournaments.list.columns.waitlist'), align: 'right' },
              { label: t('dashboard.tournaments.list.columns.status') },
              { label: t('dashboard.tournaments.list.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((tournament) => (
              <tr key={tournament.id} className={rowClass} data-testid={`tournament-row-${tournament.id}`}>
                <th scope="row" className={`${tdClass} max-w-[12rem] font-semibold text-white`}>
                  <a href={editHref(tournament.id)} className={`${linkClass} block truncate text-slate-100`} title={tournament.name} data-testid="tournament-row-name">
                    {tournament.name}
                  </a>
                  {!tournament.open && <span className="mt-0.5 block text-xs font-medium text-amber-300">{t('dashboard.tournaments.list.private')}</span>}
                </th>
                <td className={`${tdClass} min-w-[6.5rem] text-slate-300`}>{t(`dashboard.games.${tournament.game}`)}</td>
                <td className={tdClass}>
                  <PhaseBadge phase={phaseOf(tournament)} t={t} testId="tournament-row-phase" />
                </td>
                <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
                  {tournament.start_tournament ? (
                    <time dateTime={tournament.start_tournament} title={formatDateTime(tournament.start_tournament, locale)}>
                      <span className="block">{formatShortDate(tournament.start_tournament, locale)}</span>
                      <span className="block text-xs text-slate-500">{formatTime(tournament.start_tournament, locale)}</span>
                    </time>
                  ) : (
                    <span className="text-slate-500">{t('dashboard.tournaments.list.noDate')}</span>
                  )}
                </td>
                <td className={`${tdClass} text-right font-mono whitespace-nowrap text-slate-200`} data-testid="tournament-row-players">
                  {tournament.members.length}/{tournament.maxPartecipants}
                </td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="tournament-row-waitlist">
                  {tournament.waitlistCount}
                </td>
                <td className={`${tdClass} whitespace-nowrap`} data-testid="tournament-row-status">
                  <span className="text-slate-200">{t(`dashboard.status.${statusNames[tournament.status]}`)}</span>
                  <span className="block text-xs text-slate-500">{tournament.statusOverride === null ? t('dashboard.tournaments.list.statusAuto') : t('dashboard.tournaments.list.statusManual')}</span>
                </td>
                <td className={`${tdClass} text-right`}>
                  <div className="flex justify-end gap-2">
                    <a
                      href={editHref(tournament.id)}
                      className={`${smallButtonClass} px-2`}
                      aria-label={t('dashboard.tournaments.list.editLabel', { name: tournament.name })}
                      title={t('dashboard.common.edit')}
                      data-testid="tournament-row-edit"
                    >
                      <EditIcon />
                    </a>
                    <button
                      type="button"
                      className={`${dangerSmallButtonClass} px-2`}
                      onClick={() => setPendingDelete(tournament)}
                      aria-label={t('dashboard.tournaments.list.deleteLabel', { name: tournament.name })}
                      title={t('dashboard.common.delete')}
                      data-testid="tournament-row-delete"
                    >
                      <DeleteIcon />
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="tournaments-pagination" summaryTestId="tournaments-summary" navLabel={t('dashboard.tournaments.list.paginationLabel')} t={t} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('dashboard.tournaments.list.deleteTitle')}
        message={t('dashboard.tournaments.list.deleteMessage', { name: pendingDelete?.name ?? '' })}
        confirmLabel={deleting ? t('dashboard.common.deleting') : t('dashboard.common.delete')}
        cancelLabel={t('dashboard.common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
        busy={deleting}
        danger
        testId="tournament-delete-dialog"
      />
    </div>
  );
}
