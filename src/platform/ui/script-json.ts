/**
 * A value as the JSON a page hands its script in a `<script type="application/json">`: every `<` escaped,
 * so no text in it can close the script element.
 */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
