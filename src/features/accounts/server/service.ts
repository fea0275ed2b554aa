import { randomBytes } from 'node:crypto';
import { isMixedScript, isProfileComplete } from '../rules.ts';
import type { EarnedBadgeInfo } from '../../../platform/schemas.ts';
import type { EmailChange, Language, LoginInput, PasswordChange, User, UserUpdate } from '../contract.ts';
import type { z } from 'zod';
import type { signupInputSchema } from '../contract.ts';
import { isLocale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import { createT } from '../../../platform/i18n/i18n.ts';
import { AppError, notFound } from '../../../platform/errors/app-error.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../../platform/passwords.ts';
import { assertStrongPassword } from './password-strength.ts';
import * as EmailChangeRepository from './email-change-repository.ts';
import * as PeopleService from './people-service.ts';
import * as PasswordResetRepository from './password-reset-repository.ts';
import * as SessionRepository from './session-repository.ts';
import * as UserRepository from './user-repository.ts';
import { audited, type Actor } from '../../audit/server/service.ts';
import { withTransaction, type ServiceContext } from '../../../platform/context.ts';

/** What stands in a closed account's place (its name and address). */
export type { Forgotten } from './user-repository.ts';

const RESET_TTL_MINUTES = 60;
const EMAIL_CHANGE_TTL_HOURS = 24;

const assertUsername = (username: string) => {
  if (isMixedScript(username))
    throw new AppError('invalid', 'USERNAME_MIXED_SCRIPT', 'The username mixes letters of different alphabets');
};

/**
 * Checks the credentials and opens a session. The sign-in is announced in the session's transaction:
 * the badges it earned (what the player did before a rule existed) come back with it.
 */
export async function login(
  ctx: ServiceContext,
  input: LoginInput,
): Promise<{ user: User; token: string; badges: EarnedBadgeInfo[] }> {
  const owner = ctx.config.ownerId;
  const found = await UserRepository.findCredentials(ctx.db.kysely, owner, input.email);
  // always run one verification so an unknown e-mail takes as long as a wrong password
  const valid = await verifyPassword(found?.password_hash ?? dummyHash, input.password);
  if (!found || !valid) throw new AppError('unauthenticated', 'INVALID_CREDENTIALS', 'Invalid credentials');
  // told only to whoever knows the password: a blocked address is not revealed to a guesser
  if (found.blocked_at) throw new AppError('forbidden', 'ACCOUNT_BLOCKED', 'This account is blocked');
  return withTransaction(ctx, async (tx) => {
    // a closing that held the account while the password was checked has erased it by now: no session for it
    if (!(await UserRepository.openAccountIds(tx.db.kysely, owner, [found.id], 'share')).size)
      throw new AppError('unauthenticated', 'INVALID_CREDENTIALS', 'Invalid credentials');
    const token = await SessionRepository.create(tx.db.kysely, found.id, ctx.config.tokenTtlHours);
    const user = (await UserRepository.findById(tx.db.kysely, owner, found.id))!;
    const badges = await tx.events.emit(tx, 'accounts.signed_in', { ownerId: owner, userId: found.id });
    return { user, token, badges };
  });
}

/** Creates the account; the sign-up is announced in its transaction, and the badges it earned come back with it. */
export async function signup(
  ctx: ServiceContext,
  input: z.output<typeof signupInputSchema> & { language: Language },
): Promise<{ user: User; badges: EarnedBadgeInfo[] }> {
  const owner = ctx.config.ownerId;
  assertUsername(input.username);
  assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    const result = await UserRepository.create(tx.db.kysely, {
      owner,
      username: input.username,
      email: input.email,
      passwordHash,
      nickname: input.nickname,
      gender: input.gender,
      birthDate: input.birth_date ?? null,
      language: input.language,
      country: input.country,
    });
    if (!result.ok)
      throw new AppError(
        'conflict',
        result.conflict,
        result.conflict === 'EMAIL_TAKEN' ? 'E-mail already registered' : 'Username already taken',
      );
    const user = (await UserRepository.findById(tx.db.kysely, owner, result.id))!;
    const badges = await tx.events.emit(tx, 'accounts.registered', { ownerId: owner, userId: user.id });
    return { user, badges };
  });
}

export async function get(ctx: ServiceContext, id: string): Promise<User> {
  const user = await UserRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  if (!user) throw notFound();
  return user;
}

