import { useId, useRef, useState } from 'react';
import { pageQuery, filledQuery } from '../../../platform/ui/admin/admin-lists.ts';
import { localizePath, type Locale } from '../../../platform/i18n/i18n.ts';
import ModalDialog from '../../../platform/ui/ModalDialog.tsx';
import { TableHead } from '../../../platform/ui/TableHead.tsx';
import { secondaryButtonClass } from '../../../platform/ui/ui.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { formatDateTime, formatDate, formatTime } from '../../../platform/i18n/date-time.ts';
import { AdminList, ListFilter } from '../../../platform/ui/admin/AdminList.tsx';
import ExportButton from '../../../platform/ui/admin/ExportButton.tsx';
import type { SectionProps } from '../../../platform/ui/admin/section-props.ts';
import { rowClass, smallButtonClass, tdClass } from '../../../platform/ui/admin/ui.ts';
import { useAdminList } from '../../../platform/ui/admin/use-admin-list.ts';
import UserPageLink from '../../../platform/ui/admin/UserPageLink.tsx';
import RowButtonCell from '../../../platform/ui/admin/RowButtonCell.tsx';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AuditApi } from '../endpoints.ts';
import { auditCategories, auditSorts, type AuditEntry } from '../contract.ts';
import { isId } from '../../../platform/ids.ts';
import { auditChanges, formatAuditValue } from '../diff.ts';
import {
  actionLabel,
  auditObjectPath,
  categoryLabel,
  changedKeys,
  prettyLines,
  tournamentNameOf,
  tournamentOf,
} from './audit-diff.ts';

/** The object as a person reads it: its name when the entry has one, else its type and id. */
const call: TypedCall<AuditApi> = api;

const objectName = (e: AuditEntry) => e.entityLabel || (e.entityId ? `${e.entityType} ${e.entityId}` : e.entityType);

/** The filter and search of the list, as the API's query (the page's list and its export share it). */
const filterQuery = (query: string, values: Record<string, string | undefined>) => ({
  category: values.category,
  tournament: values.tournament,
  search: query,
  sort: values.sort,
});

/**
 * /dashboard/audit: every admin action, newest first, filtered by category and by tournament (who changed this
 * tournament's results), searched by who, what and the object's name.
 */
