import type { ServiceContext } from './context.ts';
import { AppError } from './errors/app-error.ts';

/**
 * The brand a call works on, for every domain. The deployment has one (OWNER_ID); the original client sends
 * it as `owner`, and any other value is answered as "no such record" rather than served.
 */
export function ownerOf(ctx: Pick<ServiceContext, 'config'>, requested?: string): string {
  if (requested !== undefined && requested !== '' && requested !== ctx.config.ownerId)
    throw new AppError('notFound', 'NOT_FOUND', 'Unknown owner');
  return ctx.config.ownerId;
}
