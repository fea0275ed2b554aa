/**
 * The plural key of a count: `<base>.one` for exactly 1, else `<base>.other` (Italian and English
 * share this rule for whole numbers). Dictionaries hold both forms.
 */
export const pluralKey = (base: string, count: number) => `${base}.${count === 1 ? 'one' : 'other'}`;
