import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelope, ok } from '../envelope.ts';

export default async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/health', {
    schema: { tags: ['system'], summary: 'Ready once the database answers', response: { 200: envelope(z.object({ database: z.enum(['sqlite', 'postgres']) })) } },
    handler: async () => {
      await sql`select 1`.execute(app.db.kysely);
      return ok({ database: app.db.dialect });
    },
  });
}
