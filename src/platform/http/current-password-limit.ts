import type { FastifyRequest } from 'fastify';

/**
 * The limit of a route that checks the caller's current password, counted per account (each route its own count):
 * a stolen session must not become a password oracle. The 21st attempt within 15 minutes is 429.
 */
export const currentPasswordLimit = {
  max: 20,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => `current-password|${req.user?.id ?? req.ip}`,
};
