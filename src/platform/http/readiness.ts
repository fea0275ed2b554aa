import type { FastifyInstance } from 'fastify';

/**
 * Work a process finishes before its readiness check (`/api/health`) may answer 200, such as
 * rendering each on-demand page once (warmSite in site.ts, started by main.ts). Held from before
 * the port opens until the work is done: a load balancer sends no visitor to a process still
 * loading what the first page needs, while liveness answers all along.
 */
// by the process's HTTP server: the health route sees an encapsulated instance of the app, not the root
const holds = new WeakMap<FastifyInstance['server'], number>();

/** Holds readiness back until the returned function is called (calling it again does nothing). */
export function holdReadiness(app: FastifyInstance): () => void {
  const key = app.server;
  holds.set(key, (holds.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds.set(key, (holds.get(key) ?? 1) - 1);
  };
}

/** Some start-up work still holds readiness back. */
export const warmingUp = (app: FastifyInstance): boolean => (holds.get(app.server) ?? 0) > 0;
