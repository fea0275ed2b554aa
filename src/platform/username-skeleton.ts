import unhomoglyph from 'unhomoglyph';

/**
 * UTS #39 skeleton: decomposed, each character replaced by its prototype in Unicode's confusables
 * table, decomposed again.
 */
const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');

/**
 * The key usernames are unique by: two names that look alike (`gıulia` with a dotless ı and
 * `giulia`, a Cyrillic `а` for a Latin `a`, Greek `ΑΒΕ` for `ABE`, `rn` for `m`, `0` for `o`) have
 * the same key. The key is never shown: it is for comparing only.
 *
 * Names are unique regardless of case as well, and case and look do not commute: Greek `Α` looks
 * like `A` while its lower case `α` looks like no `a`, and ASCII `I` maps to `l` while `i` stays `i`.
 * So the letters outside ASCII are first mapped to their prototypes as written, then everything is
 * lower-cased, mapped (the ASCII look-alikes: `0`, `1`, `m`) and lower-cased again.
 *
 * Kept in the platform, not in the accounts feature, because the migration that backfilled the
 * stored keys (0091) computes them too. A newer confusables table changes some keys: the stored
 * keys then need recomputing by a migration of their own.
 */
export function usernameSkeleton(name: string): string {
  const foreign = name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[^\p{ASCII}]+/gu, skeleton);
  return skeleton(foreign.toLowerCase()).toLowerCase();
}
