import { useEffect, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api, type ApiResult } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import ExportButton from '../../../../platform/ui/admin/ExportButton.tsx';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { countKey } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import {
  dangerSmallButtonClass,
  panelClass,
  panelTitleClass,
  rowClass,
  smallButtonClass,
  tableClass,
  tableWrapClass,
  tdClass,
  theadClass,
  thClass,
} from '../../../../platform/ui/admin/ui.ts';
import { freedSeatFillsItself, mayManageRoster, type Phase } from '../../rules.ts';
import ReasonDialog, { type ReasonKind } from './ReasonDialog.tsx';
import AddPlayer from './AddPlayer.tsx';
import EntryTeamsPanel from './EntryTeamsPanel.tsx';
import type { RegistrationRow, Registrations } from './registrations.ts';

interface Props {
  t: Translator;
  locale: Locale;
  tournamentId: string;
  /** the tournament's phase now: which actions the server would take */
  phase: Phase;
  registrations: Registrations | null;
  /** an error code when the last load failed */
  failure: string | null;
  loading: boolean;
  onReload: () => void;
  /** a roster action answered the roster as it now is */
  onChange: (registrations: Registrations) => void;
  maxPartecipants: number;
  /** the results are final: the frozen ranks and paid prizes no longer follow a disqualification */
  finalized: boolean;
}

type Column =
  'position' | 'username' | 'nickname' | 'confirmed' | 'gameAccount' | 'joinedAt' | 'disqualifiedAt' | 'actions';
const call: TypedCall<TournamentsApi> = api;

const R = 'dashboard.tournaments.roster';
const nameOf = (row: RegistrationRow) => row.username || row.userId;
// the actions stay in view on a phone: the table scrolls under them
const stickyClass = 'sticky right-0 bg-panel shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.6)]';

function account(row: RegistrationRow, t: Translator) {
  if (!row.gameAccount) return <span className="text-slate-500">{t('dashboard.common.none')}</span>;
  const { username, console, id } = row.gameAccount;
  return (
    <span>
      <span className="text-slate-200">{username}</span>
      {console && <span className="text-slate-400"> · {console}</span>}
      {id && <span className="block font-mono text-xs text-slate-400">{id}</span>}
    </span>
  );
}

/** A small button of a roster row; `label` names the player, the row's buttons all reading alike. */
function RowButton({
  danger = false,
  label,
  testId,
  busy,
  onClick,
  ...button
}: {
  danger?: boolean;
  label: string;
  testId: string;
  /** another roster change runs: the button waits, enabled, so the focus stays on it (a disabled one drops it) */
  busy: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button
      type="button"
      className={
        `${danger ? dangerSmallButtonClass : smallButtonClass} ` + 'aria-disabled:cursor-wait aria-disabled:opacity-50'
      }
      aria-label={label}
      aria-disabled={busy || undefined}
      data-testid={testId}
      onClick={(e) => (busy ? undefined : onClick?.(e))}
      {...button}
    />
  );
}

function header(t: Translator, c: Column) {
  if (c === 'actions') return t(`${R}.columns.actions`);
  if (c === 'disqualifiedAt') return t(`${R}.columns.disqualifiedAt`);
  return t(`dashboard.tournaments.detail.columns.${c}`);
}

