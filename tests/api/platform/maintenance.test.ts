import { afterAll, beforeAll, expect, test } from 'vitest';
import { pruneExpired } from '../../../src/platform/http/maintenance.ts';
import { sweeps } from '../../../src/app/sessions.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(async () => t?.close());

// an idempotency key expires after a day, a mail record after 30 days; a session or a rate-limit window when it ends
test('pruning drops expired keys, sessions, rate-limit windows and mail records, and keeps the rest', async () => {
  const a = await t.signupAndLogin();
  const db = t.db.kysely;
  const now = new Date();
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const key = (k: string, createdAt: string) => ({
    user_id: a.user.id,
    key: k,
    route: 'redeem',
    request_hash: 'h',
    status_code: 200,
    response: '{}',
    created_at: createdAt,
  });
  await db
    .insertInto('idempotency_keys')
    .values([key('old', at(-24 * 60 - 1)), key('fresh', at(-24 * 60 + 1))])
    .execute();
  const session = (hash: string, expiresAt: string) => ({
    token_hash: hash,
    user_id: a.user.id,
    created_at: at(-7 * 24 * 60),
    expires_at: expiresAt,
    revoked_at: null,
  });
  await db
    .insertInto('sessions')
    .values([session('expired-hash', at(-60)), session('valid-hash', at(60))])
    .execute();

  await db
    .insertInto('rate_limits')
    .values([
      { key: 'ended', count: 3, expires_at: now.getTime() - 1 },
      { key: 'running', count: 3, expires_at: now.getTime() + 60_000 },
    ])
    .execute();

  // a sent and a failed message past the 30 days, one sent within them, one still waiting however old (its next try
  // later, so the queue's worker leaves it alone meanwhile)
  const mail = (id: string, status: 'sent' | 'failed' | 'pending', createdAt: string) => ({
    id,
    owner: t.config.ownerId,
    recipient: `${id}@example.com`,
    subject: id,
    body_text: '',
    status,
    next_attempt_at: status === 'pending' ? at(60) : createdAt,
    created_at: createdAt,
  });
  await db
    .insertInto('mail_outbox')
    .values([
      mail('old-sent', 'sent', at(-30 * 24 * 60 - 1)),
      mail('old-failed', 'failed', at(-31 * 24 * 60)),
      mail('recent-sent', 'sent', at(-30 * 24 * 60 + 1)),
      mail('old-pending', 'pending', at(-40 * 24 * 60)),
    ])
    .execute();

  expect(await pruneExpired(t.app, sweeps, now)).toEqual({ keys: 1, sessions: 1, rateLimits: 1, mails: 2 });
  const ids = ['old-sent', 'old-failed', 'recent-sent', 'old-pending'];
  const mails = await db.selectFrom('mail_outbox').select('id').where('id', 'in', ids).orderBy('id').execute();
  expect(mails.map((m) => m.id)).toEqual(['old-pending', 'recent-sent']);
  expect((await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['running']);
  const keys = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', a.user.id).execute();
  expect(keys.map((k) => k.key)).toEqual(['fresh']);
  const hashes = (await db.selectFrom('sessions').select('token_hash').where('user_id', '=', a.user.id).execute()).map(
    (s) => s.token_hash,
  );
  expect(hashes).toContain('valid-hash');
  // the login of this test is still valid too
  expect(hashes).toHaveLength(2);
  expect(hashes).not.toContain('expired-hash');
});
