import { useState } from 'react';
import { toast } from 'sonner';
import type { Badge } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import ThumbnailImage from '../../../../platform/ui/ThumbnailImage.tsx';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { sortValues } from '../../../../platform/list-sort.ts';
import { AdminList, RowActions } from '../../../../platform/ui/admin/AdminList.tsx';
import { editorList } from '../../../../platform/ui/admin/EditableRowCells.tsx';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

export function ActiveBadge({ active, t }: { active: boolean; t: SectionProps['t'] }) {
  return (
    <span
      data-testid="badge-row-state"
      data-active={active}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active
          ? 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-500/40'
          : 'bg-slate-500/15 text-slate-400 ring-1 ring-slate-500/40'
      }`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-emerald-400' : 'bg-slate-500'}`} />
      {active ? t('rewardsAdmin.badges.active') : t('rewardsAdmin.badges.inactive')}
    </span>
  );
}

const sorts = sortValues(['name', 'reward']);
const orders: Record<string, (a: Badge, b: Badge) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  name: (a, b) => a.name.localeCompare(b.name),
  reward: (a, b) => a.rewardAmount - b.rewardAmount,
};

/**
 * /dashboard/badges: every badge (admins also see inactive ones), newest first, searched (name or slug), sorted and
 * paged here, with the activate/deactivate toggle.
 */
export default function BadgesList({ t, locale }: SectionProps) {
  const list = useAdminList<Badge>({
    whole: {
      read: async () => {
        const res = await call<'GET /marketplace/badges'>('/marketplace/badges');
        if (!res.ok) console.error('badges load failed', res.code);
        return res;
      },
      text: (b) => `${b.name}\n${b.slug}`,
      orders,
    },
    params: { sort: { values: sorts, initial: 'newest' } },
    loadError: t('rewardsAdmin.badges.loadError'),
  });
  const [pending, setPending] = useState<Badge | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmToggle = async () => {
    if (!pending) return;
    setBusy(true);
    const res = await call<'PATCH /marketplace/badges/:id/toggle-active'>(
      `/marketplace/badges/${encodeURIComponent(pending._id)}/toggle-active`,
      {
        method: 'PATCH',
      },
    );
    setBusy(false);
    if (!res.ok) {
      toast.error(t('rewardsAdmin.badges.toggleError'));
      return;
    }
    const updated = res.data;
    list.updateRows((rows) => rows.map((b) => (b._id === updated._id ? updated : b)));
    toast.success(
      t(updated.active ? 'rewardsAdmin.badges.activated' : 'rewardsAdmin.badges.deactivated', { name: updated.name }),
    );
    setPending(null);
  };

  const ns = 'rewardsAdmin.badges';
  const { listProps, editHref } = editorList('badges', locale, { list, t, ns, testId: 'badge' });

  return (
    <AdminList
      {...listProps}
      id="badges"
      columns={[
        { key: 'name', sort: 'name' },
        { key: 'trigger' },
        { key: 'reward', align: 'right', sort: 'reward' },
        { key: 'reusable' },
        { key: 'state' },
        { key: 'actions', align: 'right' },
      ]}
      after={
        <ConfirmDialog
          open={pending !== null}
          title={pending?.active ? t('rewardsAdmin.badges.deactivateTitle') : t('rewardsAdmin.badges.activateTitle')}
          message={t(
            pending?.active ? 'rewardsAdmin.badges.deactivateMessage' : 'rewardsAdmin.badges.activateMessage',
            { name: pending?.name ?? '' },
          )}
          confirmLabel={pending?.active ? t('rewardsAdmin.badges.deactivate') : t('rewardsAdmin.badges.activate')}
          cancelLabel={t('rewardsAdmin.common.cancel')}
          onConfirm={confirmToggle}
          onCancel={() => setPending(null)}
          busy={busy}
          danger={pending?.active}
          testId="badge-toggle-dialog"
        />
      }
    >
      {(badge) => (
        <tr key={badge._id} className={rowClass} data-testid={`badge-row-${badge.slug}`} data-badge-id={badge._id}>
          <th scope="row" className={`${tdClass} font-semibold text-white`}>
            <div className="flex items-center gap-3">
              {badge.icon ? (
                <ThumbnailImage src={badge.icon} size={36} loading="lazy" className="h-9 w-9 shrink-0 rounded-lg" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand/20 text-brand"
                >
                  ★
                </span>
              )}
              <span className="min-w-0">
                <a
                  href={editHref(badge._id)}
                  className={`${linkClass} block truncate text-slate-100`}
                  data-testid="badge-row-name"
                >
                  {badge.name}
                </a>
                <span className="block font-mono text-xs font-normal text-slate-500">{badge.slug}</span>
              </span>
            </div>
          </th>
          <td className={`${tdClass} text-slate-300`}>{t(`rewardsAdmin.triggers.${badge.trigger}`)}</td>
          <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="badge-row-reward">
            {formatNumber(badge.rewardAmount, locale)}
          </td>
          <td className={`${tdClass} text-slate-300`}>
            {badge.reusable ? t('rewardsAdmin.common.yes') : t('rewardsAdmin.common.no')}
          </td>
          <td className={tdClass}>
            <ActiveBadge active={badge.active} t={t} />
          </td>
          <RowActions
            t={t}
            testId="badge"
            compact
            edit={{ href: editHref(badge._id), label: t('rewardsAdmin.badges.editLabel', { name: badge.name }) }}
          >
            <button
              type="button"
              className={smallButtonClass}
              onClick={() => setPending(badge)}
              aria-label={t(
                badge.active ? 'rewardsAdmin.badges.deactivateLabel' : 'rewardsAdmin.badges.activateLabel',
                { name: badge.name },
              )}
              data-testid="badge-row-toggle"
            >
              {badge.active ? t('rewardsAdmin.badges.deactivate') : t('rewardsAdmin.badges.activate')}
            </button>
          </RowActions>
        </tr>
      )}
    </AdminList>
  );
}
