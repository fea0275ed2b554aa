import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { pageQuery, filledQuery } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList, type ListRequest } from '../../../../platform/ui/admin/use-admin-list.ts';
import ExportButton from '../../../../platform/ui/admin/ExportButton.tsx';
import { purchaseSorts, type Purchase } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { countryName } from '../../../../platform/i18n/country-name.ts';
import { AdminList, ListFilter } from '../../../../platform/ui/admin/AdminList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import Modal, { DetailItem } from '../../../../platform/ui/admin/Modal.tsx';
import UserPageLink from '../../../../platform/ui/admin/UserPageLink.tsx';
import RowButtonCell from '../../../../platform/ui/admin/RowButtonCell.tsx';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

const filters = ['all', 'fulfilled', 'unfulfilled'] as const;

/** The list's search, filter and sort as the API reads them: the list's pages and its export ask the same. */
const filterQuery = ({ query, values: { filter, sort } }: Pick<ListRequest, 'query' | 'values'>) => ({
  sort,
  search: query,
  fulfilled: filter === 'all' ? undefined : String(filter === 'fulfilled'),
});

function FulfilledBadge({ fulfilled, t }: { fulfilled: boolean; t: SectionProps['t'] }) {
  return (
    <span
      data-testid="purchase-state"
      data-fulfilled={fulfilled}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
        fulfilled
          ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40'
          : 'bg-amber-500/15 text-amber-300 ring-amber-500/40'
      }`}
    >
      {fulfilled ? t('rewardsAdmin.purchases.fulfilled') : t('rewardsAdmin.purchases.pending')}
    </span>
  );
}

/**
 * /dashboard/purchases: the purchase history (search, fulfilled filter, sort, pages), a detail modal and "mark as
 * fulfilled".
 */
export default function PurchasesList({ t, locale }: SectionProps) {
  // purchase load failures are only logged (plus the inline text), hence no toast
  const list = useAdminList<Purchase>({
    load: (req) =>
      call<'GET /marketplace/purchases'>(`/marketplace/purchases?${pageQuery(req.page, filterQuery(req))}`),
    params: { filter: { values: filters, initial: 'all' }, sort: { values: purchaseSorts, initial: 'newest' } },
  });
  useEffect(() => {
    if (list.failure) console.error('purchases load failed', list.failure);
  }, [list.failure]);
  const [open, setOpen] = useState<Purchase | null>(null);
  const [marking, setMarking] = useState<string | null>(null);

  // marking shipped, or taking it back when it was marked by mistake
  const markFulfilled = async (purchase: Purchase, shipped: boolean) => {
    setMarking(purchase.id);
    const id = encodeURIComponent(purchase.id);
    const res = shipped
      ? await call<'PATCH /marketplace/purchases/:id/fulfill'>(`/marketplace/purchases/${id}/fulfill`, {
          method: 'PATCH',
        })
      : await call<'PATCH /marketplace/purchases/:id/unfulfill'>(`/marketplace/purchases/${id}/unfulfill`, {
          method: 'PATCH',
        });
    setMarking(null);
    if (!res.ok) {
      toast.error(t(shipped ? 'rewardsAdmin.purchases.markError' : 'rewardsAdmin.purchases.unmarkError'));
      return;
    }
    toast.success(t(shipped ? 'rewardsAdmin.purchases.markSuccess' : 'rewardsAdmin.purchases.unmarkSuccess'));
    setOpen((p) => (p && p.id === res.data.id ? res.data : p));
    list.updateRows((rows) => rows.map((p) => (p.id === res.data.id ? res.data : p)));
    if (list.values.filter !== 'all') list.retry();
  };

  const address = open?.shippingAddress;
  return (
    <AdminList
      list={list}
      t={t}
      ns="rewardsAdmin.purchases"
      id="purchases"
      tools={
        <>
          <ListFilter
            list={list}
            name="filter"
            id="purchases-filter"
            label={t('rewardsAdmin.purchases.filterLabel')}
            options={filters.map((f) => [f, t(`rewardsAdmin.purchases.filters.${f}`)])}
          />
          <ExportButton
            path={`/marketplace/purchases/export?${filledQuery(filterQuery(list))}`}
            name="purchases"
            t={t}
            testId="purchases-export"
          />
        </>
      }
      columns={[
        { key: 'product', sort: 'product' },
        { key: 'buyer', sort: 'buyer' },
        { key: 'price', align: 'right', sort: 'price' },
        { key: 'date', sort: 'date' },
        { key: 'state' },
        { key: 'actions', align: 'right' },
      ]}
      after={
        <Modal
          open={open !== null}
          title={t('rewardsAdmin.purchases.modalTitle')}
          closeLabel={t('rewardsAdmin.common.close')}
          onClose={() => setOpen(null)}
          testId="purchase-modal"
        >
          {open && address && (
            <>
              <div className="flex items-center gap-4">
                {(open.productImage || open.product?.image) && (
                  <img
                    src={open.productImage || open.product.image}
                    alt=""
                    width={80}
                    height={80}
                    className="h-20 w-20 shrink-0 rounded-xl bg-ink object-cover"
                    data-testid="purchase-modal-image"
                  />
                )}
                <div className="min-w-0">
                  <p className="truncate text-lg font-semibold text-white" data-testid="purchase-modal-product">
                    {open.productName}
                  </p>
                  <p className="font-mono text-slate-300" data-testid="purchase-modal-price">
                    {t('rewardsAdmin.purchases.credits', { n: formatNumber(open.price, locale) })}
                  </p>
                  <p className="text-sm text-slate-400 tabular-nums" data-testid="purchase-modal-number">
                    {t('rewardsAdmin.purchases.orderNumber', { number: open.orderNumber })}
                  </p>
                </div>
              </div>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <DetailItem label={t('rewardsAdmin.purchases.columns.buyer')} strong testId="purchase-modal-buyer">
                  {open.username}
                </DetailItem>
                <DetailItem label={t('rewardsAdmin.purchases.columns.date')}>
                  <time dateTime={open.createdAt}>{formatDateTime(open.createdAt, locale)}</time>
                </DetailItem>
                <DetailItem
                  label={t('rewardsAdmin.purchases.address')}
                  className="sm:col-span-2"
                  valueClassName="text-slate-200 not-italic"
                  testId="purchase-modal-address"
                >
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
                    {countryName(address.country, locale)}
                    {address.phone_number && (
                      <>
                        <br />
                        {t('rewardsAdmin.purchases.phone', { phone: address.phone_number })}
                      </>
                    )}
                  </address>
                </DetailItem>
                <DetailItem label={t('rewardsAdmin.purchases.columns.state')} valueClassName="mt-1">
                  <FulfilledBadge fulfilled={open.fulfilled} t={t} />
                  {open.fulfilledAt && (
                    <span className="ml-2 text-xs text-slate-400">{formatDateTime(open.fulfilledAt, locale)}</span>
                  )}
                </DetailItem>
              </dl>
              <div className="flex justify-end">
                {/* one button: it marks the purchase the other way round */}
                <button
                  type="button"
                  className={open.fulfilled ? secondaryButtonClass : primaryButtonClass}
                  disabled={marking === open.id}
                  onClick={() => markFulfilled(open, !open.fulfilled)}
                  data-testid={open.fulfilled ? 'purchase-modal-unfulfill' : 'purchase-modal-fulfill'}
                >
                  {marking === open.id
                    ? t('rewardsAdmin.common.saving')
                    : t(
                        open.fulfilled
                          ? 'rewardsAdmin.purchases.markUnfulfilled'
                          : 'rewardsAdmin.purchases.markFulfilled',
                      )}
                </button>
              </div>
            </>
          )}
        </Modal>
      }
    >
      {(purchase) => (
        <tr key={purchase.id} className={rowClass} data-testid={`purchase-row-${purchase.id}`}>
          <th scope="row" className={`${tdClass} max-w-[14rem] font-semibold text-white`}>
            <span className="block truncate" data-testid="purchase-row-product">
              {purchase.productName}
            </span>
            {purchase.product?.deleted && (
              <span className="block text-xs font-medium text-slate-500">
                {t('rewardsAdmin.purchases.productDeleted')}
              </span>
            )}
          </th>
          <td className={`${tdClass} text-slate-300`} data-testid="purchase-row-buyer">
            <UserPageLink id={purchase.userId} locale={locale}>
              {purchase.username}
            </UserPageLink>
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`}>{formatNumber(purchase.price, locale)}</td>
          <td className={`${tdClass} whitespace-nowrap text-slate-400`}>
            {formatDateTime(purchase.createdAt, locale)}
          </td>
          <td className={tdClass}>
            <FulfilledBadge fulfilled={purchase.fulfilled} t={t} />
          </td>
          <RowButtonCell
            onClick={() => setOpen(purchase)}
            label={t('rewardsAdmin.purchases.detailsLabel', { name: purchase.productName, buyer: purchase.username })}
            testId="purchase-row-details"
          >
            {t('rewardsAdmin.common.details')}
          </RowButtonCell>
        </tr>
      )}
    </AdminList>
  );
}
