import type { FastifyInstance } from 'fastify';
import { AppError } from './errors/app-error.ts';

/**
 * The brand a call works on, for every domain. The deployment has one (OWNER_ID); the original client sends
 * it as `owner`, and any other value is answered as "no such record" rather than served.
 */
export function ownerOf(app: FastifyInstance, requested?: string): string {
  if (requested !== undefined && requested !== '' && requested !== app.config.ownerId)
    throw new AppError('notFound', 'NOT_FOUND', 'Unknown owner');
  return app.config.ownerId;
}