export default function AuditLog({ t, locale }: SectionProps) {
  const list = useAdminList<AuditEntry>({
    load: ({ query, page, values }) =>
      call<'GET /admin/audit'>(`/admin/audit?${pageQuery(page, filterQuery(query, values))}`),
    params: {
      category: { values: ['', ...auditCategories], initial: '' },
      tournament: { values: [''], initial: '', accepts: isId },
      sort: { values: auditSorts, initial: 'newest' },
    },
    loadError: (code) => t.error(code),
  });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  // the chosen tournament's name: the row it was picked from, else any row of it on the page
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const tournament = list.values.tournament;
  const tournamentName =
    (picked?.id === tournament && picked.name) ||
    (list.data?.rows ?? []).map((e) => (tournamentOf(e) === tournament ? tournamentNameOf(e) : '')).find(Boolean) ||
    tournament;
  const pickTournament = (entry: AuditEntry) => {
    const id = tournamentOf(entry);
    if (!id) return;
    setPicked({ id, name: tournamentNameOf(entry) || id });
    list.setValue('tournament', id);
  };

  return (
    <AdminList
      list={list}
      t={t}
      ns="audit"
      id="audit"
      rootTestId="audit-log"
      tools={
        <>
          <ListFilter
            list={list}
            name="category"
            id="audit-action"
            label={t('audit.filterLabel')}
            className="w-full sm:w-56"
            options={[
              ['', t('audit.filterAll')],
              ...auditCategories.map((c): [string, string] => [c, categoryLabel(t, c)]),
            ]}
          />
          {tournament && (
            <p
              className={
                'flex items-center gap-2 self-end rounded-full border ' +
                'border-line bg-white/5 py-1 pr-1 pl-3 text-sm text-slate-100'
              }
              data-testid="audit-tournament-filter"
            >
              <span className="max-w-[16rem] truncate">{t('audit.tournamentFilter', { name: tournamentName })}</span>
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => list.setValue('tournament', '')}
                data-testid="audit-tournament-clear"
              >
                {t('audit.tournamentFilterClear')}
              </button>
            </p>
          )}
          <div className="self-end">
            <ExportButton
              path={`/admin/audit/export?${filledQuery(filterQuery(list.query, list.values))}`}
              name={t('audit.export')}
              t={t}
              testId="audit-export"
            />
          </div>
        </>
      }
      columns={[
        { key: 'when', sort: 'date' },
        { key: 'who', sort: 'who' },
        { key: 'action', sort: 'action' },
        { key: 'entity' },
        { key: 'details', align: 'right' },
      ]}
      after={<AuditDetail t={t} locale={locale} entry={open} onClose={() => setOpen(null)} />}
    >
      {(entry) => (
        <tr
          key={entry.id}
          className={rowClass}
          data-testid={`audit-row-${entry.id}`}
          data-action={entry.action}
          data-entity-id={entry.entityId ?? ''}
        >
          <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, locale)}>
              <span className="block">{formatDate(entry.createdAt, locale)}</span>
              <span className="block text-xs text-slate-400">{formatTime(entry.createdAt, locale)}</span>
            </time>
          </td>
          <td className={`${tdClass} text-slate-100`} data-testid="audit-row-actor">
            {entry.actor?.id ? (
              <UserPageLink id={entry.actor.id} locale={locale}>
                {entry.actor.name || t('audit.unknownActor')}
              </UserPageLink>
            ) : (
              entry.actor?.name || t('audit.unknownActor')
            )}
          </td>
          <td className={`${tdClass} text-slate-100`}>
            <span className="block" data-testid="audit-row-action">
              {actionLabel(t, entry.action)}
            </span>
            <code className="font-mono text-xs text-slate-400">{entry.action}</code>
          </td>
          <td className={`${tdClass} max-w-[16rem]`}>
            <AuditObject entry={entry} t={t} locale={locale} />
            {tournamentOf(entry) && tournamentOf(entry) !== tournament && (
              <button
                type="button"
                className="mt-0.5 text-xs text-slate-400 underline-offset-2 hover:text-slate-200 hover:underline"
                onClick={() => pickTournament(entry)}
                aria-label={t('audit.onlyTournamentLabel', { name: tournamentNameOf(entry) || objectName(entry) })}
                data-testid="audit-row-tournament"
              >
                {t('audit.onlyTournament')}
              </button>
            )}
          </td>
          <RowButtonCell
            onClick={() => setOpen(entry)}
            label={t('audit.detailsLabel', { action: actionLabel(t, entry.action), entity: objectName(entry) })}
            testId="audit-row-details"
          >
            {t('audit.details')}
          </RowButtonCell>
        </tr>
      )}
    </AdminList>
  );
}

/** The entry's object by name, a link to where it is seen when it still exists. */
function AuditObject({ entry, t, locale }: { entry: AuditEntry; t: Translator; locale: Locale }) {
  const path = auditObjectPath(entry);
  const name = objectName(entry);
  const href = path && (path.startsWith('/dashboard') ? localizePath(path, locale) : path);
  return (
    <span className="block truncate" title={`${entry.entityType} ${entry.entityId}`}>
      {href ? (
        <a
          href={href}
          className="text-accent underline-offset-2 hover:underline focus-visible:underline"
          aria-label={t('audit.openObject', { name })}
          data-testid="audit-row-object"
        >
          {name}
        </a>
      ) : (
        <span className="text-slate-300" data-testid="audit-row-object">
          {name}
          {entry.action.endsWith('.delete') && (
            <span className="ml-1 text-xs text-slate-400">({t('audit.objectGone')})</span>
          )}
        </span>
      )}
    </span>
  );
}