/**
 * PUT /users/pp/{id}. Who may change what is the accounts' one rule (people-rules.ts). A new
 * e-mail of one's own only becomes pending (it needs the current password and the link mailed to
 * it); a SiteAdmin's change of another admin's e-mail waits for that admin, who gets the link at
 * the current address; an admin's change of a player's e-mail applies at once, is audited and
 * told to the old address.
 */
export async function update(
  ctx: ServiceContext,
  actor: Actor & { roles: string[] },
  id: string,
  changes: UserUpdate,
): Promise<{ user: User; pendingEmail?: string; badges: EarnedBadgeInfo[] }> {
  const target = await get(ctx, id);
  const self = actor.id === id;
  PeopleService.assertMayManage(ctx, actor, target, 'profile');
  const { currentPassword, email, ...rest } = changes;
  if (rest.username !== undefined && rest.username !== target.username) assertUsername(rest.username);
  const emailChanges = email !== undefined && email !== target.email;
  const emailVerdict = emailChanges ? PeopleService.assertMayManage(ctx, actor, target, 'email') : 'allow';
  if (emailChanges && self) await assertCurrentPassword(ctx, id, currentPassword);
  // refused before anything else of the request is written
  if (emailVerdict === 'ownerConfirms') await assertEmailFree(ctx, email!);

  const apply: UserUpdate = emailVerdict === 'ownerConfirms' || !emailChanges ? rest : { ...rest, email };
  // the saved profile, and, when it is now complete, the badges that earned (announced in the save's transaction)
  const write = async (tx: ServiceContext) => {
    const result = await UserRepository.update(tx.db.kysely, ctx.config.ownerId, id, apply);
    if (result === 'NOT_FOUND') throw notFound();
    if (result !== 'ok')
      throw new AppError(
        'conflict',
        result,
        result === 'EMAIL_TAKEN' ? 'E-mail already registered' : 'Username already taken',
      );
    const user = await get(tx, id);
    const badges = isProfileComplete(user)
      ? await tx.events.emit(tx, 'accounts.profile_completed', { ownerId: ctx.config.ownerId, userId: id })
      : [];
    return { user, badges };
  };
  if (!emailChanges) return withTransaction(ctx, write);
  if (self) {
    const saved = await withTransaction(ctx, write);
    await requestEmailChange(ctx, target, email!);
    return { ...saved, pendingEmail: email };
  }
  if (emailVerdict === 'ownerConfirms') {
    const saved = await audited(ctx, actor, async (tx, audit) => {
      const changed = await write(tx);
      const change = { before: { email: target.email }, after: { pendingEmail: email } };
      await audit({
        action: 'user.email_request',
        entityType: 'user',
        entityId: id,
        label: changed.user.username,
        ...change,
      });
      return changed;
    });
    await requestEmailChangeOfOwner(ctx, target, email!);
    return { ...saved, pendingEmail: email };
  }
  // an admin's change of a player's e-mail applies at once, audited in the same transaction
  const saved = await audited(ctx, actor, async (tx, audit) => {
    const changed = await write(tx);
    await PasswordResetRepository.cancelAll(tx.db.kysely, id);
    await audit({
      action: 'user.email',
      entityType: 'user',
      entityId: id,
      label: changed.user.username,
      before: { email: target.email },
      after: { email },
    });
    return changed;
  });
  await mailUser(ctx, target, 'emailChangedByAdmin', { oldEmail: target.email, newEmail: email! });
  return saved;
}

/** POST /users/me/email: the same pending change as the settings form, on its own. */
export async function changeEmail(
  ctx: ServiceContext,
  userId: string,
  input: EmailChange,
): Promise<{ pendingEmail: string }> {
  const user = await get(ctx, userId);
  await assertCurrentPassword(ctx, userId, input.currentPassword);
  if (input.email !== user.email) await requestEmailChange(ctx, user, input.email);
  return { pendingEmail: input.email };
}

/** Stores the pending address, mails the link to it and tells the current address. */
async function requestEmailChange(ctx: ServiceContext, user: User, newEmail: string) {
  await assertEmailFree(ctx, newEmail);
  const link = await emailChangeLink(ctx, user, newEmail);
  await mailUser(ctx, { ...user, email: newEmail }, 'emailConfirm', { link, hours: EMAIL_CHANGE_TTL_HOURS });
  await mailUser(ctx, user, 'emailChangeRequested', { newEmail });
}

