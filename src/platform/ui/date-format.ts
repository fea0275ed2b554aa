/** The birth-date format of SPEC section 2, sent to the API as-is. */
export const DATE_FORMAT = 'yyyy-MM-dd';
