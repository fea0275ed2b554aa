/**
 * Brand identifiers (BRAND_SLUG, OWNER_ID, AGENCY_NAME; docs/configuration.md), read at build time by pages and at run
 * time by the server, with the same demo defaults in both places.
 */
const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
export const brandSlug = env.BRAND_SLUG || 'arena';
export const ownerId = env.OWNER_ID || 'arena-demo';
export const agencyName = env.AGENCY_NAME || 'Nexus';
