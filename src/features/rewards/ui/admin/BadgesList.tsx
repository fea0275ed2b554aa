import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Badge } from '../../contract.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import { errorBoxClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import { EditIcon } from '../../../../platform/ui/admin/icons.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

export function ActiveBadge({ active, t }: { active: boolean; t: SectionProps['t'] }) {
  return (
    <span
      data-testid="badge-row-state"
      data-active={active}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-500/40' : 'bg-slate-500/15 text-slate-400 ring-1 ring-slate-500/40'}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-emerald-400' : 'bg-slate-500'}`} />
      {active ? t('adminEconomy.badges.active') : t('adminEconomy.badges.inactive')}
    </span>
  );
}

/** /dashboard/badges: every badge (admins also see inactive ones) with the activate/deactivate toggle. */
export default function BadgesList({ t, locale }: SectionProps) {
  const [badges, setBadges] = useState<Badge[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState<Badge | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    api<Badge[]>('/marketplace/badges').then((res) => {
      if (!live) return;
      if (res.ok) setBadges(res.data);
      else {
        console.error('badges load failed', res.code);
        setFailed(true);
        toast.error(t('adminEconomy.badges.loadError'));
      }
    });
    return () => {
      live = false;
    };
  }, [attempt, t]);

  const confirmToggle = async () => {
    if (!pending) return;
    setBusy(true);
    const res = await api<Badge>(`/marketplace/badges/${encodeURIComponent(pending._id)}/toggle-active`, { method: 'PATCH' });
    setBusy(false);
    if (!res.ok) {
      toast.error(t('adminEconomy.badges.toggleError'));
      return;
    }
    const updated = res.data;
    setBadges((list) => list?.map((b) => (b._id === updated._id ? updated : b)) ?? null);
    toast.success(t(updated.active ? 'adminEconomy.badges.activated' : 'adminEconomy.badges.deactivated', { name: updated.name }));
    setPending(null);
  };

  const editHref = (id: string) => localizePath(sectionPath('badgesEdit', { id }), locale);

  return (
    <div className="mt-6 space-y-5" data-testid="badges-list">
      <div className="flex justify-end">
        <a href={localizePath(sectionPath('badgesNew'), locale)} className={primaryButtonClass} data-testid="badges-new">
          <span aria-hidden="true">+</span> {t('adminEconomy.badges.new')}
        </a>
      </div>
      {failed && !badges ? (
        <div role="alert" className={`${errorBoxClass} flex flex-wrap items-center justify-between gap-3`} data-testid="badges-error">
          <span>{t('adminEconomy.badges.loadError')}</span>
          <button type="button" className={secondaryButtonClass} onClick={() => setAttempt((n) => n + 1)}>
            {t('adminEconomy.common.retry')}
          </button>
        </div>
      ) : !badges ? (
        <Spinner label={t('adminEconomy.badges.loading')} testId="badges-loading" />
      ) : badges.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-slate-400" data-testid="badges-empty">
          {t('adminEconomy.badges.empty')}
        </p>
      ) : (
        <DataTable
          caption={t('adminEconomy.badges.caption', { total: badges.length })}
          testId="badges-table"
          columns={[
            { label: t('adminEconomy.badges.columns.name') },
            { label: t('adminEconomy.badges.columns.trigger') },
            { label: t('adminEconomy.badges.columns.reward'), align: 'right' },
            { label: t('adminEconomy.badges.columns.reusable') },
            { label: t('adminEconomy.badges.columns.state') },
            { label: t('adminEconomy.badges.columns.actions'), align: 'right' },
          ]}
        >
          {badges.map((badge) => (
            <tr key={badge._id} className={rowClass} data-testid={`badge-row-${badge.slug}`} data-badge-id={badge._id}>
              <th scope="row" className={`${tdClass} font-semibold text-white`}>
                <div className="flex items-center gap-3">
                  {badge.icon ? (
                    <img src={badge.icon} alt="" width={36} height={36} loading="lazy" className="h-9 w-9 shrink-0 rounded-lg bg-ink object-cover" />
                  ) : (
                    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand/20 text-brand">
                      ★
                    </span>
                  )}
                  <span className="min-w-0">
                    <a href={editHref(badge._id)} className={`${linkClass} block truncate text-slate-100`} data-testid="badge-row-name">
                      {badge.name}
                    </a>
                    <span className="block font-mono text-xs font-normal text-slate-500">{badge.slug}</span>
                  </span>
                </div>
              </th>
              <td className={`${tdClass} text-slate-300`}>{t(`adminEconomy.triggers.${badge.trigger}`)}</td>
              <td className={`${tdClass} text-right font-mono text-slate-200`} data-testid="badge-row-reward">
                {badge.rewardAmount}
              </td>
              <td className={`${tdClass} text-slate-300`}>{badge.reusable ? t('adminEconomy.common.yes') : t('adminEconomy.common.no')}</td>
              <td className={tdClass}>
                <ActiveBadge active={badge.active} t={t} />
              </td>
              <td className={`${tdClass} text-right`}>
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => setPending(badge)}
                    aria-label={t(badge.active ? 'adminEconomy.badges.deactivateLabel' : 'adminEconomy.badges.activateLabel', { name: badge.name })}
                    data-testid="badge-row-toggle"
                  >
                    {badge.active ? t('adminEconomy.badges.deactivate') : t('adminEconomy.badges.activate')}
                  </button>
                  <a href={editHref(badge._id)} className={`${smallButtonClass} px-2`} aria-label={t('adminEconomy.badges.editLabel', { name: badge.name })} title={t('adminEconomy.common.edit')} data-testid="badge-row-edit">
                    <EditIcon />
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.active ? t('adminEconomy.badges.deactivateTitle') : t('adminEconomy.badges.activateTitle')}
        message={t(pending?.active ? 'adminEconomy.badges.deactivateMessage' : 'adminEconomy.badges.activateMessage', { name: pending?.name ?? '' })}
        confirmLabel={pending?.active ? t('adminEconomy.badges.deactivate') : t('adminEconomy.badges.activate')}
        cancelLabel={t('adminEconomy.common.cancel')}
        onConfirm={confirmToggle}
        onCancel={() => setPending(null)}
        busy={busy}
        danger={pending?.active}
        testId="badge-toggle-dialog"
      />
    </div>
  );
}