/** What the action changed, value by value (a deep diff), then the whole records for context. */
function AuditDetail({
  t,
  locale,
  entry,
  onClose,
}: {
  t: Translator;
  locale: Locale;
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const changes = entry ? auditChanges(entry.before, entry.after) : [];
  const changed = entry ? changedKeys(entry.before, entry.after) : [];
  const cell = (v: unknown, missing: string) =>
    v === undefined ? <span className="text-slate-400 italic">{missing}</span> : formatAuditValue(v);
  const side = (label: string, value: Record<string, unknown> | null, testId: string, tone: string) => (
    <section className="flex min-w-0 flex-col gap-2" aria-label={label}>
      <h4 className="text-sm font-semibold text-slate-300">{label}</h4>
      {value === null ? (
        <p
          className="rounded-lg border border-dashed border-line px-3 py-6 text-center text-sm text-slate-400"
          data-testid={testId}
        >
          {t('audit.none')}
        </p>
      ) : (
        <pre
          className={
            'max-h-[45vh] overflow-auto rounded-lg border border-line ' +
            'bg-ink/60 p-3 font-mono text-xs leading-relaxed text-slate-300'
          }
          data-testid={testId}
        >
          {prettyLines(value).map((line, i) => {
            const hit = line.key !== null && changed.includes(line.key);
            return (
              <span
                key={i}
                className={`block whitespace-pre-wrap break-all ${hit ? `${tone} rounded-sm` : ''}`}
                data-changed={hit || undefined}
              >
                {line.text}
              </span>
            );
          })}
        </pre>
      )}
    </section>
  );

  return (
    <ModalDialog
      open={entry !== null}
      onDismiss={onClose}
      focusRef={closeRef}
      labelledBy={titleId}
      testId="audit-detail"
      size="w-[min(64rem,calc(100vw-2rem))]"
    >
      {entry && (
        <div className="max-h-[90vh] space-y-4 overflow-y-auto p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-bold break-words text-white" data-testid="audit-detail-title">
                {t('audit.detailTitle', { action: actionLabel(t, entry.action), entity: objectName(entry) })}
              </h2>
              <p className="mt-1 text-sm text-slate-400" data-testid="audit-detail-meta">
                {t('audit.detailMeta', {
                  who: entry.actor?.name || t('audit.unknownActor'),
                  when: formatDateTime(entry.createdAt, locale),
                })}
              </p>
              <p className="mt-1 text-sm">
                <AuditObject entry={entry} t={t} locale={locale} />
              </p>
            </div>
            <button
              ref={closeRef}
              type="button"
              className={secondaryButtonClass}
              onClick={onClose}
              data-testid="audit-detail-close"
            >
              {t('audit.close')}
            </button>
          </div>
          <p className="text-sm text-slate-300" data-testid="audit-detail-changed">
            {changes.length
              ? t('audit.changedKeys', { keys: changes.map((c) => c.path).join(', ') })
              : t('audit.noChanges')}
          </p>
          {changes.length > 0 && (
            <div className="overflow-x-auto rounded-lg border border-line">
              <table className="w-full table-fixed text-left text-sm" data-testid="audit-detail-changes">
                <TableHead
                  caption={t('audit.changesCaption')}
                  className="bg-white/5 text-xs text-slate-400 uppercase"
                  columns={[
                    { label: t('audit.path'), className: 'w-1/2 px-3 py-2' },
                    { label: t('audit.before'), className: 'px-3 py-2' },
                    { label: t('audit.after'), className: 'px-3 py-2' },
                  ]}
                />
                <tbody>
                  {changes.map((c) => (
                    <tr
                      key={c.path}
                      className="border-t border-line align-top"
                      data-testid="audit-change"
                      data-path={c.path}
                    >
                      <th scope="row" className="px-3 py-2 font-mono text-xs font-normal break-all text-slate-200">
                        {c.path}
                      </th>
                      <td
                        className="px-3 py-2 font-mono text-xs break-all text-rose-200"
                        data-testid="audit-change-before"
                      >
                        {cell(c.before, t('audit.added'))}
                      </td>
                      <td
                        className="px-3 py-2 font-mono text-xs break-all text-emerald-200"
                        data-testid="audit-change-after"
                      >
                        {cell(c.after, t('audit.removed'))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <details className="rounded-lg border border-line p-3">
            <summary className="cursor-pointer text-sm font-semibold text-slate-300">{t('audit.fullRecord')}</summary>
            <div className="mt-3 grid gap-4 md:grid-cols-2">
              {side(t('audit.before'), entry.before, 'audit-detail-before', 'bg-rose-500/15 text-rose-200')}
              {side(t('audit.after'), entry.after, 'audit-detail-after', 'bg-emerald-500/15 text-emerald-200')}
            </div>
          </details>
        </div>
      )}
    </ModalDialog>
  );
}