/**
 * An administrator asked to move another admin's account to `newEmail`: the link goes to the
 * current address, so the change happens only if the owner follows it.
 */
async function requestEmailChangeOfOwner(ctx: ServiceContext, user: User, newEmail: string) {
  const link = await emailChangeLink(ctx, user, newEmail);
  await mailUser(ctx, user, 'emailChangeByAdminConfirm', { link, hours: EMAIL_CHANGE_TTL_HOURS, newEmail });
}

/** Stores a pending change (only the newest of an account stays usable) and answers the link that confirms it. */
async function emailChangeLink(ctx: ServiceContext, user: User, newEmail: string): Promise<string> {
  const token = await EmailChangeRepository.create(ctx.db.kysely, user.id, newEmail, EMAIL_CHANGE_TTL_HOURS * 60);
  return `${ctx.config.publicOrigin}${localePrefix(user.language)}/confirmEmail?token=${encodeURIComponent(token)}`;
}

/** POST /users/email/confirm: the followed link makes the pending address the account's. */
export async function confirmEmail(ctx: ServiceContext, token: string): Promise<User> {
  const userId = await withTransaction(ctx, async (tx) => {
    const trx = tx.db.kysely;
    const change = await EmailChangeRepository.consume(trx, ctx.config.ownerId, token);
    if (!change)
      throw new AppError('invalid', 'EMAIL_CHANGE_TOKEN_INVALID', 'This confirmation link is invalid or has expired');
    const result = await UserRepository.update(trx, ctx.config.ownerId, change.userId, { email: change.newEmail });
    if (result === 'NOT_FOUND') throw notFound();
    if (result !== 'ok') throw new AppError('conflict', 'EMAIL_TAKEN', 'E-mail already registered');
    // a reset link mailed to the old address must not outlive the move away from it
    await PasswordResetRepository.cancelAll(trx, change.userId);
    return change.userId;
  });
  return get(ctx, userId);
}

/**
 * POST /users/me/password: needs the current password; every other session of the account is
 * revoked (the one making the change stays) and the account's address is told.
 */
export async function changePassword(
  ctx: ServiceContext,
  userId: string,
  token: string,
  input: PasswordChange,
): Promise<{ revokedSessions: number }> {
  const db = ctx.db.kysely;
  const user = await get(ctx, userId);
  await assertCurrentPassword(ctx, userId, input.currentPassword);
  assertStrongPassword(input.password, user);
  await UserRepository.setPassword(db, userId, await hashPassword(input.password));
  const revokedSessions = await SessionRepository.revokeAllForUser(db, userId, token);
  await EmailChangeRepository.cancelAll(db, userId);
  await mailUser(ctx, user, 'passwordChanged', {});
  return { revokedSessions };
}

/** "Log out everywhere": every session of the account, this one included. */
export async function logoutEverywhere(ctx: ServiceContext, userId: string): Promise<number> {
  return SessionRepository.revokeAllForUser(ctx.db.kysely, userId);
}

/** Refuses with CURRENT_PASSWORD_WRONG unless `password` is the account's (a step that must be the owner's own). */
export function confirmPassword(ctx: ServiceContext, userId: string, password: string): Promise<void> {
  return assertCurrentPassword(ctx, userId, password);
}

/**
 * Closes a player's account for good (the caller has made sure it is their wish: their password, or an admin acting
 * on their request): every session ends, every pending link stops working, no e-mail to its addresses stays in the
 * mail log, and the account keeps only its id under `gone`'s name and address (the records that point at it stay:
 * standings, the ledger). A staff account is refused: another admin takes its roles away first. Runs in the
 * caller's transaction; `tellForgotten` mails the old address after the commit.
 */
export async function forget(ctx: ServiceContext, user: User, gone: UserRepository.Forgotten) {
  if (user.roles.length)
    throw new AppError('conflict', 'STAFF_ACCOUNT', 'A staff account is closed by removing its roles first');
  const db = ctx.db.kysely;
  await SessionRepository.revokeAllForUser(db, user.id);
  const moves = await EmailChangeRepository.deleteAll(db, user.id);
  // the mail log forgets every address the account had or was moving to, sent mail and waiting alike
  for (const address of new Set([user.email, ...moves])) await ctx.mailQueue.forget(address, db);
  await PasswordResetRepository.cancelAll(db, user.id);
  if (!(await UserRepository.forget(db, ctx.config.ownerId, user.id, gone))) throw notFound();
}

