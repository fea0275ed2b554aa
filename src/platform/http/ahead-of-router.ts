import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers a raw request itself and says true, or says false and leaves it alone. */
export type RawAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Puts `first` ahead of the router: every request reaches `first`, and Fastify's own listener only
 * when `first` declines it. A built file answered here skips the routing, hooks, request object and
 * reply object Fastify would make for it. Only when the server has exactly Fastify's one listener
 * (something else listening would be skipped too): otherwise nothing changes and the answer is false.
 */
export function answerAheadOfRouter(server: Server, first: RawAnswer): boolean {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) return false;
  const [router] = listeners as [(req: IncomingMessage, res: ServerResponse) => void];
  server.removeListener('request', router);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!first(req, res)) router(req, res);
  });
  return true;
}
