import { useId, useRef, useState } from 'react';
import { PAGE_SIZE, pageOffset } from '../../../platform/ui/admin/admin-lists.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import ModalDialog from '../../../platform/ui/ModalDialog.tsx';
import { secondaryButtonClass } from '../../../platform/ui/ui.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { formatDateTime, formatShortDate, formatTime } from '../../../platform/ui/admin/format.ts';
import { AdminList, ListFilter } from '../../../platform/ui/admin/AdminList.tsx';
import type { SectionProps } from '../../../platform/ui/admin/section-props.ts';
import { rowClass, smallButtonClass, tdClass } from '../../../platform/ui/admin/ui.ts';
import { useAdminList } from '../../../platform/ui/admin/use-admin-list.ts';
import type { AuditEntry } from '../contract.ts';
import { auditActionPrefixes, changedKeys, prettyLines } from './audit-diff.ts';

const entityOf = (e: AuditEntry) => (e.entityId ? `${e.entityType} ${e.entityId}` : e.entityType);

/** /dashboard/audit: every admin action, newest first, filtered by action prefix and searched on the server. */
export default function AuditLog({ t, locale }: SectionProps) {
  const list = useAdminList<AuditEntry>({
    url: ({ query, page, values: { action } }) => `/admin/audit?${new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(pageOffset(page)), ...(action ? { action } : {}), ...(query ? { search: query } : {}) })}`,
    params: { action: { values: ['', ...auditActionPrefixes], initial: '' } },
    loadError: (code) => t.error(code),
  });
  const [open, setOpen] = useState<AuditEntry | null>(null);

  return (
    <AdminList
      list={list}
      t={t}
      ns="audit"
      id="audit"
      rootTestId="audit-log"
      tools={<ListFilter list={list} name="action" id="audit-action" label={t('audit.filterLabel')} className="w-full sm:w-56" options={[['', t('audit.filterAll')], ...auditActionPrefixes.map((p): [string, string] => [p, p])]} />}
      columns={[{ key: 'when' }, { key: 'who' }, { key: 'action' }, { key: 'entity' }, { key: 'details', align: 'right' }]}
      after={<AuditDetail t={t} locale={locale} entry={open} onClose={() => setOpen(null)} />}
    >
      {(entry) => (
        <tr key={entry.id} className={rowClass} data-testid={`audit-row-${entry.id}`} data-action={entry.action} data-entity-id={entry.entityId ?? ''}>
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, locale)}>
              <span className="block">{formatShortDate(entry.createdAt, locale)}</span>
              <span className="block text-xs text-slate-500">{formatTime(entry.createdAt, locale)}</span>
            </time>
          </td>
          <td className={`${tdClass} text-slate-100`} data-testid="audit-row-actor">
            {entry.actor?.name || t('audit.unknownActor')}
          </td>
          <td className={tdClass}>
            <code className="rounded bg-white/5 px-1.5 py-0.5 font-mono text-xs text-accent" data-testid="audit-row-action">
              {entry.action}
            </code>
          </td>
          <td className={`${tdClass} max-w-[16rem] truncate font-mono text-xs text-slate-400`} title={entityOf(entry)}>
            {entityOf(entry)}
          </td>
          <td className={`${tdClass} text-right`}>
            <button type="button" className={smallButtonClass} onClick={() => setOpen(entry)} aria-label={t('audit.detailsLabel', { action: entry.action, entity: entityOf(entry) })} data-testid="audit-row-details">
              {t('audit.details')}
            </button>
          </td>
        </tr>
      )}
    </AdminList>
  );
}

/** Before and after side by side, the top-level keys that changed highlighted on both sides. */
function AuditDetail({ t, locale, entry, onClose }: { t: Translator; locale: Locale; entry: AuditEntry | null; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const changed = entry ? changedKeys(entry.before, entry.after) : [];
  const side = (label: string, value: Record<string, unknown> | null, testId: string, tone: string) => (
    <section className="flex min-w-0 flex-col gap-2" aria-label={label}>
      <h3 className="text-sm font-semibold text-slate-300">{label}</h3>
      {value === null ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-6 text-center text-sm text-slate-500" data-testid={testId}>
          {t('audit.none')}
        </p>
      ) : (
        <pre className="max-h-[55vh] overflow-auto rounded-lg border border-line bg-ink/60 p-3 font-mono text-xs leading-relaxed text-slate-300" data-testid={testId}>
          {prettyLines(value).map((line, i) => {
            const hit = line.key !== null && changed.includes(line.key);
            return (
              <span key={i} className={`block whitespace-pre-wrap break-all ${hit ? `${tone} rounded-sm` : ''}`} data-changed={hit || undefined}>
                {line.text}
              </span>
            );
          })}
        </pre>
      )}
    </section>
  );

  return (
    <ModalDialog open={entry !== null} onDismiss={onClose} focusRef={closeRef} labelledBy={titleId} testId="audit-detail" size="w-[min(64rem,calc(100vw-2rem))]">
      {entry && (
        <div className="space-y-4 p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={titleId} className="truncate text-lg font-bold text-white" data-testid="audit-detail-title">
                {t('audit.detailTitle', { action: entry.action, entity: entityOf(entry) })}
              </h2>
              <p className="mt-1 text-sm text-slate-400" data-testid="audit-detail-meta">
                {t('audit.detailMeta', { who: entry.actor?.name || t('audit.unknownActor'), when: formatDateTime(entry.createdAt, locale) })}
              </p>
            </div>
            <button ref={closeRef} type="button" className={secondaryButtonClass} onClick={onClose} data-testid="audit-detail-close">
              {t('audit.close')}
            </button>
          </div>
          <p className="text-sm text-slate-300" data-testid="audit-detail-changed">
            {changed.length ? t('audit.changedKeys', { keys: changed.join(', ') }) : t('audit.noChanges')}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {side(t('audit.before'), entry.before, 'audit-detail-before', 'bg-rose-500/15 text-rose-200')}
            {side(t('audit.after'), entry.after, 'audit-detail-after', 'bg-emerald-500/15 text-emerald-200')}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
