import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { matchesSearch, PAGE_SIZE, pageCount, pageOffset, SEARCH_DEBOUNCE_MS } from '../../../../platform/ui/admin/admin-lists.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import type { Competition } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import { linkClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { useDebouncedValue } from '../../../../platform/ui/use-debounced-value.ts';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

/** /dashboard/competitions: every competition of the owner (the API lists them whole), searched and paged here. */
export default function CompetitionsList({ t, locale, ownerId }: SectionProps) {
  const [all, setAll] = useState<Competition[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ query: '', page: 1 });

  useEffect(() => {
    let live = true;
    api<Competition[]>(`/tournaments/competitions?owner=${encodeURIComponent(ownerId)}`).then((res) => {
      if (!live) return;
      if (res.ok) {
        setAll(res.data);
        setFailure(null);
      } else {
        setFailure(res.code);
        toast.error(t.error(res.code));
      }
    });
    return () => {
      live = false;
    };
  }, [ownerId, attempt, t]);

  const matches = useMemo(() => (all ?? []).filter((c) => matchesSearch(c.name, query)), [all, query]);
  const pages = pageCount(matches.length);
  const page = Math.min(paging.query === query ? paging.page : 1, pages);
  const rows = matches.slice(pageOffset(page), pageOffset(page) + PAGE_SIZE);
  const editHref = (id: string) => localizePath(sectionPath('competitionsEdit', { id }), locale);

  return (
    <div className="mt-6 space-y-5" data-testid="competitions-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField id="competitions-search" label={t('dashboard.competitions.list.searchLabel')} placeholder={t('dashboard.competitions.list.searchPlaceholder')} value={search} onChange={setSearch} />
        <a href={localizePath(sectionPath('competitionsNew'), locale)} className={primaryButtonClass} data-testid="competitions-new">
          <span aria-hidden="true">+</span> {t('dashboard.competitions.list.new')}
        </a>
      </div>

      <ListStatus
        testId="competitions"
        failed={!!failure && !all}
        ready={!!all}
        empty={rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('dashboard.competitions.list.loadError'),
          retry: t('dashboard.common.retry'),
          loading: t('dashboard.competitions.list.loading'),
          empty: t('dashboard.competitions.list.empty'),
          noMatch: t('dashboard.competitions.list.noMatch'),
        }}
        onRetry={() => setAttempt((n) => n + 1)}
      >
        {all && (
          <DataTable
            caption={t('dashboard.competitions.list.caption', { total: matches.length })}
            testId="competitions-table"
            columns={[
              { label: t('dashboard.competitions.list.columns.name') },
              { label: t('dashboard.competitions.list.columns.game') },
              { label: t('dashboard.competitions.list.columns.url') },
              { label: t('dashboard.competitions.list.columns.players'), align: 'right' },
              { label: t('dashboard.competitions.list.columns.actions'), align: 'right' },
            ]}
          >
            {rows.map((c) => (
              <tr key={c.id} className={rowClass} data-testid={`competition-row-${c.id}`}>
                <th scope="row" className={`${tdClass} max-w-[18rem] font-semibold`}>
                  <a href={editHref(c.id)} className={`${linkClass} block truncate text-slate-100`} data-testid="competition-row-name">
                    {c.name}
                  </a>
                </th>
                <td className={`${tdClass} whitespace-nowrap text-slate-300`}>{t(`dashboard.games.${c.game}`)}</td>
                <td className={`${tdClass} max-w-[16rem] truncate font-mono text-xs text-slate-400`}>{c.url || t('dashboard.common.none')}</td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="competition-row-players">
                  {(c.teams ?? []).reduce((n, team) => n + team.players.length, 0)}
                </td>
                <td className={`${tdClass} text-right`}>
                  <a href={editHref(c.id)} className={smallButtonClass} aria-label={t('dashboard.competitions.list.editLabel', { name: c.name })} data-testid="competition-row-edit">
                    {t('dashboard.common.edit')}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter page={page} total={matches.length} onPageChange={(n) => setPaging({ query, page: n })} testId="competitions-pagination" navLabel={t('dashboard.competitions.list.paginationLabel')} t={t} />
    </div>
  );
}
