import { pageQuery } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { giveawaySorts, type Giveaway } from '../../contract.ts';
import { api, marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { EditorPagesList } from '../../../../platform/ui/admin/EditorPagesList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { tdClass } from '../../../../platform/ui/admin/ui.ts';

const stateClass: Record<Giveaway['state'], string> = {
  active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  used_up: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  expired: 'border-slate-500/40 bg-slate-500/10 text-slate-300',
};

const call: TypedCall<RewardsApi> = api;
const base = marketplaceApiBase;

/**
 * /dashboard/giveaway: the codes, searched (code or description), sorted and paged by the API, with edit and delete.
 */
export default function GiveawaysList({ t, locale, ownerId }: SectionProps) {
  const list = useAdminList<Giveaway>({
    load: ({ query, page, values }) =>
      call<'GET /marketplace/giveaways'>(
        `/marketplace/giveaways?${pageQuery(page, { owner: ownerId, sort: values.sort, search: query })}`,
        { base },
      ),
    params: { sort: { values: giveawaySorts, initial: 'newest' } },
    loadError: t('rewardsAdmin.giveaways.loadError'),
  });
  const uses = (g: Giveaway) =>
    g.type === 'limited' && g.maxUses != null ? `${g.redemptionCount} / ${g.maxUses}` : String(g.redemptionCount);

  return (
    <EditorPagesList
      section="giveaway"
      locale={locale}
      actions={{ list, t, ns: 'rewardsAdmin.giveaways', testId: 'giveaway' }}
      id="giveaways"
      columns={[
        { key: 'code', sort: 'code' },
        { key: 'type' },
        { key: 'credits', align: 'right', sort: 'credits' },
        { key: 'uses', align: 'right', sort: 'uses' },
        { key: 'expiresAt', sort: 'expires' },
        { key: 'state' },
      ]}
      rowId={(g) => g.id}
      vars={(g) => ({ code: g.token })}
      remove={(g) =>
        call<'DELETE /marketplace/giveaways/:id'>(`/marketplace/giveaways/${encodeURIComponent(g.id)}`, {
          method: 'DELETE',
          base,
        })
      }
    >
      {(g, editHref) => (
        <>
          <th scope="row" className={`${tdClass} font-mono font-semibold`}>
            <a href={editHref} className={`${linkClass} text-slate-100`} data-testid="giveaway-row-code">
              {g.token}
            </a>
            {g.description && (
              <span className="mt-0.5 block max-w-[16rem] truncate font-sans text-xs font-normal text-slate-400">
                {g.description}
              </span>
            )}
          </th>
          <td className={`${tdClass} text-slate-300`} data-testid="giveaway-row-type">
            {t(`rewardsAdmin.giveawayTypes.${g.type}`)}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="giveaway-row-credits">
            {formatNumber(g.credits, locale)}
          </td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="giveaway-row-uses">
            {uses(g)}
          </td>
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
            {g.expiresAt ? formatDateTime(g.expiresAt, locale) : t('dashboard.common.none')}
          </td>
          <td className={tdClass}>
            <span
              className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${stateClass[g.state]}`}
              data-testid="giveaway-row-state"
            >
              {t(`rewardsAdmin.giveawayStates.${g.state}`)}
            </span>
          </td>
        </>
      )}
    </EditorPagesList>
  );
}
