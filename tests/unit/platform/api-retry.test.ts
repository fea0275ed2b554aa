import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { api } from '../../../src/platform/browser/api-client.ts';
import {
  isRetryable,
  jitteredDelay,
  retryingCalls,
  withRetry,
  type Answer,
} from '../../../src/platform/browser/retry.ts';

const busy = (retryAfter?: number): Answer => ({
  ok: false,
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  ...(retryAfter ? { retryAfter } : {}),
});
const done: Answer = { ok: true };

/** A call answering `answers` in turn (the last one again once they run out), counting its calls. */
function scripted(answers: Answer[]) {
  const call = vi.fn(async () => answers[Math.min(call.mock.calls.length - 1, answers.length - 1)]);
  return call;
}

describe('which answers are retried', () => {
  test.each([
    ['503 SERVICE_UNAVAILABLE (busy, nothing done)', busy(2), true],
    ['a proxy 503 without our envelope', { ok: false, status: 503, code: 'INTERNAL_ERROR' }, false],
    [
      '429 RATE_LIMITED (an abuse limit: failed logins, sign-ups per address)',
      { ok: false, status: 429, code: 'RATE_LIMITED', retryAfter: 60 },
      false,
    ],
    ['401 INVALID_CREDENTIALS (a wrong password)', { ok: false, status: 401, code: 'INVALID_CREDENTIALS' }, false],
    ['409 EMAIL_TAKEN', { ok: false, status: 409, code: 'EMAIL_TAKEN' }, false],
    ['a network failure (the server may have acted)', { ok: false, status: 0, code: 'NETWORK_ERROR' }, false],
    ['500 INTERNAL_ERROR', { ok: false, status: 500, code: 'INTERNAL_ERROR' }, false],
    ['a success', done, false],
  ] as [string, Answer, boolean][])('%s', (_name, answer, retried) => {
    expect(isRetryable(answer)).toBe(retried);
  });
});

describe('full jitter', () => {
  test('each wait lies in [0, Retry-After × factor); without Retry-After one second is assumed', () => {
    expect(jitteredDelay(2, 1.5, () => 0)).toBe(0);
    expect(jitteredDelay(2, 1.5, () => 0.999_999)).toBe(2999);
    expect(jitteredDelay(undefined, 1.5, () => 0.999_999)).toBe(1499);
    const draws = Array.from({ length: 2000 }, () => jitteredDelay(3));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(4500);
    // spread over the window, not bunched at Retry-After: both halves are used
    expect(draws.filter((d) => d < 2250).length).toBeGreaterThan(600);
    expect(draws.filter((d) => d >= 2250).length).toBeGreaterThan(600);
  });
});

describe('withRetry', () => {
  beforeAll(() => vi.useFakeTimers());
  afterAll(() => vi.useRealTimers());

  test('rides out two 503s within their jittered waits, telling each retry and counting as retrying', async () => {
    const call = scripted([busy(2), busy(1), done]);
    const progress: { attempt: number; delayMs: number }[] = [];
    const pending = withRetry(call, {
      random: () => 0.5,
      onRetry: ({ attempt, delayMs }) => progress.push({ attempt, delayMs }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    expect(retryingCalls.get()).toBe(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(750);
    expect(await pending).toEqual(done);
    expect(call).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([
      { attempt: 2, delayMs: 1500 },
      { attempt: 3, delayMs: 750 },
    ]);
    expect(retryingCalls.get()).toBe(0);
  });

  test('a 429 or a wrong password is answered at once, never retried', async () => {
    for (const answer of [
      { ok: false, status: 429, code: 'RATE_LIMITED', retryAfter: 1 },
      { ok: false, status: 401, code: 'INVALID_CREDENTIALS' },
    ] as Answer[]) {
      const call = scripted([answer, done]);
      expect(await withRetry(call)).toEqual(answer);
      expect(call).toHaveBeenCalledTimes(1);
    }
    expect(retryingCalls.get()).toBe(0);
  });

  test('gives up after maxAttempts calls, returning the last 503', async () => {
    const call = scripted([busy(1)]);
    const pending = withRetry(call, { maxAttempts: 4, random: () => 0.9 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toEqual(busy(1));
    expect(call).toHaveBeenCalledTimes(4);
    expect(retryingCalls.get()).toBe(0);
  });

  test('gives up once the time budget is spent: no wait starts past it', async () => {
    const call = scripted([busy(10)]);
    const started = Date.now();
    let finished = 0;
    const pending = withRetry(call, { budgetMs: 30_000, maxAttempts: 100, random: () => 0.99 }).then(
      (r) => ((finished = Date.now()), r),
    );
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await pending).toEqual(busy(10));
    // waits of 14.85 s: calls at 0, 14.85 s, 29.7 s, then one at the budget's end
    expect(call).toHaveBeenCalledTimes(4);
    expect(finished - started).toBeLessThanOrEqual(30_000);
  });
});

describe('api() against a server that is busy once', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  // per path: how many answers are 503 (or 429) before the success
  const plan: Record<string, { status: number; code: string; times: number }> = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const p = plan[req.url!];
      if (p && p.times-- > 0) {
        res.writeHead(p.status, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ status: 'ERROR', error: { code: p.code, message: 'busy' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'SUCCESS', data: { fine: true } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // the jitter draws 0: the retries follow at once
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    server.close();
  });
  afterEach(() => void (seen.length = 0));

  const busyOnce = (path: string, status = 503, code = 'SERVICE_UNAVAILABLE') =>
    (plan[path] = { status, code, times: 1 });

  test('a read is retried by default and succeeds', async () => {
    busyOnce('/read');
    expect(await api('/read', { base })).toMatchObject({ ok: true, data: { fine: true } });
    expect(seen).toEqual(['GET /read', 'GET /read']);
  });

  test('a plain POST is not retried by default: its 503 is answered at once', async () => {
    busyOnce('/post');
    expect(await api('/post', { base, body: {} })).toEqual({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(seen).toEqual(['POST /post']);
  });

  test('a POST that opts in, or carries an Idempotency-Key, is retried', async () => {
    busyOnce('/signup');
    expect(await api('/signup', { base, body: {}, retry: true })).toMatchObject({ ok: true });
    busyOnce('/purchase');
    expect(await api('/purchase', { base, body: {}, headers: { 'Idempotency-Key': 'k-1' } })).toMatchObject({
      ok: true,
    });
    expect(seen).toEqual(['POST /signup', 'POST /signup', 'POST /purchase', 'POST /purchase']);
  });

  test('a 429 is not retried even where retries are on', async () => {
    busyOnce('/login', 429, 'RATE_LIMITED');
    expect(await api('/login', { base, body: {}, retry: true })).toMatchObject({
      ok: false,
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(seen).toEqual(['POST /login']);
  });
});
