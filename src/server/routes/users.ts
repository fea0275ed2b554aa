import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginInputSchema,
  publicUserSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupInputSchema,
  userSchema,
  userUpdateSchema,
} from '../../features/users/user-schemas.ts';
import { envelope, errorResponses, ok } from '../envelope.ts';

import { logFailedLogin } from '../logging.ts';
import { assertSelfOrAdmin } from '../plugins/auth.ts';
import * as UserService from '../services/user-service.ts';

// Ids are generated UUIDs; anything else (a NUL byte breaks a PostgreSQL query) is refused up front.
const idParams = z.object({ id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'id') });
const authResult = envelope(z.object({ user: userSchema, token: z.string() }));
const messageResult = envelope(z.object({ message: z.string() }));

export default async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  // Counted per address and e-mail. It runs as a preHandler because on the default onRequest hook
  // the body is not parsed yet, so every login from one address shared a single counter.
  const loginLimit = {
    max: root.config.loginRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: any) => `${req.ip}|${String(req.body?.email ?? '').toLowerCase()}`,
  };
  const resetLimit = { max: 5, timeWindow: '15 minutes' };

  app.post('/users/authenticate', {
    schema: { tags, summary: 'Log in with e-mail and password (JSON body, never the URL)', body: loginInputSchema, response: { 200: authResult, ...errorResponses(400, 401, 429) } },
    config: { rateLimit: loginLimit },
    onResponse: logFailedLogin,
    handler: async (req) => ok(await UserService.login(app, req.body)),
  });

  app.post('/users/pp', {
    schema: { tags, summary: 'Sign up', body: signupInputSchema, response: { 201: envelope(z.object({ message: z.string(), user: userSchema })), ...errorResponses(400, 409) } },
    handler: async (req, reply) => reply.code(201).send(ok({ message: 'USER_CREATED', user: await UserService.signup(app, req.body) })),
  });

  app.get('/users/me', {
    schema: { tags, summary: 'The logged-in user', security: [{ bearer: [] }], response: { 200: envelope(userSchema), ...errorResponses(401) } },
    preHandler: app.requireUser,
    handler: async (req) => ok(await UserService.get(app, req.user!.id)),
  });

  app.put('/users/pp/:id', {
    schema: { tags, summary: 'Update an account (own, or any as admin); roles are never taken from the body', security: [{ bearer: [] }], params: idParams, body: userUpdateSchema, response: { 200: envelope(z.object({ data: userSchema })), ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: app.requireUser,
    handler: async (req) => {
      assertSelfOrAdmin(req, req.params.id);
      return ok({ data: await UserService.update(app, req.params.id, req.body) });
    },
  });

  app.get('/users/:id', {
    schema: { tags, summary: 'A user: the whole account to its owner or an admin, the public profile to anyone else', params: idParams, response: { 200: envelope(z.union([userSchema, publicUserSchema])), ...errorResponses(404) } },
    handler: async (req) => {
      const user = await UserService.get(app, req.params.id);
      const full = req.user && (req.user.id === user.id || req.user.isAdmin);
      return ok(full ? user : publicUserSchema.parse(user));
    },
  });

  app.post('/users/sendReset', {
    schema: { tags, summary: 'Mail a single-use reset link; answers the same whether or not the account exists', body: resetRequestSchema, response: { 200: messageResult, ...errorResponses(400, 429) } },
    config: { rateLimit: resetLimit },
    handler: async (req) => {
      await UserService.sendReset(app, req.body.email, req.body.language);
      return ok({ message: 'RESET_SENT' });
    },
  });

  app.post('/users/reset', {
    schema: { tags, summary: 'Set a new password with the mailed token', body: resetPasswordSchema, response: { 200: messageResult, ...errorResponses(400, 429) } },
    config: { rateLimit: resetLimit },
    handler: async (req) => {
      await UserService.resetPassword(app, req.body.token, req.body.password);
      return ok({ message: 'PASSWORD_RESET' });
    },
  });

  app.post('/users/logout', {
    schema: { tags, summary: 'Revoke the token of this request', security: [{ bearer: [] }], response: { 200: messageResult, ...errorResponses(401) } },
    preHandler: app.requireUser,
    handler: async (req) => {
      await UserService.logout(app, req.user!.token);
      return ok({ message: 'LOGGED_OUT' });
    },
  });
}

