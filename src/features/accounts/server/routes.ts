import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import { publicUserSchema } from '../contract.ts';
import { ok, okWithBadges } from '../../../platform/http/envelope.ts';

import { requestLocale } from '../../../platform/http/content-locale.ts';
import { logFailedLogin } from '../../../platform/http/logging.ts';
import { actorOf, assertSelfOrAdmin } from '../../../platform/http/plugins/auth.ts';
import { failureLimit } from '../../../platform/http/plugins/failure-limit.ts';
import { currentPasswordLimit } from '../../../platform/http/current-password-limit.ts';
import { clientAddressKey } from '../../../platform/http/rate-limit-store.ts';
import * as UserService from './service.ts';
import peopleRoutes from './people-routes.ts';
import { serviceContext } from '../../../platform/context.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { accountsApi } from '../endpoints.ts';

// Ids are generated UUIDs; anything else (a NUL byte breaks a PostgreSQL query) is refused up front.
const idParams = z.object({ id: idSchema });

export default async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  await peopleRoutes(root);
  const route = declaredRoutes(root, accountsApi, ['accounts']);
  // a signed-in user's call: the token is checked once the input is validated
  const signedIn = { auth: 'user', authAt: 'preHandler' } as const;
  // Counted per address and e-mail. It runs as a preHandler because on the default onRequest hook
  // the body is not parsed yet, so every login from one address shared a single counter.
  const loginLimit = {
    max: root.config.loginRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) =>
      `${clientAddressKey(req)}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  };
  const resetLimit = { max: 5, timeWindow: '15 minutes' };
  const secretCheckLimit = currentPasswordLimit;
  // a profile save that sends no current password is not counted
  const profileLimit = {
    ...secretCheckLimit,
    allowList: (req: FastifyRequest) =>
      typeof (req.body as { currentPassword?: unknown } | undefined)?.currentPassword !== 'string',
  };
  // every signup attempt from one address counts (account farming, e-mail enumeration)
  const signupLimit = { max: root.config.signupRateLimit, timeWindow: '1 hour' };
  // password spraying: failures from one address, whatever the e-mail
  const loginFailures = failureLimit(root, {
    name: 'login-failures',
    max: root.config.loginFailuresPerAddress,
    timeWindow: '15 minutes',
    failures: ['INVALID_CREDENTIALS'],
  });

  route('POST /users/authenticate', {
    summary: 'Log in with e-mail and password (JSON body, never the URL)',
    answer: 'badges',
    errors: [400, 401, 429, 503],
    config: { rateLimit: loginLimit },
    onResponse: logFailedLogin,
    handler: async (req) => {
      const { badges, ...session } = await loginFailures(req, () => UserService.login(ctx, req.body));
      return okWithBadges(session, badges);
    },
  });

  route('POST /users/pp', {
    summary: 'Sign up; the answer lists the badges the signup earned',
    answer: 'badges',
    success: [201],
    errors: [400, 409, 429, 503],
    config: { rateLimit: signupLimit },
    handler: async (req, reply) => {
      // the page's language (the site sends it as Accept-Language) is the account's unless the body names one
      const language = req.body.language ?? requestLocale(req);
      const { user, badges } = await UserService.signup(ctx, { ...req.body, language });
      return reply.code(201).send(okWithBadges({ message: 'USER_CREATED', user }, badges));
    },
  });

  route('GET /users/me', {
    summary: 'The logged-in user',
    ...signedIn,
    errors: [401],
    handler: async (req) => ok(await UserService.get(ctx, req.user!.id)),
  });

  route('PUT /users/pp/:id', {
    summary:
      'Update an account (own, or any as admin); roles are never taken from the body. ' +
      "A new e-mail of one's own needs currentPassword and becomes pendingEmail until its mailed link is followed",
    ...signedIn,
    params: idParams,
    answer: 'badges',
    errors: [400, 401, 403, 404, 409, 429],
    config: { rateLimit: profileLimit },
    handler: async (req) => {
      assertSelfOrAdmin(req, req.params.id);
      const { user, pendingEmail, badges } = await UserService.update(
        ctx,
        { ...actorOf(req), roles: req.user!.roles },
        req.params.id,
        req.body,
      );
      return okWithBadges({ data: user, ...(pendingEmail ? { pendingEmail } : {}) }, badges);
    },
  });

  route('GET /users/:id', {
    summary: 'A user: the whole account to its owner or an admin, the public profile to anyone else',
    params: idParams,
    errors: [404],
    handler: async (req) => {
      const user = await UserService.get(ctx, req.params.id);
      const full = req.user && (req.user.id === user.id || req.user.isAdmin);
      return ok(full ? user : publicUserSchema.parse(user));
    },
  });

  route('POST /users/sendReset', {
    summary: 'Mail a single-use reset link; answers the same whether or not the account exists',
    description:
      'The address goes in the JSON body. The original client puts it in the ' +
      'query (`?email=`): that form is accepted too, with the same answer, ' +
      'and the address is cut from every logged URL. A body, when sent, wins.',
    errors: [400, 429],
    // the original client's form: with no body, the query is the request (validated by the same body schema)
    preValidation: async (req) => {
      if (req.body === undefined || req.body === null) req.body = { ...(req.query as object) } as typeof req.body;
    },
    config: { rateLimit: resetLimit },
    handler: async (req) => {
      UserService.sendReset(ctx, req.body.email, req.body.language);
      return ok({ message: 'RESET_SENT' });
    },
  });

  route('POST /users/reset', {
    summary: 'Set a new password with the mailed token',
    errors: [400, 429],
    config: { rateLimit: resetLimit },
    handler: async (req) => {
      await UserService.resetPassword(ctx, req.body.token, req.body.password);
      return ok({ message: 'PASSWORD_RESET' });
    },
  });

  route('GET /users/reset/status', {
    summary: 'Whether a mailed reset link still works (unused, unexpired); nothing about its account',
    description: 'The reset page asks on load, so a used or expired link says so before anything is typed.',
    errors: [400, 429],
    config: { rateLimit: resetLimit },
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ valid: await UserService.resetLinkWorks(ctx, req.query.token) });
    },
  });

  route('POST /users/logout', {
    summary: 'Revoke the token of this request',
    ...signedIn,
    errors: [401],
    handler: async (req) => {
      await UserService.logout(ctx, req.user!.token);
      return ok({ message: 'LOGGED_OUT' });
    },
  });

  route('POST /users/me/password', {
    summary: 'Change the password: needs the current one; every other session is revoked',
    ...signedIn,
    errors: [400, 401, 403, 429],
    config: { rateLimit: secretCheckLimit },
    handler: async (req) =>
      ok({
        message: 'PASSWORD_CHANGED',
        ...(await UserService.changePassword(ctx, req.user!.id, req.user!.token, req.body)),
      }),
  });

  route('POST /users/me/email', {
    summary: 'Ask for a new e-mail: needs the current password; takes effect when the link mailed to it is followed',
    ...signedIn,
    errors: [400, 401, 403, 409, 429],
    config: { rateLimit: secretCheckLimit },
    handler: async (req) =>
      ok({ message: 'EMAIL_CHANGE_SENT', ...(await UserService.changeEmail(ctx, req.user!.id, req.body)) }),
  });

  route('POST /users/email/confirm', {
    summary: 'Confirm a new e-mail with the token mailed to it (single use)',
    errors: [400, 409, 429],
    config: { rateLimit: resetLimit },
    handler: async (req) =>
      ok({ message: 'EMAIL_CHANGED', email: (await UserService.confirmEmail(ctx, req.body.token)).email }),
  });

  route('POST /users/logoutAll', {
    summary: 'Log out everywhere: revoke every session of the account, this one included',
    ...signedIn,
    errors: [401],
    handler: async (req) =>
      ok({ message: 'LOGGED_OUT_EVERYWHERE', revokedSessions: await UserService.logoutEverywhere(ctx, req.user!.id) }),
  });
}