/**
 * Inside the closing's transaction, first: holds the account's row until the closing commits, so a join or a
 * purchase under way finishes first (and the closing's checks see it), and one that starts later waits, then finds
 * the account closed (Directory.holdOpenAccounts).
 */
export async function holdForClosing(ctx: ServiceContext, userId: string): Promise<void> {
  if (!(await UserRepository.openAccountIds(ctx.db.kysely, ctx.config.ownerId, [userId], 'update')).size)
    throw notFound();
}

/** Tells the address a closed account had that it is closed; sent once the closing has committed. */
export function tellForgotten(ctx: ServiceContext, user: User): Promise<void> {
  return mailUser(ctx, user, 'accountDeleted', {});
}

/** A taken address is refused when the change is asked for, not only when its link is followed. */
async function assertEmailFree(ctx: ServiceContext, email: string) {
  if (await UserRepository.findCredentials(ctx.db.kysely, ctx.config.ownerId, email))
    throw new AppError('conflict', 'EMAIL_TAKEN', 'E-mail already registered');
}

async function assertCurrentPassword(ctx: ServiceContext, userId: string, password: string | undefined) {
  const row = await UserRepository.findPasswordHash(ctx.db.kysely, userId);
  // verify even without a password, so a missing one takes as long as a wrong one
  const valid = await verifyPassword(row ?? dummyHash, password ?? '');
  if (!row || !password || !valid)
    throw new AppError('forbidden', 'CURRENT_PASSWORD_WRONG', 'The current password is wrong');
}

const localePrefix = (language: string) => (language === 'en' ? '/en' : '');

type EmailChangeMail = 'emailConfirm' | 'emailChangeRequested' | 'emailChangeByAdminConfirm' | 'emailChangedByAdmin';
type AccountMail = EmailChangeMail | 'passwordChanged' | 'accountDeleted';

/**
 * An account notice in the user's language, through the mail queue (which retries a refused delivery).
 * A failure to queue it is logged, not returned: the change itself succeeded, and the settings page
 * shows the pending address.
 */
async function mailUser(ctx: ServiceContext, user: User, kind: AccountMail, vars: Record<string, string | number>) {
  const locale = isLocale(user.language) ? user.language : 'it';
  const t = createT(messages[locale].email);
  const origin = ctx.config.publicOrigin;
  const prefix = localePrefix(locale);
  const all = {
    name: user.nickname || user.username,
    resetLink: `${origin}${prefix}/resetPassword`,
    settingsLink: `${origin}${prefix}/settings`,
    ...vars,
  };
  try {
    await ctx.mailQueue.send({ to: user.email, subject: t(`${kind}.subject`, all), text: t(`${kind}.text`, all) });
    ctx.mailQueue.wake();
  } catch (err) {
    ctx.log.error({ err, kind }, 'account mail could not be sent');
  }
}

export async function logout(ctx: ServiceContext, token: string) {
  await SessionRepository.revoke(ctx.db.kysely, token);
}

/**
 * Mails a reset link in the account's language; does nothing visible for an unknown address.
 * Returns at once: the lookup, the link and its queued mail happen after the answer, so the answer
 * takes as long whether or not the address has an account (and whatever the database or the mail
 * server are doing).
 */
export function sendReset(ctx: ServiceContext, email: string, language?: string): void {
  ctx.afterResponse.run('password reset mail', () => writeReset(ctx, email, language));
}

async function writeReset(ctx: ServiceContext, email: string, language?: string) {
  const db = ctx.db.kysely;
  const found = await UserRepository.findCredentials(db, ctx.config.ownerId, email);
  if (!found) return;
  const locale = isLocale(found.language) ? found.language : isLocale(language) ? language : 'it';
  const t = createT(messages[locale].email);
  const prefix = locale === 'en' ? '/en' : '';
  // The link and its mail are one transaction, so one commit: once it is in, the mail outlives a
  // restart (the queue sends it), and a link is never written without its mail.
  await withTransaction(ctx, async (tx) => {
    const trx = tx.db.kysely;
    const token = await PasswordResetRepository.create(trx, found.id, RESET_TTL_MINUTES);
    const link = `${ctx.config.publicOrigin}${prefix}/resetPassword?token=${encodeURIComponent(token)}`;
    await ctx.mailQueue.send(
      { to: email, subject: t('reset.subject'), text: t('reset.text', { link, minutes: RESET_TTL_MINUTES }) },
      trx,
    );
  });
  ctx.mailQueue.wake();
}

