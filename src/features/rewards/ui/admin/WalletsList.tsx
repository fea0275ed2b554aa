import { useState } from 'react';
import { pageQuery, filledQuery } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList, type ListRequest } from '../../../../platform/ui/admin/use-admin-list.ts';
import ExportButton from '../../../../platform/ui/admin/ExportButton.tsx';
import { walletSorts, type Wallet } from '../../contract.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { AdminList } from '../../../../platform/ui/admin/AdminList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, tdClass, wideOnlyClass } from '../../../../platform/ui/admin/ui.ts';
import WalletModal from './WalletModal.tsx';
import UserPageLink from '../../../../platform/ui/admin/UserPageLink.tsx';
import RowButtonCell from '../../../../platform/ui/admin/RowButtonCell.tsx';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/** The list's search and sort as the API reads them: the list's pages and its export ask the same. */
const filterQuery = ({ query, values }: Pick<ListRequest, 'query' | 'values'>) => ({
  sort: values.sort,
  search: query,
});

/**
 * /dashboard/users: the wallets with search (debounced, back to page 1), the sort, a detail modal and the CSV export
 * (one row per transaction).
 */
export default function WalletsList({ t, locale }: SectionProps) {
  const list = useAdminList<Wallet>({
    load: (req) => call<'GET /marketplace/wallets'>(`/marketplace/wallets?${pageQuery(req.page, filterQuery(req))}`),
    params: { sort: { values: walletSorts, initial: 'newest' } },
    loadError: t('rewardsAdmin.wallets.loadError'),
  });
  const [open, setOpen] = useState<Wallet | null>(null);

  const onAdjusted = (wallet: Wallet) => {
    setOpen(wallet);
    list.updateRows((rows) => rows.map((w) => (w.userId === wallet.userId ? wallet : w)));
  };

  return (
    <AdminList
      list={list}
      t={t}
      ns="rewardsAdmin.wallets"
      id="wallets"
      // without the date the columns fit a phone: no scrolling sideways, nothing beneath the pinned button
      minWidthClass="max-sm:min-w-0"
      tools={
        <ExportButton
          path={`/marketplace/wallets/export?${filledQuery(filterQuery(list))}`}
          name="wallets"
          t={t}
          testId="wallets-export"
        />
      }
      columns={[
        { key: 'user', sort: 'user' },
        { key: 'balance', align: 'right', sort: 'balance' },
        // a phone shows the name and the balance beside the pinned details button; the details date each movement
        { key: 'updatedAt', sort: 'updated', wide: true },
        { key: 'actions', align: 'right' },
      ]}
      after={<WalletModal t={t} locale={locale} wallet={open} onClose={() => setOpen(null)} onAdjusted={onAdjusted} />}
    >
      {(wallet) => (
        <tr key={wallet.userId} className={rowClass} data-testid={`wallet-row-${wallet.userId}`}>
          <th scope="row" className={`${tdClass} font-semibold text-white wrap-anywhere`} data-testid="wallet-row-user">
            <UserPageLink id={wallet.userId} locale={locale}>
              {wallet.username}
            </UserPageLink>
          </th>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="wallet-row-balance">
            {formatNumber(wallet.balance, locale)}
          </td>
          <td className={`${tdClass} ${wideOnlyClass} whitespace-nowrap text-slate-400`}>
            {wallet.updatedAt ? formatDateTime(wallet.updatedAt, locale) : '—'}
          </td>
          <RowButtonCell
            onClick={() => setOpen(wallet)}
            label={t('rewardsAdmin.wallets.detailsLabel', { name: wallet.username })}
            testId="wallet-row-details"
          >
            {t('rewardsAdmin.common.details')}
          </RowButtonCell>
        </tr>
      )}
    </AdminList>
  );
}
