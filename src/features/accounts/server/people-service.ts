import { AppError, notFound } from '../../../platform/errors/app-error.ts';
import { audited, type Actor, type AuditChange } from '../../audit/server/service.ts';
import type { AccountOverview, AccountStanding } from '../people-contract.ts';
import {
  grantableRoles,
  manageVerdict,
  refusalOf,
  SITE_ADMIN,
  type ManageAction,
  type PeopleRefusal,
} from '../people-rules.ts';
import * as EmailChangeRepository from './email-change-repository.ts';
import * as SessionRepository from './session-repository.ts';
import * as UserRepository from './user-repository.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/**
 * The admin's side of people: the accounts' part of the user page (the dashboard adds the other
 * domains' parts), and the role and block writes, audited.
 */

/** Who acts: the signed-in admin. Their roles are read again inside each write, never trusted from the session. */
export type PeopleActor = Actor;

/** The account as its admin page shows it: profile, block, pending address, live sessions. Not found: 404. */
export async function accountOverview(ctx: ServiceContext, id: string): Promise<AccountOverview> {
  const owner = ctx.config.ownerId;
  const db = ctx.db.kysely;
  const user = await UserRepository.findById(db, owner, id);
  if (!user) throw notFound();
  const now = Date.now();
  const idleMs = ctx.config.sessionIdleDays * 86_400_000;
  const nowIso = new Date(now).toISOString();
  const [blockedAt, pendingEmail, sessions] = await Promise.all([
    UserRepository.blockedAtOf(db, owner, id),
    EmailChangeRepository.pendingOf(db, id, nowIso),
    SessionRepository.listLive(db, id, nowIso),
  ]);
  return {
    user: { ...user, blockedAt: blockedAt ?? null, pendingEmail },
    // a session idle past SESSION_IDLE_DAYS no longer authenticates, so it is not listed as active
    sessions: sessions
      .filter((s) => Date.parse(s.last_used_at ?? s.created_at) + idleMs > now)
      .map((s) => ({ createdAt: s.created_at, lastUsedAt: s.last_used_at, expiresAt: s.expires_at })),
  };
}

const refused = (code: PeopleRefusal) => {
  if (code === 'CANNOT_BLOCK_SELF') return new AppError('conflict', code, 'Nobody can block their own account');
  return new AppError('forbidden', code, 'Not allowed for this administrator');
};

type Account = { id: string; roles: readonly string[] };

/** Throws the refusal of `action` by `actor` on `target` under the accounts' one rule; else answers the verdict. */
export function assertMayManage(ctx: ServiceContext, actor: Account, target: Account, action: ManageAction) {
  const verdict = manageVerdict(actor, target, action, ctx.config.agencyName);
  const refusal = refusalOf(verdict);
  if (refusal) throw refused(refusal);
  return verdict;
}
const lastSiteAdmin = () =>
  new AppError('conflict', 'LAST_SITE_ADMIN', 'The last active SiteAdmin cannot be demoted or blocked');

/**
 * The change inside one transaction, after the active SiteAdmins are locked and counted: whoever
 * commits second sees the first one's change (see UserRepository.lockActiveSiteAdmins), so two
 * admins demoting or blocking each other, or themselves, at once never leave none. Its audit entry
 * is about the target account, labelled with their username.
 */
function withPeopleLock<T>(
  ctx: ServiceContext,
  actor: PeopleActor,
  id: string,
  work: (
    tx: ServiceContext,
    ctx: {
      activeSiteAdmins: number;
      actorRoles: string[];
      target: { id: string; username: string; roles: string[]; blockedAt: string | null };
    },
    audit: (change: Pick<AuditChange, 'action' | 'before' | 'after'>) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const owner = ctx.config.ownerId;
  return audited(ctx, actor, async (tx, audit) => {
    const db = tx.db.kysely;
    const activeSiteAdmins = await UserRepository.lockActiveSiteAdmins(db, owner);
    // one after the other: a transaction is one connection
    const self = await UserRepository.findById(db, owner, actor.id);
    const target = await UserRepository.findById(db, owner, id);
    const blockedAt = await UserRepository.blockedAtOf(db, owner, id);
    if (!target) throw notFound();
    return work(
      tx,
      {
        activeSiteAdmins,
        actorRoles: self?.roles ?? [],
        target: { id, username: target.username, roles: target.roles, blockedAt: blockedAt ?? null },
      },
      (change) => audit({ ...change, entityType: 'user', entityId: id, label: target.username }),
    );
  });
}

/**
 * Grants (`granted` true) or revokes one of the dashboard's roles. Asking for what already holds changes nothing and
 * records nothing.
 */
export function setRole(
  ctx: ServiceContext,
  actor: PeopleActor,
  id: string,
  role: string,
  granted: boolean,
): Promise<AccountStanding> {
  if (!grantableRoles(ctx.config.agencyName).includes(role))
    throw new AppError('invalid', 'UNKNOWN_ROLE', 'This role does not exist');
  return withPeopleLock(ctx, actor, id, async (tx, { activeSiteAdmins, actorRoles, target }, audit) => {
    assertMayManage(ctx, { id: actor.id, roles: actorRoles }, target, 'roles');
    const holds = target.roles.includes(role);
    if (holds === granted) return { id, roles: target.roles, blockedAt: target.blockedAt };
    if (!granted && role === SITE_ADMIN && !target.blockedAt && activeSiteAdmins <= 1) throw lastSiteAdmin();
    const roles = granted ? [...target.roles, role] : target.roles.filter((r) => r !== role);
    await UserRepository.setRoles(tx.db.kysely, id, roles);
    await audit({
      action: granted ? 'user.role_grant' : 'user.role_revoke',
      before: { roles: target.roles },
      after: { roles },
    });
    return { id, roles, blockedAt: target.blockedAt };
  });
}

/**
 * Blocks (`blocked` true) or unblocks an account. A block ends every session of it in the same
 * transaction, so its tokens stop working at once; an unblock lets it log in again (the old
 * sessions stay revoked). Asking for the state it is in changes nothing and records nothing.
 */
export function setBlocked(
  ctx: ServiceContext,
  actor: PeopleActor,
  id: string,
  blocked: boolean,
): Promise<AccountStanding> {
  return withPeopleLock(ctx, actor, id, async (tx, { activeSiteAdmins, actorRoles, target }, audit) => {
    assertMayManage(ctx, { id: actor.id, roles: actorRoles }, target, 'block');
    if (!!target.blockedAt === blocked)
      return { id, roles: target.roles, blockedAt: target.blockedAt, revokedSessions: 0 };
    if (blocked && target.roles.includes(SITE_ADMIN) && activeSiteAdmins <= 1) throw lastSiteAdmin();
    const db = tx.db.kysely;
    const blockedAt = blocked ? new Date().toISOString() : null;
    await UserRepository.setBlockedAt(db, ctx.config.ownerId, id, blockedAt);
    const revokedSessions = blocked ? await SessionRepository.revokeAllForUser(db, id) : 0;
    await audit({
      action: blocked ? 'user.block' : 'user.unblock',
      before: { blockedAt: target.blockedAt },
      after: { blockedAt, revokedSessions },
    });
    return { id, roles: target.roles, blockedAt, revokedSessions };
  });
}
