import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { serviceUnavailable } from './errors.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes); argon2id is the library's default algorithm.
// @node-rs/argon2 ships prebuilt binaries inside registry packages, so no compiler is needed.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

// What a refused caller is told to wait: a few hashes' time, long enough for the queue to drain.
const BUSY_RETRY_SECONDS = 2;

/**
 * Bounds the argon2 work of this process. A hash is tens of milliseconds of CPU on libuv's pool;
 * without a bound a storm of 100 logins queues there and a real player waits behind all of it.
 * At most `concurrency` hashes run (about the core count); up to `queue` more wait their turn in
 * order; any beyond that are refused at once with 503 SERVICE_UNAVAILABLE, which costs no CPU.
 * `peak` is the most that ever ran at once (read by the tests and worth a metric).
 */
class PasswordWork {
  concurrency = os.availableParallelism();
  queue = 8 * this.concurrency;
  inFlight = 0;
  peak = 0;
  private readonly waiting: (() => void)[] = [];

  configure(limits: { passwordHashConcurrency: number; passwordHashQueue: number }) {
    this.concurrency = Math.max(1, limits.passwordHashConcurrency);
    this.queue = Math.max(0, limits.passwordHashQueue);
  }

  resetPeak() {
    this.peak = this.inFlight;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight < this.concurrency) this.inFlight++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw serviceUnavailable(BUSY_RETRY_SECONDS);
    this.peak = Math.max(this.peak, this.inFlight);
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, so inFlight never dips and refills
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
export const passwordWork = new PasswordWork();

export const hashPassword = (password: string) => passwordWork.run(() => hash(password, options));
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
// Verifying against this when no account matches keeps login time the same for unknown e-mails.
export const dummyHash = await hashPassword('not-a-real-password-for-timing');
