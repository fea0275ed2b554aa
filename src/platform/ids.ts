/**
 * The one shape of a record id in an address or a body: 1–64 letters, digits, '-' or '_' (the
 * server generates UUIDs; seeded records have readable slugs). Anything else is refused before it
 * reaches a query. Kept free of zod so pages and islands can use it without the schema library;
 * `idSchema` in schemas.ts is the same rule for the contracts.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isId = (id: string | null | undefined): id is string => typeof id === 'string' && ID_PATTERN.test(id);
