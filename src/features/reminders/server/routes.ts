import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import { notificationPreferencesSchema } from '../contract.ts';
import * as ReminderService from './service.ts';

/** The player's reminder choices (/settings, Notifications). */
export default async function reminderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const tags = ['reminders'];

  app.get('/users/me/notifications', {
    schema: {
      tags,
      summary: 'Which reminder e-mails the logged-in player gets (all until they turn some off)',
      security: [{ bearer: [] }],
      response: { 200: envelope(notificationPreferencesSchema), ...errorResponses(401) },
    },
    preHandler: app.requireUser,
    handler: async (req) => ok(await ReminderService.preferences(ctx, req.user!.id)),
  });

  app.put('/users/me/notifications', {
    schema: {
      tags,
      summary: 'Choose the reminder e-mails: check-in open, check-in closing soon, final results',
      security: [{ bearer: [] }],
      body: notificationPreferencesSchema,
      response: { 200: envelope(notificationPreferencesSchema), ...errorResponses(400, 401) },
    },
    preHandler: app.requireUser,
    handler: async (req) => ok(await ReminderService.savePreferences(ctx, req.user!.id, req.body)),
  });
}
