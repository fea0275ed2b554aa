import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PAGE_SIZE, pageOffset } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import type { Purchase } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { labelClass, primaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import Modal from '../../../../platform/ui/admin/Modal.tsx';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

type Filter = 'all' | 'fulfilled' | 'unfulfilled';
const filters: Filter[] = ['all', 'fulfilled', 'unfulfilled'];

function FulfilledBadge({ fulfilled, t }: { fulfilled: boolean; t: SectionProps['t'] }) {
  return (
    <span
      data-testid="purchase-state"
      data-fulfilled={fulfilled}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${fulfilled ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40' : 'bg-amber-500/15 text-amber-300 ring-amber-500/40'}`}
    >
      {fulfilled ? t('adminEconomy.purchases.fulfilled') : t('adminEconomy.purchases.pending')}
    </span>
  );
}

/** /dashboard/purchases: the purchase history (search, fulfilled filter, pages), a detail modal and "mark as fulfilled". */
export default function PurchasesList({ t, locale }: SectionProps) {
  // SPEC section 8: purchase load failures are only logged (plus the inline text), hence no toast
  const list = useAdminList<Purchase, Filter>({
    url: (query, page, filter) =>
      `/marketplace/purchases?${new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(pageOffset(page)), ...(query ? { search: query } : {}), ...(filter !== 'all' ? { fulfilled: String(filter === 'fulfilled') } : {}) })}`,
    filter: { param: 'filter', values: filters, initial: 'all' },
  });
  const { search, setSearch, query, filter, setFilter, page, data, loading } = list;
  const failed = list.failure !== null;
  useEffect(() => {
    if (list.failure) console.error('purchases load failed', list.failure);
  }, [list.failure]);
  const [open, setOpen] = useState<Purchase | null>(null);
  const [marking, setMarking] = useState<string | null>(null);

  const markFulfilled = async (purchase: Purchase) => {
    setMarking(purchase.id);
    const res = await api<Purchase>(`/marketplace/purchases/${encodeURIComponent(purchase.id)}/fulfill`, { method: 'PATCH' });
    setMarking(null);
    if (!res.ok) {
      toast.error(t('adminEconomy.purchases.markError'));
      return;
    }
    toast.success(t('adminEconomy.purchases.markSuccess'));
    setOpen((p) => (p && p.id === res.data.id ? res.data : p));
    list.updateRows((rows) => rows.map((p) => (p.id === res.data.id ? res.data : p)));
    if (filter === 'unfulfilled') list.retry();
  };

  const address = open?.shippingAddress;
  return (
    <div className="mt-6 space-y-5" data-testid="purchases-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField id="purchases-search" label={t('adminEconomy.purchases.searchLabel')} placeholder={t('adminEconomy.purchases.searchPlaceholder')} value={search} onChange={setSearch} />
        <div className="space-y-1.5 sm:w-56">
          <label htmlFor="purchases-filter" className={labelClass}>
            {t('adminEconomy.purchases.filterLabel')}
          </label>
          <select id="purchases-filter" data-testid="purchases-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)} className={selectClass}>
            {filters.map((f) => (
              <option key={f} value={f}>
                {t(`adminEconomy.purchases.filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListStatus
        testId="purchases"
        failed={failed && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== '' || filter !== 'all'}
        texts={{
          error: t('adminEconomy.purchases.fetchError'),
          retry: t('adminEconomy.common.retry'),
          loading: t('adminEconomy.purchases.loading'),
          empty: t('adminEconomy.purchases.empty'),
          noMatch: t('adminEconomy.common.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('adminEconomy.purchases.caption', { total: data.total })}
            testId="purchases-table"
            loading={loading}
            columns={[
              { label: t('adminEconomy.purchases.columns.product') },
              { label: t('adminEconomy.purchases.columns.buyer') },
              { label: t('adminEconomy.purchases.columns.price'), align: 'right' },
              { label: t('adminEconomy.purchases.columns.date') },
              { label: t('adminEconomy.purchases.columns.state') },
              { label: t('adminEconomy.purchases.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((purchase) => (
              <tr key={purchase.id} className={rowClass} data-testid={`purchase-row-${purchase.id}`}>
                <th scope="row" className={`${tdClass} max-w-[14rem] font-semibold text-white`}>
                  <span className="block truncate" data-testid="purchase-row-product">
                    {purchase.productName}
                  </span>
                  {purchase.product?.deleted && <span className="block text-xs font-medium text-slate-500">{t('adminEconomy.purchases.productDeleted')}</span>}
                </th>
                <td className={`${tdClass} text-slate-300`} data-testid="purchase-row-buyer">
                  {purchase.username}
                </td>
                <td className={`${tdClass} text-right font-mono text-slate-200`}>{purchase.price}</td>
                <td className={`${tdClass} whitespace-nowrap text-slate-400`}>{formatDateTime(purchase.createdAt, locale)}</td>
                <td className={tdClass}>
                  <FulfilledBadge fulfilled={purchase.fulfilled} t={t} />
                </td>
                <td className={`${tdClass} text-right`}>
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => setOpen(purchase)}
                    aria-label={t('adminEconomy.purchases.detailsLabel', { name: purchase.productName, buyer: purchase.username })}
                    data-testid="purchase-row-details"
                  >
                    {t('adminEconomy.common.details')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>
      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="purchases-pagination" summaryTestId="purchases-summary" keys="adminEconomy.common" navLabel={t('adminEconomy.purchases.paginationLabel')} t={t} />
      <Modal open={open !== null} title={t('adminEconomy.purchases.modalTitle')} closeLabel={t('adminEconomy.common.close')} onClose={() => setOpen(null)} testId="purchase-modal">
        {open && address && (
          <>
            <div className="flex items-center gap-4">
              {(open.productImage || open.product?.image) && (
                <img src={open.productImage || open.product.image} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-xl bg-ink object-cover" data-testid="purchase-modal-image" />
              )}
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-white" data-testid="purchase-modal-product">
                  {open.productName}
                </p>
                <p className="font-mono text-slate-300" data-testid="purchase-modal-price">
                  {t('adminEconomy.purchases.credits', { n: open.price })}
                </p>
              </div>
            </div>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-400">{t('adminEconomy.purchases.columns.buyer')}</dt>
                <dd className="font-semibold text-white" data-testid="purchase-modal-buyer">
                  {open.username}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{t('adminEconomy.purchases.columns.date')}</dt>
                <dd className="text-slate-200">
                  <time dateTime={open.createdAt}>{formatDateTime(open.createdAt, locale)}</time>
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-slate-400">{t('adminEconomy.purchases.address')}</dt>
                <dd className="text-slate-200 not-italic" data-testid="purchase-modal-address">
                  <address className="not-italic">
                    {address.first_name} {address.last_name}
                    <br />
                    {address.street_name}
                    {address.additional_address_info && (
                      <>
                        <br />
                        {address.additional_address_info}
                      </>
                    )}
                    <br />
                    {address.zip_code} {address.city}
                    <br />
                    {address.country}
                  </address>
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">{t('adminEconomy.purchases.columns.state')}</dt>
                <dd className="mt-1">
                  <FulfilledBadge fulfilled={open.fulfilled} t={t} />
                  {open.fulfilledAt && <span className="ml-2 text-xs text-slate-400">{formatDateTime(open.fulfilledAt, locale)}</span>}
                </dd>
              </div>
            </dl>
            {!open.fulfilled && (
              <div className="flex justify-end">
                <button type="button" className={primaryButtonClass} disabled={marking === open.id} onClick={() => markFulfilled(open)} data-testid="purchase-modal-fulfill">
                  {marking === open.id ? t('adminEconomy.common.saving') : t('adminEconomy.purchases.markFulfilled')}
                </button>
              </div>
            )}
          </>
        )}
      </Modal>
    </div>
  );
}
