/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = 10;

/**
 * A random giveaway code from crypto.getRandomValues (never Math.random), uniform over the
 * alphabet: bytes at or above the largest multiple of its length are drawn again.
 */
export function generateGiveawayCode(
  length: number = GENERATED_CODE_LENGTH,
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const n = CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < limit) out += CODE_ALPHABET[byte % n];
      if (out.length === length) break;
    }
  }
  return out;
}
