import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../../endpoints.ts';
import { $user } from '../../../../platform/browser/session.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStepAbout } from '../../../../platform/ui/use-confirm-step.ts';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { DetailItem } from '../../../../platform/ui/admin/Modal.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { Panel, UserPageTable } from '../../../../platform/ui/admin/UserPagePanels.tsx';
import { dangerSmallButtonClass, panelClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import type { AccountOverview, AccountStanding } from '../../people-contract.ts';
import { grantableRoles, manageVerdict, refusalOf, SITE_ADMIN } from '../../people-rules.ts';

const call: TypedCall<AccountsApi> = api;

/** A write waiting for the admin's yes: a role to grant or revoke, or the block to flip. */
type Pending = { kind: 'role'; role: string; grant: boolean } | { kind: 'block'; block: boolean };

/**
 * The accounts' part of the admin's user page (/dashboard/users/view?id=…, the dashboard's UserPage,
 * which reads the overview and places the other domains' panels given here): profile, roles with
 * grant and revoke, block and unblock, live sessions. Every write asks first; the rules of
 * people-rules.ts decide which controls are offered, and the server applies the same rules.
 */
export default function UserAccount({
  t,
  locale,
  agencyName = 'Nexus',
  account,
  onStanding,
  children,
  besideSessions,
}: Pick<SectionProps, 't' | 'locale' | 'agencyName'> & {
  account: AccountOverview;
  /** a role or block write answered: the account's standing after it */
  onStanding: (s: AccountStanding) => void;
  /** the other domains' panels, between the profile and the sessions */
  children: ReactNode;
  /** the panel beside the sessions */
  besideSessions: ReactNode;
}) {
  // the dashboard's own way to read the session (the visitor pages' lighter useAtom would split their shared chunk)
  const me = useStore($user);
  const { user } = account;
  const step = useConfirmStepAbout<Pending>();
  const pending = step.subject;
  const actor = { id: me?.id ?? '', roles: me?.roles ?? [] };
  const blockRefused = refusalOf(manageVerdict(actor, user, 'block', agencyName));
  const rolesRefused = refusalOf(manageVerdict(actor, user, 'roles', agencyName));
  const roleName = (role: string) =>
    role === SITE_ADMIN ? t('accounts.userPage.roles.names.siteAdmin') : t('accounts.userPage.roles.names.agencyAdmin');
  const name = user.username;

  const run = async () => {
    if (!pending) return;
    const base = `/admin/users/${encodeURIComponent(user.id)}` as const;
    const res = await step.run(() =>
      pending.kind === 'role'
        ? call<'PUT /admin/users/:id/roles/:role' | 'DELETE /admin/users/:id/roles/:role'>(
            `${base}/roles/${encodeURIComponent(pending.role)}`,
            { method: pending.grant ? 'PUT' : 'DELETE' },
          )
        : call<'PUT /admin/users/:id/block' | 'DELETE /admin/users/:id/block'>(`${base}/block`, {
            method: pending.block ? 'PUT' : 'DELETE',
          }),
    );
    if (!res.ok) {
      toast.error(
        `${
          pending.kind === 'role' ? t('accounts.userPage.roles.error') : t('accounts.userPage.block.error')
        } ${t.error(res.code)}`,
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
  // the profile's plain facts, in order; an id is long and unbroken, so it wraps anywhere
  const profileFacts: [key: string, value: ReactNode, look?: { mono?: boolean; testId?: string }][] = [
    ['name', [user.first_name, user.last_name].filter(Boolean).join(' ') || none],
    ['nickname', user.nickname || none],
    ['language', t(`accounts.userPage.languages.${user.language}`), { testId: 'user-page-language' }],
    ['country', user.country || none],
    ['epicId', user.epicId || none, { mono: true, testId: 'user-page-epic' }],
    ['discordId', user.discordId || none, { mono: true }],
    ['createdAt', formatDateTime(user.createdAt, locale)],
  ];

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
            className={`rounded-full px-3 py-1 text-xs font-semibold ${
              user.blockedAt
                ? 'bg-rose-500/15 text-rose-200 ring-1 ring-rose-500/40'
                : 'bg-emerald-500/15 text-emerald-200 ring-1 ring-emerald-500/40'
            }`}
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
              onClick={() => step.ask({ kind: 'block', block: !user.blockedAt })}
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
            {profileFacts.map(([key, value, { mono = false, testId } = {}]) => (
              <DetailItem
                key={key}
                label={t(`accounts.userPage.profile.${key}`)}
                valueClassName={mono ? 'break-all font-mono text-slate-100' : 'text-slate-100'}
                testId={testId}
              >
                {value}
              </DetailItem>
            ))}
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
                      onClick={() => step.ask({ kind: 'role', role, grant: !held })}
                      aria-label={`${
                        held ? t('accounts.userPage.roles.revoke') : t('accounts.userPage.roles.grant')
                      }: ${roleName(role)}`}
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

      {children}

      <div className="grid gap-6 lg:grid-cols-2">
        {besideSessions}
        <Panel title={t('accounts.userPage.sessions.title')} testId="user-page-sessions">
          <UserPageTable
            t={t}
            ns="sessions"
            columns={['createdAt', 'lastUsedAt', 'expiresAt']}
            rows={account.sessions.map((s, i) => ({
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
        {...step.dialog}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.label}
        cancelLabel={t('dashboard.common.cancel')}
        danger={dialog.danger}
        onConfirm={run}
        testId="user-page-confirm"
      />
    </div>
  );
}
