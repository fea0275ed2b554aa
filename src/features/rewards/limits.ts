/**
 * Limits of the rewards economy without zod, so browser code (the shop rules) can read them without
 * pulling the schema library into the page; contract.ts re-exports them.
 */

/** Upper bound of any single credit amount (price, reward, code, adjustment): far below int32. */
export const MAX_CREDITS = 1_000_000;
