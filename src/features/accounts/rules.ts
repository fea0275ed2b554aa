/**
 * Pure account rules shared by the server and the forms (no zod, no dictionary: the islands may
 * import this file without growing).
 */

/** Shortest password accepted at signup, reset and change. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * Lowest zxcvbn score (0-4) accepted. 3 means "safely unguessable: moderate protection from an
 * offline slow-hash scenario" (about 10^8 guesses and more).
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordVerdict = 'ok' | 'short' | 'weak';

/** `score` is only asked for when the length passes (the estimator costs milliseconds). */
export function passwordVerdict(password: string, score: (password: string) => number): PasswordVerdict {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'short';
  return score(password) >= PASSWORD_MIN_SCORE ? 'ok' : 'weak';
}

/**
 * Full-width, ligature and other compatibility forms fold to their plain letters, so `ａｄｍｉｎ`
 * is stored as `admin` and then collides with the existing name (uniqueness ignores case).
 */
export const normalizeUsername = (name: string) => name.normalize('NFKC');

// Scripts a username's letters are checked against; a letter outside them counts as its own script.
const scripts = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Thai',
  'Georgian',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
] as const;
const scriptPatterns = scripts.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
// Japanese mixes these three in one name by nature; none of them looks like a Latin letter.
const japanese = new Set(['Han', 'Hiragana', 'Katakana']);

/** The scripts of the letters of `name` (digits and `_ . -` belong to none). */
export function scriptsOf(name: string): Set<string> {
  const found = new Set<string>();
  for (const ch of name) {
    if (!/\p{L}|\p{M}/u.test(ch) || /\p{Script=Inherited}/u.test(ch)) continue;
    const hit = scriptPatterns.find(([, re]) => re.test(ch));
    found.add(hit ? hit[0] : 'Other');
  }
  return found;
}

/**
 * True when the letters come from more than one script (`аdmin` with a Cyrillic а), the usual
 * way to impersonate a name. Han with Hiragana/Katakana is one (Japanese) writing system.
 */
export function isMixedScript(name: string): boolean {
  const found = [...scriptsOf(name)];
  if (found.length <= 1) return false;
  return !found.every((s) => japanese.has(s));
}

/**
 * "Profile completed" (the badge of that rule): the shipping address and both game handles are
 * filled in, i.e. everything the shop and a Fortnite tournament will ask for.
 */
export function isProfileComplete(u: {
  first_name: string;
  last_name: string;
  street_name: string;
  zip_code: string;
  city: string;
  country: string;
  discordId: string;
  epicId: string;
}): boolean {
  return [u.first_name, u.last_name, u.street_name, u.zip_code, u.city, u.country, u.discordId, u.epicId].every(
    (v) => v.trim() !== '',
  );
}
