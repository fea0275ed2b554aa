import { toast } from 'sonner';
import { PAGE_SIZE } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import type { Product } from '../../contract.ts';
import { marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { linkClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { DeleteIcon, EditIcon } from '../../../../platform/ui/admin/icons.tsx';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { dangerSmallButtonClass, rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

/** /dashboard/products: the searchable, paginated table with edit and delete (the API pages and searches by name). */
export default function ProductsList({ t, locale, ownerId }: SectionProps) {
  const list = useAdminList<Product>({
    url: (query, page) => `/marketplace/products?${new URLSearchParams({ owner: ownerId, limit: String(PAGE_SIZE), page: String(page), ...(query ? { name: query } : {}) })}`,
    base: marketplaceApiBase,
    loadError: t('adminCatalog.error.network'),
  });
  const { search, setSearch, query, page, data, loading, failure, pendingDelete, setPendingDelete, deleting } = list;
  const confirmDelete = () =>
    list.confirmDelete(`/marketplace/products/${encodeURIComponent(pendingDelete?._id ?? '')}`, (result) => {
      if (result.ok) toast.success(t('adminCatalog.product.deleted', { name: pendingDelete?.name ?? '' }));
      else toast.error(t('adminCatalog.error.network'), { description: t.error(result.code) });
    });

  const editHref = (id: string) => localizePath(sectionPath('productsEdit', { id }), locale);

  return (
    <div className="mt-6 space-y-5" data-testid="products-list" data-loaded-query={data?.query ?? undefined} aria-busy={loading}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField id="products-search" label={t('adminCatalog.products.searchLabel')} placeholder={t('adminCatalog.products.searchPlaceholder')} value={search} onChange={setSearch} />
        <a href={localizePath(sectionPath('productsNew'), locale)} className={primaryButtonClass} data-testid="products-new">
          <span aria-hidden="true">+</span> {t('adminCatalog.products.new')}
        </a>
      </div>

      <ListStatus
        testId="products"
        failed={!!failure && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('adminCatalog.products.loadError'),
          retry: t('dashboard.common.retry'),
          loading: t('dashboard.common.loading'),
          empty: t('adminCatalog.products.empty'),
          noMatch: t('adminCatalog.products.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('adminCatalog.products.caption', { total: data.total })}
            testId="products-table"
            columns={[
              { label: t('adminCatalog.products.columns.image') },
              { label: t('adminCatalog.products.columns.name') },
              { label: t('adminCatalog.products.columns.brand') },
              { label: t('adminCatalog.products.columns.price'), align: 'right' },
              { label: t('adminCatalog.products.columns.quantity'), align: 'right' },
              { label: t('adminCatalog.products.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((p) => (
              <tr key={p._id} className={rowClass} data-testid={`product-row-${p._id}`}>
                <td className={tdClass}>{p.image ? <img src={p.image} alt="" loading="lazy" className="h-10 w-10 rounded-lg border border-line object-cover" /> : <span className="text-slate-500">{t('dashboard.common.none')}</span>}</td>
                <th scope="row" className={`${tdClass} max-w-[18rem] font-semibold`}>
                  <a href={editHref(p._id)} className={`${linkClass} block truncate text-slate-100`} data-testid="product-row-name">
                    {p.name}
                  </a>
                </th>
                <td className={`${tdClass} text-slate-300`}>{p.brand || t('dashboard.common.none')}</td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="product-row-price">
                  {t('adminCatalog.credits', { n: p.price })}
                </td>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="product-row-quantity">
                  {p.quantity}
                </td>
                <td className={`${tdClass} text-right`}>
                  <div className="inline-flex gap-2">
                    <a href={editHref(p._id)} className={smallButtonClass} aria-label={t('adminCatalog.products.editLabel', { name: p.name })} data-testid="product-row-edit">
                      <EditIcon /> {t('dashboard.common.edit')}
                    </a>
                    <button type="button" className={dangerSmallButtonClass} onClick={() => setPendingDelete(p)} aria-label={t('adminCatalog.products.deleteLabel', { name: p.name })} data-testid="product-row-delete">
                      <DeleteIcon /> {t('dashboard.common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="products-pagination" navLabel={t('adminCatalog.products.paginationLabel')} t={t} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('adminCatalog.products.deleteTitle')}
        message={t('adminCatalog.products.deleteMessage', { name: pendingDelete?.name ?? '' })}
        confirmLabel={deleting ? t('dashboard.common.deleting') : t('dashboard.common.delete')}
        cancelLabel={t('dashboard.common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
        busy={deleting}
        danger
        testId="product-delete-dialog"
      />
    </div>
  );
}
