import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { WorkGate } from './http/work-gate.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes); argon2id is the library's default algorithm.
// @node-rs/argon2 ships prebuilt binaries inside registry packages, so no compiler is needed.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Bounds the argon2 work of this process. A hash is tens of milliseconds of CPU on libuv's pool;
 * without a bound a storm of 100 logins queues there and a real player waits behind all of it. So
 * about one hash per core runs at once and the rest wait their turn, each for at most a few
 * seconds: a caller whose expected wait (measured hash time × its place in line) is longer, or
 * who has waited that long, gets 503 with Retry-After at once, costing no CPU. A sign-up burst is
 * absorbed as far as a visitor would wait anyway; the line itself has a hard cap (memory).
 * Configured from PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_WAIT_MS / PASSWORD_HASH_QUEUE when the
 * app is built.
 */
export const passwordWork = new WorkGate(os.availableParallelism(), 2000, 2, 3000);

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
