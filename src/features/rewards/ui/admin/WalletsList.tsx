import { useState } from 'react';
import { PAGE_SIZE, pageOffset } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import type { Wallet } from '../../contract.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import WalletModal from './WalletModal.tsx';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

/** /dashboard/users: the wallets with search (debounced, back to page 1) and a detail modal. */
export default function WalletsList({ t, locale }: SectionProps) {
  const list = useAdminList<Wallet>({
    url: (query, page) => `/marketplace/wallets?${new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(pageOffset(page)), ...(query ? { search: query } : {}) })}`,
    loadError: t('adminEconomy.wallets.fetchError'),
  });
  const { search, setSearch, query, page, data, loading } = list;
  const failed = list.failure !== null;
  const [open, setOpen] = useState<Wallet | null>(null);

  const onAdjusted = (wallet: Wallet) => {
    setOpen(wallet);
    list.updateRows((rows) => rows.map((w) => (w.userId === wallet.userId ? wallet : w)));
  };

  return (
    <div className="mt-6 space-y-5" data-testid="wallets-list">
      <SearchField id="wallets-search" label={t('adminEconomy.wallets.searchLabel')} placeholder={t('adminEconomy.wallets.searchPlaceholder')} value={search} onChange={setSearch} />
      <ListStatus
        testId="wallets"
        failed={failed && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('adminEconomy.wallets.fetchError'),
          retry: t('adminEconomy.common.retry'),
          loading: t('adminEconomy.wallets.loading'),
          empty: t('adminEconomy.wallets.empty'),
          noMatch: t('adminEconomy.common.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('adminEconomy.wallets.caption', { total: data.total })}
            testId="wallets-table"
            loading={loading}
            columns={[
              { label: t('adminEconomy.wallets.columns.user') },
              { label: t('adminEconomy.wallets.columns.balance'), align: 'right' },
              { label: t('adminEconomy.wallets.columns.updatedAt') },
              { label: t('adminEconomy.wallets.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((wallet) => (
              <tr key={wallet.userId} className={rowClass} data-testid={`wallet-row-${wallet.userId}`}>
                <th scope="row" className={`${tdClass} font-semibold text-white`} data-testid="wallet-row-user">
                  {wallet.username}
                </th>
                <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="wallet-row-balance">
                  {wallet.balance}
                </td>
                <td className={`${tdClass} whitespace-nowrap text-slate-400`}>{wallet.updatedAt ? formatDateTime(wallet.updatedAt, locale) : '—'}</td>
                <td className={`${tdClass} text-right`}>
                  <button type="button" className={smallButtonClass} onClick={() => setOpen(wallet)} aria-label={t('adminEconomy.wallets.detailsLabel', { name: wallet.username })} data-testid="wallet-row-details">
                    {t('adminEconomy.common.details')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>
      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="wallets-pagination" summaryTestId="wallets-summary" keys="adminEconomy.common" navLabel={t('adminEconomy.wallets.paginationLabel')} t={t} />
      <WalletModal t={t} locale={locale} wallet={open} onClose={() => setOpen(null)} onAdjusted={onAdjusted} />
    </div>
  );
}
