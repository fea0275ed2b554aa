import type { Locale } from '../../../../platform/i18n/i18n.ts';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { panelClass, panelTitleClass, rowClass, smallButtonClass, tableClass, tableWrapClass, tdClass, theadClass, thClass } from '../../../../platform/ui/admin/ui.ts';
import type { RegistrationRow, Registrations } from './registrations.ts';

interface Props {
  t: Translator;
  locale: Locale;
  registrations: Registrations | null;
  /** an error code when the last load failed */
  failure: string | null;
  loading: boolean;
  onReload: () => void;
  maxPartecipants: number;
}

type Column = 'position' | 'username' | 'nickname' | 'confirmed' | 'gameAccount' | 'joinedAt';

function account(row: RegistrationRow, t: Translator) {
  if (!row.gameAccount) return <span className="text-slate-500">{t('dashboard.common.none')}</span>;
  const { username, console, id } = row.gameAccount;
  return (
    <span>
      <span className="text-slate-200">{username}</span>
      {console && <span className="text-slate-400"> · {console}</span>}
      {id && <span className="block font-mono text-xs text-slate-500">{id}</span>}
    </span>
  );
}

function RegistrationTable({ t, locale, rows, columns, caption, testId, empty }: { t: Translator; locale: Locale; rows: RegistrationRow[]; columns: Column[]; caption: string; testId: string; empty: string }) {
  if (rows.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-slate-400" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  const cell = (row: RegistrationRow, column: Column) => {
    switch (column) {
      case 'position':
        return <span className="font-mono">#{row.position}</span>;
      case 'username':
        return <span className="font-semibold text-white">{row.username || row.userId}</span>;
      case 'nickname':
        return row.nickname || <span className="text-slate-500">{t('dashboard.common.none')}</span>;
      case 'confirmed':
        return row.confirmed ? (
          <span className="inline-flex rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-200 ring-1 ring-emerald-400/40 ring-inset">{t('dashboard.common.yes')}</span>
        ) : (
          <span className="inline-flex rounded-full bg-slate-500/15 px-2 py-0.5 text-xs font-semibold text-slate-300 ring-1 ring-slate-400/30 ring-inset">{t('dashboard.common.no')}</span>
        );
      case 'gameAccount':
        return account(row, t);
      case 'joinedAt':
        return formatDateTime(row.joinedAt, locale) || t('dashboard.common.none');
    }
  };
  return (
    <div className={tableWrapClass}>
      <table className={`${tableClass} min-w-[36rem]`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={thClass}>
                {t(`dashboard.tournaments.detail.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId || row.username} className={rowClass} data-testid={`${testId}-row`} data-user-id={row.userId}>
              {columns.map((c) => (
                <td key={c} className={`${tdClass} text-slate-300`} data-column={c}>
                  {cell(row, c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Members, confirmed members and the waitlist of one tournament (GET /tournaments/:id/registrations). */
export default function PlayersPanel({ t, locale, registrations, failure, loading, onReload, maxPartecipants }: Props) {
  if (!registrations) {
    return failure ? (
      <RetryAlert message={t('dashboard.tournaments.detail.loadError')} retry={{ label: t('dashboard.common.retry'), run: onReload }} testId="tournament-players-error" />
    ) : (
      <Spinner label={t('dashboard.tournaments.detail.loading')} />
    );
  }
  const confirmed = registrations.members.filter((m) => m.confirmed);
  // the three tables: `<key>-title` names each section, `tournament-<key>` is the table's test id
  const tables: { key: string; title: string; rows: RegistrationRow[]; columns: Column[]; empty: string }[] = [
    { key: 'members', title: t('dashboard.tournaments.detail.members'), rows: registrations.members, columns: ['username', 'nickname', 'confirmed', 'gameAccount', 'joinedAt'], empty: t('dashboard.tournaments.detail.emptyMembers') },
    { key: 'confirmed', title: t('dashboard.tournaments.detail.confirmedMembers'), rows: confirmed, columns: ['username', 'nickname', 'gameAccount'], empty: t('dashboard.tournaments.detail.emptyConfirmed') },
    { key: 'waitlist', title: t('dashboard.tournaments.detail.waitlist'), rows: registrations.waitlist, columns: ['position', 'username', 'nickname', 'gameAccount', 'joinedAt'], empty: t('dashboard.tournaments.detail.emptyWaitlist') },
  ];
  return (
    <div className="space-y-6" aria-busy={loading || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-3 text-sm" data-testid="tournament-players-counts">
          {[
            ['members', `${registrations.members.length}/${maxPartecipants}`],
            ['confirmed', String(confirmed.length)],
            ['waitlist', String(registrations.waitlist.length)],
          ].map(([key, value]) => (
            <div key={key} className="rounded-xl border border-line bg-panel/80 px-4 py-2">
              <dt className="text-xs text-slate-400">{t(`dashboard.tournaments.detail.counts.${key}`)}</dt>
              <dd className="font-mono text-lg font-bold text-white" data-testid={`tournament-count-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={onReload} disabled={loading} className={smallButtonClass} data-testid="tournament-players-reload">
          {loading ? t('dashboard.common.loading') : t('dashboard.common.refresh')}
        </button>
      </div>

      {tables.map(({ key, title, rows, columns, empty }) => (
        <section key={key} className={panelClass} aria-labelledby={`${key}-title`}>
          <h2 id={`${key}-title`} className={`${panelTitleClass} mb-4`}>
            {title}
          </h2>
          <RegistrationTable t={t} locale={locale} rows={rows} columns={columns} caption={title} testId={`tournament-${key}`} empty={empty} />
        </section>
      ))}
    </div>
  );
}
