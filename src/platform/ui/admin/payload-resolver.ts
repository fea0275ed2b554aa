import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a form whose inputs hold other types than the schema's input (strings for
 * numbers and local datetimes, '' for "none"): react-hook-form cannot relate the two, so this typed
 * adapter states the form's own value and output types, once, for every admin form.
 */
export function formResolver<Values extends FieldValues, Output>(schema: z.ZodType): Resolver<Values, unknown, Output> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place the form's and the schema's types meet
  return zodResolver(schema as any) as unknown as Resolver<Values, unknown, Output>;
}

/**
 * A form keeps what its inputs hold, while the shared zod schema checks the API body. This
 * resolver converts the values into the body and validates that, so every rule lives in the schema
 * once; the form's field names are the body's, so the schema's issues land on the right inputs.
 * `extra` adds rules that depend on the form's own state (a password needed only when there is
 * none yet).
 */
export function payloadResolver<Values extends FieldValues, Output>(schema: z.ZodType, toBody: (values: Values) => unknown, extra?: (values: Values) => FieldErrors<Values>): Resolver<Values, unknown, Output> {
  const resolve = formResolver<FieldValues, Output>(schema);
  return async (values, context, options) => {
    const result = await resolve(toBody(values) as FieldValues, context, options as Parameters<typeof resolve>[2]);
    const more = extra?.(values) ?? {};
    const errors = { ...result.errors, ...more } as FieldErrors<Values>;
    return Object.keys(errors).length === 0 ? { values: result.values as Output, errors: {} } : { values: {}, errors };
  };
}
