import { toast } from 'sonner';
import { PAGE_SIZE, pageOffset } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import type { Giveaway } from '../../contract.ts';
import { marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { linkClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { DeleteIcon, EditIcon } from '../../../../platform/ui/admin/icons.tsx';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { dangerSmallButtonClass, rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

const stateClass: Record<Giveaway['state'], string> = {
  active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  used_up: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  expired: 'border-slate-500/40 bg-slate-500/10 text-slate-300',
};

/** /dashboard/giveaway: the codes, searched (code or description) and paged by the API, with edit and delete. */
export default function GiveawaysList({ t, locale, ownerId }: SectionProps) {
  const list = useAdminList<Giveaway>({
    url: (query, page) => `/marketplace/giveaways?${new URLSearchParams({ owner: ownerId, limit: String(PAGE_SIZE), offset: String(pageOffset(page)), ...(query ? { search: query } : {}) })}`,
    base: marketplaceApiBase,
    loadError: t('adminCatalog.giveaways.loadError'),
  });
  const { search, setSearch, query, page, data, loading, failure, pendingDelete, setPendingDelete, deleting } = list;
  const confirmDelete = () =>
    list.confirmDelete(`/marketplace/giveaways/${encodeURIComponent(pendingDelete?.id ?? '')}`, (result) => {
      if (result.ok) toast.success(t('adminCatalog.giveaway.deleteSuccess', { code: pendingDelete?.token ?? '' }));
      else toast.error(t('adminCatalog.giveaway.deleteError'), { description: t.error(result.code) });
    });

  const editHref = (id: string) => localizePath(sectionPath('giveawayEdit', { id }), locale);
  const uses = (g: Giveaway) => (g.type === 'limited' && g.maxUses != null ? `${g.redemptionCount} / ${g.maxUses}` : String(g.redemptionCount));

  return (
    <div className="mt-6 space-y-5" data-testid="giveaways-list" data-loaded-query={data?.query ?? undefined} aria-busy={loading}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField id="giveaways-search" label={t('adminCatalog.giveaways.searchLabel')} placeholder={t('adminCatalog.giveaways.searchPlaceholder')} value={search} onChange={setSearch} />
        <a href={localizePath(sectionPath('giveawayNew'), locale)} className={primaryButtonClass} data-testid="giveaways-new">
          <span aria-hidden="true">+</span> {t('adminCatalog.giveaways.new')}
        </a>
      </div>

      <ListStatus
        testId="giveaways"
        failed={!!failure && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('adminCatalog.giveaways.loadError'),
          retry: t('dashboard.common.retry'),
          loading: t('dashboard.common.loading'),
          empty: t('adminCatalog.giveaways.empty'),
          noMatch: t('adminCatalog.giveaways.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('adminCatalog.giveaways.caption', { total: data.total })}
            testId="giveaways-table"
            columns={[
              { label: t('adminCatalog.giveaways.columns.code') },
              { label: t('adminCatalog.giveaways.columns.type') },
              { label: t('adminCatalog.giveaways.columns.credits'), align: 'right' },
              { label: t('adminCatalog.giveaways.columns.uses'), align: 'right' },
              { label: t('adminCatalog.giveaways.columns.expiresAt') },
              { label: t('adminCatalog.giveaways.columns.state') },
              { label: t('adminCatalog.giveaways.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((g) => (
              <tr key={g.id} className={rowClass} data-testid={`giveaway-row-${g.id}`}>
                <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                  <a href={editHref(g.id)} className={`${linkClass} text-slate-100`} data-testid="giveaway-row-code">
                    {g.token}
                  </a>
                  {g.description && <span className="mt-0.5 block max-w-[16rem] truncate font-sans text-xs font-normal text-slate-400">{g.description}</span>}
                </th>
                <td className={`${tdClass} text-slate-300`} data-testid="giveaway-row-type">
                  {t(`adminCatalog.giveawayTypes.${g.type}`)}
                </td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="giveaway-row-credits">
                  {g.credits}
                </td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="giveaway-row-uses">
                  {uses(g)}
                </td>
                <td className={`${tdClass} whitespace-nowrap text-slate-300`}>{g.expiresAt ? formatDateTime(g.expiresAt, locale) : t('dashboard.common.none')}</td>
                <td className={tdClass}>
                  <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${stateClass[g.state]}`} data-testid="giveaway-row-state">
                    {t(`adminCatalog.giveawayStates.${g.state}`)}
                  </span>
                </td>
                <td className={`${tdClass} text-right`}>
                  <div className="inline-flex gap-2">
                    <a href={editHref(g.id)} className={smallButtonClass} aria-label={t('adminCatalog.giveaways.editLabel', { code: g.token })} data-testid="giveaway-row-edit">
                      <EditIcon /> {t('dashboard.common.edit')}
                    </a>
                    <button type="button" className={dangerSmallButtonClass} onClick={() => setPendingDelete(g)} aria-label={t('adminCatalog.giveaways.deleteLabel', { code: g.token })} data-testid="giveaway-row-delete">
                      <DeleteIcon /> {t('dashboard.common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="giveaways-pagination" navLabel={t('adminCatalog.giveaways.paginationLabel')} t={t} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('adminCatalog.giveaways.deleteTitle')}
        message={t('adminCatalog.giveaways.deleteMessage', { code: pendingDelete?.token ?? '' })}
        confirmLabel={deleting ? t('dashboard.common.deleting') : t('dashboard.common.delete')}
        cancelLabel={t('dashboard.common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
        busy={deleting}
        danger
        testId="giveaway-delete-dialog"
      />
    </div>
  );
}