function RegistrationTable({
  t,
  locale,
  rows,
  columns,
  caption,
  testId,
  empty,
  actions,
}: {
  t: Translator;
  locale: Locale;
  rows: RegistrationRow[];
  columns: Column[];
  caption: string;
  testId: string;
  empty: string;
  actions?: (row: RegistrationRow, index: number) => ReactNode;
}) {
  if (rows.length === 0)
    return (
      <p
        className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-slate-400"
        data-testid={`${testId}-empty`}
      >
        {empty}
      </p>
    );
  const cell = (row: RegistrationRow, column: Column, index: number) => {
    switch (column) {
      case 'position':
        return <span className="font-mono">#{row.position}</span>;
      case 'username':
        return (
          <span>
            <span className="font-semibold text-white">{nameOf(row)}</span>
            {row.team && (
              <span className="block text-xs text-amber-200">{t(`${R}.waitingTeam`, { team: row.team })}</span>
            )}
          </span>
        );
      case 'nickname':
        return row.nickname || <span className="text-slate-500">{t('dashboard.common.none')}</span>;
      case 'confirmed':
        return row.confirmed ? (
          <span
            className={
              'inline-flex rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs ' +
              'font-semibold text-emerald-200 ring-1 ring-emerald-400/40 ring-inset'
            }
          >
            {t('dashboard.common.yes')}
          </span>
        ) : (
          <span
            className={
              'inline-flex rounded-full bg-slate-500/15 px-2 py-0.5 text-xs ' +
              'font-semibold text-slate-300 ring-1 ring-slate-400/30 ring-inset'
            }
          >
            {t('dashboard.common.no')}
          </span>
        );
      case 'gameAccount':
        return account(row, t);
      case 'joinedAt':
        return formatDateTime(row.joinedAt, locale) || t('dashboard.common.none');
      case 'disqualifiedAt':
        return (
          <span className="flex flex-col items-start gap-1">
            <span
              className={
                'inline-flex rounded-full bg-rose-500/15 px-2 py-0.5 text-xs ' +
                'font-semibold text-rose-200 ring-1 ring-rose-400/40 ring-inset'
              }
            >
              {t(`${R}.disqualifiedBadge`)}
            </span>
            <span>{formatDateTime(row.disqualifiedAt ?? null, locale)}</span>
          </span>
        );
      case 'actions':
        return <div className="flex flex-wrap justify-end gap-1.5 sm:flex-nowrap">{actions?.(row, index)}</div>;
    }
  };
  return (
    <div className={tableWrapClass}>
      <table className={`${tableClass} min-w-[36rem]`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={`${thClass} ${c === 'actions' ? `${stickyClass} text-right` : ''}`}>
                {header(t, c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.userId || row.username}
              className={rowClass}
              data-testid={`${testId}-row`}
              data-user-id={row.userId}
            >
              {columns.map((c) => (
                <td
                  key={c}
                  className={`${tdClass} text-slate-300 ${c === 'actions' ? stickyClass : ''}`}
                  data-column={c}
                >
                  {cell(row, c, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The match-day roster of one tournament: members, checked-in players, the
 * waitlist and the disqualified, with what an admin does to each (check in or out, remove or
 * disqualify with a reason, promote, move in the queue), adding a site user, and the CSV export. Every action answers
 * the roster as it now is; a refusal is the server's code, translated.
 */
export default function PlayersPanel({
  t,
  locale,
  tournamentId,
  phase,
  registrations,
  failure,
  loading,
  onReload,
  onChange,
  maxPartecipants,
  finalized,
}: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [ask, setAsk] = useState<{ kind: ReasonKind; row: RegistrationRow } | null>(null);
  // a removed or disqualified row takes its buttons with it, and the closed dialog's focus had nowhere to go back
  // to: it goes to the heading of the table the row left (after the dialog's own close, a child's effect, ran)
  const [focusTitle, setFocusTitle] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTitle) return;
    document.getElementById(`${focusTitle}-title`)?.focus();
    setFocusTitle(null);
  }, [focusTitle]);

  if (!registrations) {
    return failure ? (
      <RetryAlert
        message={t('dashboard.tournaments.detail.loadError')}
        retry={{ label: t('dashboard.common.retry'), run: onReload }}
        testId="tournament-players-error"
      />
    ) : (
      <Spinner label={t('dashboard.tournaments.detail.loading')} />
    );
  }

  const base = `/tournaments/${encodeURIComponent(tournamentId)}/registrations` as const;
  /**
   * One roster call: the new roster and a toast, or the refusal's text (and a fresh read, the roster having moved on).
   */
  const act = async (
    key: string,
    send: () => Promise<ApiResult<Registrations>>,
    done: string | ((r: Registrations) => string),
  ) => {
    if (busy) return false;
    setBusy(key);
    const res = await send();
    setBusy(null);
    if (res.ok) {
      onChange(res.data);
      toast.success(typeof done === 'string' ? done : done(res.data));
      return true;
    }
    toast.error(t.error(res.code));
    if (res.status === 409) onReload();
    return false;
  };
  const playerPath = (row: RegistrationRow) => `${base}/${encodeURIComponent(row.userId)}` as const;

  const confirmed = registrations.members.filter((m) => m.confirmed);
  const disqualified = registrations.disqualified ?? [];
  // seats, not players: a whole team of a team tournament takes one
  const free = Math.max(0, maxPartecipants - registrations.seatsTaken);
  const canManage = mayManageRoster(phase).ok;
  // an admin checks a member in or out on their behalf at any time until the end, window or not
  const canCheckIn = canManage;
  const disabled = busy !== null || loading;

  const removeButtons = (row: RegistrationRow, withDisqualify: boolean) => (
    <>
      <RowButton
        danger
        busy={disabled}
        disabled={!canManage}
        onClick={() => setAsk({ kind: 'remove', row })}
        label={t(`${R}.removeLabel`, { name: nameOf(row) })}
        testId="roster-remove"
      >
        {t(`${R}.remove`)}
      </RowButton>
      {withDisqualify && (
        <RowButton
          danger
          busy={disabled}
          disabled={finalized}
          title={finalized ? t(`${R}.disqualifyFinal`) : undefined}
          onClick={() => setAsk({ kind: 'disqualify', row })}
          label={t(`${R}.disqualifyLabel`, { name: nameOf(row) })}
          testId="roster-disqualify"
        >
          {t(`${R}.disqualify`)}
        </RowButton>
      )}
    </>
  );

  const memberActions = (row: RegistrationRow) => {
    const checkIn = !row.confirmed;
    const send = () =>
      call<'PUT /tournaments/:id/registrations/:userId/checkin'>(`${playerPath(row)}/checkin`, {
        method: 'PUT',
        body: { confirmed: checkIn },
      });
    const done = t(checkIn ? `${R}.checkedIn` : `${R}.checkedOut`, { name: nameOf(row) });
    return (
      <>
        <RowButton
          busy={disabled}
          disabled={!canCheckIn}
          title={canCheckIn ? undefined : t(`${R}.checkInEnded`)}
          onClick={() => void act(`checkin-${row.userId}`, send, done)}
          label={t(checkIn ? `${R}.checkInLabel` : `${R}.checkOutLabel`, { name: nameOf(row) })}
          testId={checkIn ? 'roster-checkin' : 'roster-checkout'}
        >
          {t(checkIn ? `${R}.checkIn` : `${R}.checkOut`)}
        </RowButton>
        {removeButtons(row, true)}
      </>
    );
  };

  const waitlistActions = (row: RegistrationRow, index: number) => {
    const last = registrations.waitlist.length - 1;
    const moveTo = (position: number) =>
      void act(
        `move-${row.userId}`,
        () =>
          call<'PUT /tournaments/:id/registrations/:userId/position'>(`${playerPath(row)}/position`, {
            method: 'PUT',
            body: { position },
          }),
        t(`${R}.moved`, { name: nameOf(row), position }),
      );
    const promote = () =>
      call<'POST /tournaments/:id/registrations/:userId/promote'>(`${playerPath(row)}/promote`, { method: 'POST' });
    return (
      <>
        <RowButton
          busy={disabled}
          disabled={!canManage || index === 0}
          onClick={() => moveTo(index)}
          label={t(`${R}.moveUp`, { name: nameOf(row) })}
          testId="roster-move-up"
        >
          <span aria-hidden="true">↑</span>
        </RowButton>
        <RowButton
          busy={disabled}
          disabled={!canManage || index === last}
          onClick={() => moveTo(index + 2)}
          label={t(`${R}.moveDown`, { name: nameOf(row) })}
          testId="roster-move-down"
        >
          <span aria-hidden="true">↓</span>
        </RowButton>
        <RowButton
          busy={disabled}
          disabled={!canManage || free === 0}
          title={free === 0 ? t(`${R}.noFreeSeat`) : undefined}
          onClick={() => void act(`promote-${row.userId}`, promote, t(`${R}.promoted`, { name: nameOf(row) }))}
          label={t(`${R}.promoteLabel`, { name: nameOf(row) })}
          testId="roster-promote"
        >
          {t(`${R}.promote`)}
        </RowButton>
        {removeButtons(row, true)}
      </>
    );
  };

  const tables: {
    key: string;
    title: string;
    note?: string;
    rows: RegistrationRow[];
    columns: Column[];
    empty: string;
    actions?: (row: RegistrationRow, index: number) => ReactNode;
  }[] = [
    {
      key: 'members',
      title: t('dashboard.tournaments.detail.members'),
      note: finalized ? t(`${R}.rosterFinal`) : canCheckIn ? undefined : t(`${R}.checkInEnded`),
      rows: registrations.members,
      columns: ['username', 'nickname', 'confirmed', 'gameAccount', 'joinedAt', 'actions'],
      empty: t('dashboard.tournaments.detail.emptyMembers'),
      actions: memberActions,
    },
    {
      key: 'confirmed',
      title: t('dashboard.tournaments.detail.confirmedMembers'),
      rows: confirmed,
      columns: ['username', 'nickname', 'gameAccount'],
      empty: t('dashboard.tournaments.detail.emptyConfirmed'),
    },
    {
      key: 'waitlist',
      title: t('dashboard.tournaments.detail.waitlist'),
      note:
        registrations.waitlist.length === 0
          ? undefined
          : free > 0
            ? t(countKey(`${R}.freeSeats`, free, locale), { count: free })
            : t(`${R}.noFreeSeat`),
      rows: registrations.waitlist,
      columns: ['position', 'username', 'nickname', 'gameAccount', 'joinedAt', 'actions'],
      empty: t('dashboard.tournaments.detail.emptyWaitlist'),
      actions: waitlistActions,
    },
    {
      key: 'disqualified',
      title: t(`${R}.disqualified`),
      rows: disqualified,
      columns: ['username', 'nickname', 'gameAccount', 'disqualifiedAt', 'actions'],
      empty: t(`${R}.emptyDisqualified`),
      actions: (row) => removeButtons(row, false),
    },
  ];
  const counts: [string, string, string][] = [
    // seats, not players: a whole team of a team tournament takes one, while the check-ins count players
    ['members', t('dashboard.tournaments.detail.counts.seats'), `${registrations.seatsTaken}/${maxPartecipants}`],
    ['confirmed', t('dashboard.tournaments.detail.counts.confirmed'), String(confirmed.length)],
    ['waitlist', t('dashboard.tournaments.detail.counts.waitlist'), String(registrations.waitlist.length)],
    ['free', t(`${R}.countFree`), String(free)],
    ['disqualified', t(`${R}.countDisqualified`), String(disqualified.length)],
  ];

  return (
    <div className="space-y-6" aria-busy={loading || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-3 text-sm" data-testid="tournament-players-counts">
          {counts.map(([key, label, value]) => (
            <div key={key} className="rounded-xl border border-line bg-panel/80 px-4 py-2">
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="font-mono text-lg font-bold text-white" data-testid={`tournament-count-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <ExportButton path={`${base}.csv`} name={`roster-${tournamentId}`} t={t} testId="roster-export" />
          <BusyButton
            busy={loading}
            busyLabel={t('dashboard.common.loading')}
            onClick={onReload}
            className={smallButtonClass}
            testId="tournament-players-reload"
          >
            {t('dashboard.common.refresh')}
          </BusyButton>
        </div>
      </div>

      <AddPlayer t={t} tournamentId={tournamentId} open={canManage} disabled={disabled} act={act} />

      <EntryTeamsPanel t={t} tournamentId={tournamentId} version={registrations} />

      {tables.map(({ key, title, note, ...table }) => (
        <section key={key} className={panelClass} aria-labelledby={`${key}-title`}>
          <h2 id={`${key}-title`} tabIndex={-1} className={`${panelTitleClass} mb-4`}>
            {title}
          </h2>
          {note && (
            <p className="-mt-2 mb-4 text-sm text-slate-400" data-testid={`tournament-${key}-note`}>
              {note}
            </p>
          )}
          <RegistrationTable t={t} locale={locale} caption={title} testId={`tournament-${key}`} {...table} />
        </section>
      ))}

      <ReasonDialog
        t={t}
        ask={
          ask && {
            kind: ask.kind,
            name: nameOf(ask.row),
            // a waiting team's place in the queue is its captain's: the team goes with them
            note: ask.row.team
              ? t(`${R}.waitingTeamDisbanded`, { team: ask.row.team })
              : ask.kind === 'remove' && ask.row.confirmed !== undefined
                ? t(freedSeatFillsItself(phase) ? `${R}.removeSeatOpen` : `${R}.removeSeatClosed`)
                : undefined,
          }
        }
        busy={busy !== null}
        onCancel={() => setAsk(null)}
        onConfirm={async (reason) => {
          if (!ask) return;
          const { kind, row } = ask;
          const ok = await act(
            `${kind}-${row.userId}`,
            () =>
              call<`POST /tournaments/:id/registrations/:userId/${ReasonKind}`>(`${playerPath(row)}/${kind}`, {
                body: { reason },
              }),
            t(kind === 'remove' ? `${R}.removed` : `${R}.disqualifiedDone`, { name: nameOf(row) }),
          );
          if (!ok) return;
          setAsk(null);
          setFocusTitle(row.position !== undefined ? 'waitlist' : row.disqualifiedAt ? 'disqualified' : 'members');
        }}
      />
    </div>
  );
}
