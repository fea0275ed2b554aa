import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import { $user } from '../../../../platform/browser/session.ts';
import { localizePath, type Locale } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import Pagination from '../../../../platform/ui/Pagination.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { useStore } from '@nanostores/react';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { formatDateTime, formatNumber } from '../../../../platform/ui/admin/format.ts';
import { DetailItem } from '../../../../platform/ui/admin/Modal.tsx';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import { idFromLocation, type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import {
  dangerSmallButtonClass,
  panelClass,
  panelTitleClass,
  rowClass,
  smallButtonClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
  theadClass,
} from '../../../../platform/ui/admin/ui.ts';
import type { Purchase, Transaction } from '../../../rewards/contract.ts';
import { OVERVIEW_PAGE, type AccountStanding, type UserOverview } from '../../people-contract.ts';
import { grantableRoles, manageVerdict, refusalOf, SITE_ADMIN } from '../../people-rules.ts';

type Load = { state: 'loading' } | { state: 'failed'; code: string } | { state: 'ready'; data: UserOverview };
/** A write waiting for the admin's yes: a role to grant or revoke, or the block to flip. */
type Pending = { kind: 'role'; role: string; grant: boolean } | { kind: 'block'; block: boolean };

/**
 * /dashboard/users/view?id=…: one user as the admin needs them: profile,
 * roles with grant and revoke, block and unblock, badges, wallet and purchases (paged), tournament
 * registrations and live sessions. Every write asks first; the rules of people-rules.ts decide
 * which controls are offered, and the server applies the same rules.
 */
export default function UserPage({ t, locale, agencyName = 'Nexus' }: SectionProps) {
  const [id] = useState(idFromLocation);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoad({ state: 'loading' });
    api<UserOverview>(`/admin/users/${encodeURIComponent(id)}`).then((res) => {
      if (!live) return;
      setLoad(res.ok ? { state: 'ready', data: res.data } : { state: 'failed', code: res.code });
    });
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const toList = (
    <a href={localizePath(sectionPath('users'), locale)} className={linkClass} data-testid="user-page-to-list">
      {t('accounts.userPage.toList')}
    </a>
  );
  if (!id)
    return (
      <p className="mt-6 text-slate-300" data-testid="user-page-no-id">
        {t('accounts.userPage.noId')} {toList}
      </p>
    );
  if (load.state === 'loading') return <Spinner label={t('accounts.userPage.loading')} testId="user-page-loading" />;
  if (load.state === 'failed') {
    const notFound = load.code === 'NOT_FOUND' || load.code === 'VALIDATION_ERROR';
    return (
      <div className="mt-6 space-y-3">
        <RetryAlert
          message={
            notFound ? t('accounts.userPage.notFound') : `${t('accounts.userPage.loadError')} ${t.error(load.code)}`
          }
          retry={notFound ? undefined : { label: t('accounts.userPage.retry'), run: () => setAttempt((n) => n + 1) }}
          testId="user-page-error"
        />
        {toList}
      </div>
    );
  }
  const onStanding = (standing: AccountStanding) =>
    setLoad((l) =>
      l.state === 'ready'
        ? {
            state: 'ready',
            data: {
              ...l.data,
              user: { ...l.data.user, roles: standing.roles, blockedAt: standing.blockedAt },
              sessions: standing.blockedAt ? [] : l.data.sessions,
            },
          }
        : l,
    );
  return <UserView t={t} locale={locale} agencyName={agencyName} data={load.data} onStanding={onStanding} />;
}

function UserView({
  t,
  locale,
  agencyName,
  data,
  onStanding,
}: {
  t: Translator;
  locale: Locale;
  agencyName: string;
  data: UserOverview;
  onStanding: (s: AccountStanding) => void;
}) {
  // the dashboard's own way to read the session (the visitor pages' lighter useAtom would split their shared chunk)
  const me = useStore($user);
  const { user } = data;
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const actor = { id: me?.id ?? '', roles: me?.roles ?? [] };
  const blockRefused = refusalOf(manageVerdict(actor, user, 'block', agencyName));
  const rolesRefused = refusalOf(manageVerdict(actor, user, 'roles', agencyName));
  const roleName = (role: string) =>
    role === SITE_ADMIN ? t('accounts.userPage.roles.names.siteAdmin') : t('accounts.userPage.roles.names.agencyAdmin');
  const name = user.username;

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    const base = `/admin/users/${encodeURIComponent(user.id)}`;
    const res =
      pending.kind === 'role'
        ? await api<AccountStanding>(`${base}/roles/${encodeURIComponent(pending.role)}`, {
            method: pending.grant ? 'PUT' : 'DELETE',
          })
        : await api<AccountStanding>(`${base}/block`, { method: pending.block ? 'PUT' : 'DELETE' });
    setBusy(false);
    setPending(null);
    if (!res.ok) {
      toast.error(
        `${pending.kind === 'role' ? t('accounts.userPage.roles.error') : t('accounts.userPage.block.error')} ${t.error(res.code)}`,
      );
      return;
    }
    onStanding(res.data);
    if (pending.kind === 'role')
      toast.success(
        t(pending.grant ? 'accounts.userPage.roles.granted' : 'accounts.userPage.roles.revoked', {
          role: roleName(pending.role),
          name,
        }),
      );
    else
      toast.success(
        t(pending.block ? 'accounts.userPage.block.blocked' : 'accounts.userPage.block.unblocked', { name }),
      );
  };

  const confirmText = (): { title: string; message: string; label: string; danger: boolean } => {
    if (pending?.kind === 'role') {
      const role = roleName(pending.role);
      return pending.grant
        ? {
            title: t('accounts.userPage.roles.grantTitle', { role, name }),
            message: t('accounts.userPage.roles.grantMessage', { name }),
            label: t('accounts.userPage.roles.grant'),
            danger: false,
          }
        : {
            title: t('accounts.userPage.roles.revokeTitle', { role, name }),
            message: t('accounts.userPage.roles.revokeMessage', { name }),
            label: t('accounts.userPage.roles.revoke'),
            danger: true,
          };
    }
    return pending?.block
      ? {
          title: t('accounts.userPage.block.blockTitle', { name }),
          message: t('accounts.userPage.block.blockMessage', { name }),
          label: t('accounts.userPage.block.block'),
          danger: true,
        }
      : {
          title: t('accounts.userPage.block.unblockTitle', { name }),
          message: t('accounts.userPage.block.unblockMessage', { name }),
          label: t('accounts.userPage.block.unblock'),
          danger: false,
        };
  };
  const dialog = confirmText();
  const none = t('accounts.userPage.profile.none');

  return (
    <div className="mt-6 space-y-6" data-testid="user-page">
      <section
        className={`${panelClass} flex flex-wrap items-center justify-between gap-4`}
        aria-labelledby="user-page-name"
      >
        <div className="min-w-0">
          <h2 id="user-page-name" className="truncate text-xl font-bold text-white" data-testid="user-page-username">
            {user.username}
          </h2>
          <p className="truncate text-sm text-slate-300" data-testid="user-page-email">
            {user.email}
          </p>
          {user.pendingEmail && (
            <p className="truncate text-xs text-amber-200" data-testid="user-page-pending-email">
              {t('accounts.userPage.profile.pendingEmail', { email: user.pendingEmail })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={`rounded-full px-3 py-1 text-xs font-semibold ${user.blockedAt ? 'bg-rose-500/15 text-rose-200 ring-1 ring-rose-500/40' : 'bg-emerald-500/15 text-emerald-200 ring-1 ring-emerald-500/40'}`}
            data-testid="user-page-status"
            data-blocked={user.blockedAt ? 'true' : 'false'}
          >
            {user.blockedAt
              ? t('accounts.userPage.status.blockedSince', { date: formatDateTime(user.blockedAt, locale) })
              : t('accounts.userPage.status.active')}
          </span>
          {!blockRefused && (
            <button
              type="button"
              className={user.blockedAt ? smallButtonClass : dangerSmallButtonClass}
              onClick={() => setPending({ kind: 'block', block: !user.blockedAt })}
              data-testid={user.blockedAt ? 'user-page-unblock' : 'user-page-block'}
            >
              {user.blockedAt ? t('accounts.userPage.block.unblock') : t('accounts.userPage.block.block')}
            </button>
          )}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('accounts.userPage.profile.title')} testId="user-page-profile">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <DetailItem label={t('accounts.userPage.profile.name')} valueClassName="text-slate-100">
              {[user.first_name, user.last_name].filter(Boolean).join(' ') || none}
            </DetailItem>
            <DetailItem label={t('accounts.userPage.profile.nickname')} valueClassName="text-slate-100">
              {user.nickname || none}
            </DetailItem>
            <DetailItem
              label={t('accounts.userPage.profile.language')}
              valueClassName="text-slate-100"
              testId="user-page-language"
            >
              {t(`accounts.userPage.languages.${user.language}`)}
            </DetailItem>
            <DetailItem label={t('accounts.userPage.profile.country')} valueClassName="text-slate-100">
              {user.country || none}
            </DetailItem>
            <DetailItem
              label={t('accounts.userPage.profile.epicId')}
              valueClassName="break-all font-mono text-slate-100"
              testId="user-page-epic"
            >
              {user.epicId || none}
            </DetailItem>
            <DetailItem
              label={t('accounts.userPage.profile.discordId')}
              valueClassName="break-all font-mono text-slate-100"
            >
              {user.discordId || none}
            </DetailItem>
            <DetailItem label={t('accounts.userPage.profile.createdAt')} valueClassName="text-slate-100">
              {formatDateTime(user.createdAt, locale)}
            </DetailItem>
            <DetailItem
              label={t('accounts.userPage.profile.gameAccounts')}
              className="sm:col-span-2"
              valueClassName="text-slate-100"
              testId="user-page-game-accounts"
            >
              {user.gameAccounts.length ? (
                <ul className="space-y-1">
                  {user.gameAccounts.map((a) => (
                    <li key={`${a.game}|${a.console}|${a.username}`} className="break-all">
                      <span className="font-semibold">{a.username}</span> · {a.game} · {a.console}
                      {a.id && <span className="font-mono text-slate-300"> · {a.id}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                none
              )}
            </DetailItem>
          </dl>
        </Panel>

        <Panel title={t('accounts.userPage.roles.title')} testId="user-page-roles">
          <ul className="divide-y divide-line/60">
            {grantableRoles(agencyName).map((role) => {
              const held = user.roles.includes(role);
              return (
                <li
                  key={role}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid={`user-page-role-${role}`}
                  data-held={held ? 'true' : 'false'}
                >
                  <div>
                    <p className="font-semibold text-white">{roleName(role)}</p>
                    <p className="text-xs text-slate-300">
                      <code className="font-mono">{role}</code> ·{' '}
                      {held ? t('accounts.userPage.roles.held') : t('accounts.userPage.roles.notHeld')}
                    </p>
                  </div>
                  {!rolesRefused && (
                    <button
                      type="button"
                      className={held ? dangerSmallButtonClass : smallButtonClass}
                      onClick={() => setPending({ kind: 'role', role, grant: !held })}
                      aria-label={`${held ? t('accounts.userPage.roles.revoke') : t('accounts.userPage.roles.grant')}: ${roleName(role)}`}
                      data-testid={`user-page-role-${held ? 'revoke' : 'grant'}`}
                    >
                      {held ? t('accounts.userPage.roles.revoke') : t('accounts.userPage.roles.grant')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {rolesRefused && <p className="mt-3 text-sm text-slate-300">{t('accounts.userPage.roles.onlySiteAdmin')}</p>}
        </Panel>
      </div>

      <Panel title={t('accounts.userPage.wallet.title')} testId="user-page-wallet">
        <p className="mb-4 text-sm text-slate-300">
          {t('accounts.userPage.wallet.balance')}:{' '}
          <span className="font-mono text-2xl font-bold text-white" data-testid="user-page-balance">
            {formatNumber(data.wallet.balance, locale)}
          </span>
        </p>
        <PagedTable<Transaction>
          t={t}
          first={data.transactions}
          url={(offset) =>
            `/marketplace/transactions/${encodeURIComponent(user.id)}?limit=${OVERVIEW_PAGE}&offset=${offset}`
          }
          empty={t('accounts.userPage.wallet.none')}
          pagesLabel={t('accounts.userPage.wallet.pages')}
          testId="user-page-transactions"
          head={[
            t('accounts.userPage.wallet.columns.when'),
            t('accounts.userPage.wallet.columns.description'),
            t('accounts.userPage.wallet.columns.amount'),
            t('accounts.userPage.wallet.columns.balanceAfter'),
          ]}
          right={[2, 3]}
          row={(x) => [
            formatDateTime(x.createdAt, locale),
            x.description,
            <span
              className={`font-mono ${x.amount < 0 ? 'text-rose-200' : 'text-emerald-200'}`}
            >{`${x.amount > 0 ? '+' : '−'}${formatNumber(Math.abs(x.amount), locale)}`}</span>,
            <span className="font-mono">{formatNumber(x.balanceAfter, locale)}</span>,
          ]}
          rowKey={(x) => x.id}
        />
      </Panel>

      <Panel title={t('accounts.userPage.purchases.title')} testId="user-page-purchases">
        <PagedTable<Purchase>
          t={t}
          first={data.purchases}
          url={(offset) =>
            `/marketplace/purchases/user/${encodeURIComponent(user.id)}?limit=${OVERVIEW_PAGE}&offset=${offset}`
          }
          empty={t('accounts.userPage.purchases.none')}
          pagesLabel={t('accounts.userPage.purchases.pages')}
          testId="user-page-purchase-list"
          head={[
            t('accounts.userPage.purchases.columns.product'),
            t('accounts.userPage.purchases.columns.price'),
            t('accounts.userPage.purchases.columns.when'),
            t('accounts.userPage.purchases.columns.state'),
          ]}
          right={[1]}
          row={(p) => [
            <span className="font-semibold text-white">{p.productName}</span>,
            <span className="font-mono">{formatNumber(p.price, locale)}</span>,
            formatDateTime(p.createdAt, locale),
            p.fulfilled ? t('accounts.userPage.purchases.fulfilled') : t('accounts.userPage.purchases.pending'),
          ]}
          rowKey={(p) => p.id}
        />
      </Panel>

      <Panel title={t('accounts.userPage.registrations.title')} testId="user-page-registrations">
        <SimpleTable
          empty={t('accounts.userPage.registrations.none')}
          head={[
            t('accounts.userPage.registrations.columns.tournament'),
            t('accounts.userPage.registrations.columns.state'),
            t('accounts.userPage.registrations.columns.checkIn'),
            t('accounts.userPage.registrations.columns.start'),
          ]}
          rows={data.registrations.map((r) => ({
            key: r.tournamentId,
            cells: [
              <span className="font-semibold text-white">{r.name}</span>,
              r.state === 'member'
                ? t('accounts.userPage.registrations.member')
                : r.waitlistPosition
                  ? t('accounts.userPage.registrations.waitlist', { position: r.waitlistPosition })
                  : t('accounts.userPage.registrations.waitlistNoPosition'),
              r.confirmed ? t('accounts.userPage.registrations.yes') : t('accounts.userPage.registrations.no'),
              r.start ? formatDateTime(r.start, locale) : t('accounts.userPage.registrations.noDate'),
            ],
          }))}
        />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('accounts.userPage.badges.title')} testId="user-page-badges">
          {data.badges.length ? (
            <ul className="flex flex-wrap gap-2">
              {data.badges.map((b) => (
                <li key={b._id} className="rounded-full bg-white/5 px-3 py-1 text-sm text-slate-100 ring-1 ring-line">
                  <span className="font-semibold">{b.badge.name}</span>{' '}
                  <span className="text-xs text-slate-300">
                    {t('accounts.userPage.badges.earnedAt', { date: formatDateTime(b.earnedAt, locale) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-300">{t('accounts.userPage.badges.none')}</p>
          )}
        </Panel>
        <Panel title={t('accounts.userPage.sessions.title')} testId="user-page-sessions">
          <SimpleTable
            empty={t('accounts.userPage.sessions.none')}
            head={[
              t('accounts.userPage.sessions.columns.createdAt'),
              t('accounts.userPage.sessions.columns.lastUsedAt'),
              t('accounts.userPage.sessions.columns.expiresAt'),
            ]}
            rows={data.sessions.map((s, i) => ({
              key: `${s.createdAt}|${i}`,
              cells: [
                formatDateTime(s.createdAt, locale),
                s.lastUsedAt ? formatDateTime(s.lastUsedAt, locale) : none,
                formatDateTime(s.expiresAt, locale),
              ],
            }))}
          />
        </Panel>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.label}
        cancelLabel={t('dashboard.common.cancel')}
        danger={dialog.danger}
        busy={busy}
        onConfirm={run}
        onCancel={() => setPending(null)}
        testId="user-page-confirm"
      />
    </div>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={`${panelClass} min-w-0`} aria-label={title} data-testid={testId}>
      <h2 className={`${panelTitleClass} mb-4`}>{title}</h2>
      {children}
    </section>
  );
}

// the lists' headers never wrap; these few columns must, to fit a phone
const headClass = thClass.replace('whitespace-nowrap', '');

/** A small read-only table with no row actions: on a phone its columns wrap rather than scroll. */
function SimpleTable({
  head,
  rows,
  empty,
  right = [],
  testId,
}: {
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
  right?: number[];
  testId?: string;
}) {
  if (!rows.length) return <p className="text-sm text-slate-300">{empty}</p>;
  return (
    <div className={tableWrapClass} data-testid={testId}>
      <table className={tableClass.replace('min-w-[40rem]', '')}>
        <thead className={theadClass}>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`${headClass} ${right.includes(i) ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={rowClass}>
              {r.cells.map((c, i) => (
                <td key={i} className={`${tdClass} text-slate-200 ${right.includes(i) ? 'text-right' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The overview's first page, then the rewards' own paged list for the others. */
function PagedTable<T>(props: {
  t: Translator;
  first: { data: T[]; total: number };
  url: (offset: number) => string;
  head: string[];
  right?: number[];
  row: (item: T) => ReactNode[];
  rowKey: (item: T) => string;
  empty: string;
  pagesLabel: string;
  testId: string;
}) {
  const { t, first, url, row, rowKey } = props;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[]>(first.data);
  const [total, setTotal] = useState(first.total);
  const [failed, setFailed] = useState<string | null>(null);

  const go = useCallback(
    async (next: number) => {
      setFailed(null);
      if (next === 1) {
        setPage(1);
        setRows(first.data);
        return;
      }
      const res = await api<T[]>(url((next - 1) * OVERVIEW_PAGE));
      if (!res.ok) {
        setFailed(res.code);
        return;
      }
      setPage(next);
      setRows(res.data);
      if (typeof res.total === 'number') setTotal(res.total);
    },
    [first.data, url],
  );

  return (
    <div className="space-y-3">
      {failed && (
        <RetryAlert
          message={t.error(failed)}
          retry={{ label: t('accounts.userPage.retry'), run: () => go(page) }}
          testId={`${props.testId}-error`}
        />
      )}
      <SimpleTable
        head={props.head}
        right={props.right}
        empty={props.empty}
        rows={rows.map((item) => ({ key: rowKey(item), cells: row(item) }))}
        testId={props.testId}
      />
      <Pagination
        page={page}
        pageCount={Math.ceil(total / OVERVIEW_PAGE)}
        onPageChange={go}
        labels={{
          nav: props.pagesLabel,
          previous: t('accounts.userPage.pagination.previous'),
          next: t('accounts.userPage.pagination.next'),
          page: (n) => t('accounts.userPage.pagination.page', { n }),
        }}
        testId={`${props.testId}-pages`}
      />
    </div>
  );
}
