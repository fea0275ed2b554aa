import { vi } from 'vitest';

/**
 * Runs `work` with `Date` standing still (timers and the event loop run as usual), so every row it
 * makes is stamped in the same millisecond: what a fast machine does by chance, made certain.
 */
export async function withClockStopped<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}
