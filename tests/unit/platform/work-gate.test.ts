import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { AppError } from '../../../src/platform/errors/app-error.ts';
import { WorkGate } from '../../../src/platform/http/work-gate.ts';

/** A job the test finishes by hand. */
function job() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a gate bounded by time', () => {
  beforeAll(() => vi.useFakeTimers());
  afterAll(() => vi.useRealTimers());

  test('admits callers while their expected wait is within the bound; the next is told when to come back', async () => {
    const gate = new WorkGate(1, 1000, 2, 1000);
    gate.jobMs = 400;
    const first = job();
    const running = gate.run(first.work);
    // 400 ms and 800 ms of expected wait: admitted; 1200 ms: refused at once
    const second = gate.run(async () => 'second');
    const third = gate.run(async () => 'third');
    const error = await refusal(gate.run(async () => 'fourth'));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.retryAfter).toBe(2);
    expect(gate.queued).toBe(2);
    first.finish();
    await running;
    expect([await second, await third]).toEqual(['second', 'third']);
    expect(gate.running).toBe(0);
  });

  // the jobs ahead were slower than measured
  test('a caller whose wait runs past the bound leaves the line with 503', async () => {
    const gate = new WorkGate(1, 1000, 2, 1000);
    gate.jobMs = 10;
    const slow = job();
    const running = gate.run(slow.work);
    const waiting = refusal(gate.run(async () => 'late'));
    await vi.advanceTimersByTimeAsync(999);
    expect(gate.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await waiting).code).toBe('SERVICE_UNAVAILABLE');
    expect(gate.queued).toBe(0);
    slow.finish();
    await running;
    expect(gate.running).toBe(0);
    // the slot is free again: the next caller runs at once
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  test('the hard cap on the line holds whatever the time bound', async () => {
    const gate = new WorkGate(1, 2, 2, 60_000);
    gate.jobMs = 1;
    const first = job();
    const running = gate.run(first.work);
    const queued = [gate.run(async () => 1), gate.run(async () => 2)];
    expect((await refusal(gate.run(async () => 3))).code).toBe('SERVICE_UNAVAILABLE');
    first.finish();
    await running;
    expect(await Promise.all(queued)).toEqual([1, 2]);
  });

  test('the measured time of a job follows what the jobs take', async () => {
    const gate = new WorkGate(1, 10, 2, 1000);
    gate.jobMs = 50;
    for (let i = 0; i < 20; i++) {
      const j = job();
      const p = gate.run(j.work);
      await vi.advanceTimersByTimeAsync(200);
      j.finish();
      await p;
    }
    expect(gate.jobMs).toBeGreaterThan(190);
    expect(gate.expectedWaitMs(3)).toBeGreaterThan(760);
  });
});