/** Whether a reset link may still be used: unused, unexpired, of this brand. Says nothing of whose it is. */
export async function resetLinkWorks(ctx: ServiceContext, token: string): Promise<boolean> {
  return (await PasswordResetRepository.userOf(ctx.db.kysely, ctx.config.ownerId, token)) !== null;
}

export async function resetPassword(ctx: ServiceContext, token: string, password: string) {
  const db = ctx.db.kysely;
  // checked before the token is spent, so a refused password leaves the link usable; an unknown
  // link is told as such only after the password passes, as before
  const holder = await PasswordResetRepository.userOf(db, ctx.config.ownerId, token);
  const account = holder ? await UserRepository.findById(db, ctx.config.ownerId, holder) : undefined;
  assertStrongPassword(password, account ?? {});
  const userId = await PasswordResetRepository.consume(db, ctx.config.ownerId, token);
  if (!userId) throw new AppError('invalid', 'RESET_TOKEN_INVALID', 'This reset link is invalid or has expired');
  if (!(await UserRepository.setPassword(db, userId, await hashPassword(password))))
    throw new AppError('invalid', 'RESET_TOKEN_INVALID', 'This reset link is invalid or has expired');
  await SessionRepository.revokeAllForUser(db, userId);
  // the notice of a requested e-mail change tells its owner to reset: whoever asked must not be
  // able to confirm the change afterwards
  await EmailChangeRepository.cancelAll(db, userId);
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: make sure that account exists and holds SiteAdmin. An existing
 * account that is not an admin yet may have been registered by anyone who guessed the address, so
 * it gets ADMIN_PASSWORD and loses every session before it receives the role: whatever password
 * and tokens it had never open an admin session.
 */
export async function ensureAdmin(ctx: ServiceContext, email: string, password: string) {
  const db = ctx.db.kysely;
  const normalized = email.trim().toLowerCase();
  const found = await UserRepository.findCredentials(db, ctx.config.ownerId, normalized);
  if (found) {
    const user = (await UserRepository.findById(db, ctx.config.ownerId, found.id))!;
    if (!user.roles.includes('SiteAdmin')) {
      await UserRepository.setPassword(db, found.id, await hashPassword(password));
      const revoked = await SessionRepository.revokeAllForUser(db, found.id);
      // a pending e-mail change asked for by the previous holder would move the admin account to
      // their address once confirmed
      await EmailChangeRepository.cancelAll(db, found.id);
      await UserRepository.setRoles(db, found.id, [...user.roles, 'SiteAdmin']);
      ctx.log.warn(
        { userId: found.id, revokedSessions: revoked },
        'ADMIN_EMAIL matched an existing account: it now has ADMIN_PASSWORD, ' +
          'its sessions were revoked, and it holds SiteAdmin',
      );
    }
    return found.id;
  }
  const local = normalized
    .split('@')[0]
    .replace(/[^\p{L}\p{N}_.-]/gu, '')
    .slice(0, 24);
  // the signup rules want at least 3 characters, or the admin could not save their own profile
  const base = local.length >= 3 ? local : 'admin';
  const passwordHash = await hashPassword(password);
  // A player may already hold the e-mail's local part as username (or "admin"); then the admin gets a
  // suffixed one rather than the server refusing to start.
  for (const username of [base, `${base}-${randomBytes(3).toString('hex')}`]) {
    const result = await UserRepository.create(db, {
      owner: ctx.config.ownerId,
      username,
      email: normalized,
      passwordHash,
      nickname: 'Admin',
      gender: 'nonbinary',
      birthDate: null,
      language: 'it',
      country: 'Italy',
      roles: ['SiteAdmin'],
    });
    if (result.ok) return result.id;
    if (result.conflict !== 'USERNAME_TAKEN') throw new Error(`ADMIN_EMAIL could not be created: ${result.conflict}`);
  }
  throw new Error('ADMIN_EMAIL could not be created: USERNAME_TAKEN');
}
