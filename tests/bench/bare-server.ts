import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The yardstick of the framework-overhead benchmark: Fastify with nothing but one JSON route that
 * answers the very payload our `GET /api/tournaments` answered (read once from BENCH_PAYLOAD), so
 * the difference is everything we do per request: auth hook, validation, database, serialisation.
 */
const payload = JSON.parse(fs.readFileSync(process.env.BENCH_PAYLOAD!, 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'SUCCESS' }));
app.get('/bare', async () => payload);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.close().then(() => process.exit(0)));
