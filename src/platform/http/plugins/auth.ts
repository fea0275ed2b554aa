import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/schema.ts';
import { batchedRoundTrip } from '../../db/shared-read.ts';

export interface AuthUser {
  id: string;
  username: string;
  roles: string[];
  language: string;
  isAdmin: boolean;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request. */
    user: AuthUser | null;
    authError: AppError | null;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>;
    requireAdmin: (req: FastifyRequest) => Promise<void>;
  }
}

/** A live session as the bearer check needs it. */
export interface SessionFound {
  userId: string;
  username: string;
  roles: string[];
  language: string;
  isAdmin: boolean;
  /** ISO time of the last recorded use. */
  lastUsedAt: string;
}

/**
 * Where sessions live. The platform checks tokens on every request but owns no account: the composition
 * root hands it the accounts feature's sessions (src/app/sessions.ts).
 */
export interface SessionStore {
  /** The sessions of these tokens: absent when unknown or revoked, 'expired' past their lifetime or idle time. */
  find(db: Kysely<Database>, tokens: string[]): Promise<Map<string, SessionFound | 'expired'>>;
  /** Records a use of each token whose stored last use is older than `staleBefore` (ISO time). */
  touch(db: Kysely<Database>, tokens: string[], staleBefore: string): Promise<void>;
}

/**
 * Resolves `Authorization: Bearer` on every API request. Public routes ignore a bad token (a stale
 * one in a visitor's storage must not break browsing); routes that need a user answer 401 for it.
 */
/**
 * How stale the recorded last use may get before a request writes it again: the idle timeout
 * counts in days, so a minute of slack keeps authenticated reads to one write a minute per session.
 */
const TOUCH_EVERY_MS = 60_000;

export default fp(async function auth(app: FastifyInstance, { sessions }: { sessions: SessionStore }) {
  // When a whole field checks in at once, each request's session lookup (and, on a session's first
  // use in a minute, its touch) was a round trip of its own queued for a pooled connection: the
  // requests of one turn of the event loop now share one statement (on SQLite too, where building
  // and running a statement costs more than the lookup in it).
  const lookup = (token: string) =>
    batchedRoundTrip(app.db, 'session-lookup', token, (db, tokens) => sessions.find(db, tokens)).then(
      (found) => found.get(token) ?? null,
    );
  const touch = (token: string) =>
    batchedRoundTrip(app.db, 'session-touch', token, (db, tokens) =>
      sessions.touch(db, tokens, new Date(Date.now() - TOUCH_EVERY_MS).toISOString()),
    );
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);

  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S{10,200})$/i.exec(header);
    if (!match) {
      req.authError = new AppError('unauthenticated', 'UNAUTHORIZED', 'Malformed authorization header');
      return;
    }
    const found = await lookup(match[1]);
    if (found === 'expired') req.authError = new AppError('unauthenticated', 'TOKEN_EXPIRED', 'Session expired');
    else if (!found) req.authError = new AppError('unauthenticated', 'UNAUTHORIZED', 'Invalid token');
    else {
      const staleBefore = new Date(Date.now() - TOUCH_EVERY_MS).toISOString();
      if (found.lastUsedAt < staleBefore) await touch(match[1]);
      req.user = {
        id: found.userId,
        username: found.username,
        roles: found.roles,
        language: found.language,
        isAdmin: found.isAdmin,
        token: match[1],
      };
    }
  });

  app.decorate('requireUser', async (req: FastifyRequest) => {
    if (!req.user) throw req.authError ?? unauthorized();
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    if (!req.user) throw req.authError ?? unauthorized();
    if (!req.user.isAdmin) throw forbidden();
  });
});

/** A path or body user id must be the caller's own unless the caller is an admin. */
export function assertSelfOrAdmin(req: FastifyRequest, userId: string) {
  if (!req.user) throw unauthorized();
  if (req.user.id !== userId && !req.user.isAdmin) throw forbidden();
}

/**
 * Who a write is made by, for the services (which know no request): the signed-in user, by id and by the
 * username the session found (the audit log signs entries with it).
 */
export function actorOf(req: FastifyRequest): { id: string; name: string } {
  if (!req.user) throw unauthorized();
  return { id: req.user.id, name: req.user.username };
}

/** The signed-in caller, for the services (which know no request). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.user) throw unauthorized();
  return { id: req.user.id, isAdmin: req.user.isAdmin };
}
