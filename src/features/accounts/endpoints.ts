import { z } from 'zod';
import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import {
  emailChangeSchema,
  emailConfirmedSchema,
  emailConfirmSchema,
  emailPendingSchema,
  loginInputSchema,
  messageSchema,
  passwordChangeSchema,
  profileSavedSchema,
  publicUserSchema,
  resetPasswordSchema,
  resetRequestSchema,
  resetStatusQuerySchema,
  resetStatusSchema,
  sessionSchema,
  sessionsRevokedSchema,
  signupInputSchema,
  signupResultSchema,
  userSchema,
  userUpdateSchema,
} from './contract.ts';
import { accountStandingSchema } from './people-contract.ts';

/**
 * The account routes as the browser calls them (TypedCall): the schemas are the ones the routes
 * validate and answer with, and tests/api/platform/endpoint-maps.test.ts checks every key is a route.
 * The browser imports this map as a type only.
 */
export const accountsApi = {
  'POST /users/authenticate': { body: loginInputSchema, response: sessionSchema },
  'POST /users/pp': { body: signupInputSchema, response: signupResultSchema },
  'GET /users/me': { response: userSchema },
  'PUT /users/pp/:id': { body: userUpdateSchema, response: profileSavedSchema },
  'GET /users/:id': { response: z.union([userSchema, publicUserSchema]) },
  'POST /users/sendReset': { query: resetRequestSchema.partial(), body: resetRequestSchema, response: messageSchema },
  'POST /users/reset': { body: resetPasswordSchema, response: messageSchema },
  'GET /users/reset/status': { query: resetStatusQuerySchema, response: resetStatusSchema },
  'POST /users/logout': { response: messageSchema },
  'POST /users/me/password': { body: passwordChangeSchema, response: sessionsRevokedSchema },
  'POST /users/me/email': { body: emailChangeSchema, response: emailPendingSchema },
  'POST /users/email/confirm': { body: emailConfirmSchema, response: emailConfirmedSchema },
  'POST /users/logoutAll': { response: sessionsRevokedSchema },
  'PUT /admin/users/:id/roles/:role': { response: accountStandingSchema },
  'DELETE /admin/users/:id/roles/:role': { response: accountStandingSchema },
  'PUT /admin/users/:id/block': { response: accountStandingSchema },
  'DELETE /admin/users/:id/block': { response: accountStandingSchema },
} satisfies EndpointMap;
export type AccountsApi = typeof accountsApi;
