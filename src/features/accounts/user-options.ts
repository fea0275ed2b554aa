/**
 * The choices of the account forms without zod: the islands render them before any validation
 * runs, and importing user-schemas.ts for them would put the schema library on the page.
 */
export const genders = ['male', 'female', 'nonbinary'] as const;
export const languages = ['it', 'en'] as const;
export type Language = (typeof languages)[number];
