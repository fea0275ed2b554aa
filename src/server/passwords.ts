import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); argon2id is the library's default algorithm.
// @node-rs/argon2 ships prebuilt binaries inside registry packages, so no compiler is needed.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
// Verifying against this when no account matches keeps login time the same for unknown e-mails.
export const dummyHash = await hashPassword('not-a-real-password-for-timing');
