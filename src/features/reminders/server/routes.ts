import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import * as ReminderService from './service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { remindersApi } from '../endpoints.ts';

/** The player's reminder choices (/settings, Notifications). */
export default async function reminderRoutes(root: FastifyInstance) {
  const ctx = serviceContext(root);
  const route = declaredRoutes(root, remindersApi, ['reminders']);
  // the token is checked once the input is validated
  const player = { auth: 'user', authAt: 'preHandler' } as const;

  route('GET /users/me/notifications', {
    summary: 'Which reminder e-mails the logged-in player gets (all until they turn some off)',
    ...player,
    errors: [401],
    handler: async (req) => ok(await ReminderService.preferences(ctx, req.user!.id)),
  });

  route('PUT /users/me/notifications', {
    summary: 'Choose the reminder e-mails: check-in open, check-in closing soon, final results',
    ...player,
    errors: [400, 401],
    handler: async (req) => ok(await ReminderService.savePreferences(ctx, req.user!.id, req.body)),
  });
}
