import { PAGE_SIZE } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { productSorts, type Product } from '../../contract.ts';
import { api, marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';
import { EditLinkCell } from '../../../../platform/ui/admin/EditableRowCells.tsx';
import { EditorPagesList } from '../../../../platform/ui/admin/EditorPagesList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { tdClass } from '../../../../platform/ui/admin/ui.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';

const call: TypedCall<RewardsApi> = api;
const base = marketplaceApiBase;

/**
 * /dashboard/products: the searchable, sortable, paginated table with edit and delete (the API pages, searches and
 * sorts).
 */
export default function ProductsList({ t, locale, ownerId }: SectionProps) {
  const list = useAdminList<Product>({
    load: ({ query, page, values }) =>
      call<'GET /marketplace/products'>(
        `/marketplace/products?${new URLSearchParams({
          owner: ownerId,
          limit: String(PAGE_SIZE),
          page: String(page),
          sort: values.sort!,
          ...(query ? { name: query } : {}),
        })}`,
        { base },
      ),
    params: { sort: { values: productSorts, initial: 'newest' } },
    loadError: t('rewardsAdmin.error.network'),
  });

  return (
    <EditorPagesList
      section="products"
      locale={locale}
      actions={{ list, t, ns: 'rewardsAdmin.products', testId: 'product' }}
      id="products"
      columns={[
        { key: 'image' },
        { key: 'name', sort: 'name' },
        { key: 'brand', sort: 'brand' },
        { key: 'price', align: 'right', sort: 'price' },
        { key: 'quantity', align: 'right', sort: 'quantity' },
      ]}
      rowId={(p) => p._id}
      vars={(p) => ({ name: p.name })}
      remove={(p) =>
        call<'DELETE /marketplace/products/:id'>(`/marketplace/products/${encodeURIComponent(p._id)}`, {
          method: 'DELETE',
          base,
        })
      }
    >
      {(p, editHref) => (
        <>
          <td className={tdClass}>
            {p.image ? (
              <img
                src={p.image}
                alt=""
                loading="lazy"
                className="h-10 w-10 rounded-lg border border-line object-cover"
              />
            ) : (
              <span className="text-slate-500">{t('dashboard.common.none')}</span>
            )}
          </td>
          <EditLinkCell href={editHref} testId="product-row-name">
            {p.name}
          </EditLinkCell>
          <td className={`${tdClass} text-slate-300`}>{p.brand || t('dashboard.common.none')}</td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="product-row-price">
            {t('rewardsAdmin.credits', { n: formatNumber(p.price, locale) })}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="product-row-quantity">
            {p.quantity}
          </td>
        </>
      )}
    </EditorPagesList>
  );
}
