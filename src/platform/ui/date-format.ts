/** The birth-date format the signup and settings forms use, sent to the API as-is. */
export const DATE_FORMAT = 'yyyy-MM-dd';
