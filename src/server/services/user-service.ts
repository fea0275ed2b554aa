import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginInput, User, UserUpdate } from '../../features/users/user-schemas.ts';
import type { z } from 'zod';
import type { signupInputSchema } from '../../features/users/user-schemas.ts';
import { isLocale } from '../../lib/i18n.ts';
import { messages } from '../../lib/messages.ts';
import { createT } from '../../lib/i18n.ts';
import { AppError, notFound } from '../errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../passwords.ts';
import * as PasswordResetRepository from '../repositories/password-reset-repository.ts';
import * as SessionRepository from '../repositories/session-repository.ts';
import * as UserRepository from '../repositories/user-repository.ts';

const RESET_TTL_MINUTES = 60;

export async function login(app: FastifyInstance, input: LoginInput): Promise<{ user: User; token: string }> {
  const db = app.db.kysely;
  const found = await UserRepository.findCredentials(db, app.config.ownerId, input.email);
  // always run one verification so an unknown e-mail takes as long as a wrong password
  const valid = await verifyPassword(found?.password_hash ?? dummyHash, input.password);
  if (!found || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
  const token = await SessionRepository.create(db, found.id, app.config.tokenTtlHours);
  return { user: (await UserRepository.findById(db, app.config.ownerId, found.id))!, token };
}

export async function signup(app: FastifyInstance, input: z.output<typeof signupInputSchema>): Promise<User> {
  const db = app.db.kysely;
  const result = await UserRepository.create(db, {
    owner: app.config.ownerId,
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    nickname: input.nickname,
    gender: input.gender,
    birthDate: input.birth_date ?? null,
    language: input.language,
    country: input.country,
  });
  if (!result.ok) throw new AppError(409, result.conflict, result.conflict === 'EMAIL_TAKEN' ? 'E-mail already registered' : 'Username already taken');
  return (await UserRepository.findById(db, app.config.ownerId, result.id))!;
}

export async function get(app: FastifyInstance, id: string): Promise<User> {
  const user = await UserRepository.findById(app.db.kysely, app.config.ownerId, id);
  if (!user) throw notFound();
  return user;
}

export async function update(app: FastifyInstance, id: string, changes: UserUpdate): Promise<User> {
  await get(app, id);
  const result = await UserRepository.update(app.db.kysely, app.config.ownerId, id, changes);
  if (result === 'NOT_FOUND') throw notFound();
  if (result !== 'ok') throw new AppError(409, result, result === 'EMAIL_TAKEN' ? 'E-mail already registered' : 'Username already taken');
  return get(app, id);
}

export async function logout(app: FastifyInstance, token: string) {
  await SessionRepository.revoke(app.db.kysely, token);
}

/** Mails a reset link in the account's language; does nothing visible for an unknown address. */
export async function sendReset(app: FastifyInstance, email: string, language?: string) {
  const db = app.db.kysely;
  const found = await UserRepository.findCredentials(db, app.config.ownerId, email);
  if (!found) return;
  const token = await PasswordResetRepository.create(db, found.id, RESET_TTL_MINUTES);
  const locale = isLocale(found.language) ? found.language : isLocale(language) ? language : 'it';
  const t = createT(messages[locale].email);
  const prefix = locale === 'en' ? '/en' : '';
  const link = `${app.config.publicOrigin}${prefix}/resetPassword?token=${encodeURIComponent(token)}`;
  try {
    await app.mailer.send({
      to: email,
      subject: t('reset.subject'),
      text: t('reset.text', { link, minutes: RESET_TTL_MINUTES }),
    });
  } catch (err) {
    // the answer must not differ for a known address: a mail failure is logged, not returned
    app.log.error({ err }, 'password reset mail could not be sent');
  }
}

export async function resetPassword(app: FastifyInstance, token: string, password: string) {
  const db = app.db.kysely;
  const userId = await PasswordResetRepository.consume(db, app.config.ownerId, token);
  if (!userId) throw new AppError(400, 'RESET_TOKEN_INVALID', 'This reset link is invalid or has expired');
  await UserRepository.setPassword(db, userId, await hashPassword(password));
  await SessionRepository.revokeAllForUser(db, userId);
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: make sure that account exists and holds SiteAdmin. */
export async function ensureAdmin(app: FastifyInstance, email: string, password: string) {
  const db = app.db.kysely;
  const normalized = email.trim().toLowerCase();
  const found = await UserRepository.findCredentials(db, app.config.ownerId, normalized);
  if (found) {
    const user = (await UserRepository.findById(db, app.config.ownerId, found.id))!;
    if (!user.roles.includes('SiteAdmin')) await UserRepository.setRoles(db, found.id, [...user.roles, 'SiteAdmin']);
    return found.id;
  }
  const local = normalized.split('@')[0].replace(/[^\p{L}\p{N}_.-]/gu, '').slice(0, 24);
  // the signup rules want at least 3 characters, or the admin could not save their own profile
  const base = local.length >= 3 ? local : 'admin';
  const passwordHash = await hashPassword(password);
  // A player may already hold the e-mail's local part as username (or "admin"); then the admin gets a
  // suffixed one rather than the server refusing to start.
  for (const username of [base, `${base}-${randomBytes(3).toString('hex')}`]) {
    const result = await UserRepository.create(db, {
      owner: app.config.ownerId,
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
