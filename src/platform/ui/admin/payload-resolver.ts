import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A form keeps what its inputs hold (strings for numbers and local datetimes, '' for "none"),
 * while the shared zod schema checks the API body. This resolver converts the values into the
 * body and validates that, so every rule lives in the schema once; the form's field names are the
 * body's, so the schema's issues land on the right inputs. `extra` adds rules that depend on the
 * form's own state (a password needed only when there is none yet).
 */
export function payloadResolver<Values extends FieldValues, Body extends FieldValues, Output>(
  schemaResolver: Resolver<Body, any, Output>,
  toBody: (values: Values) => Body,
  extra?: (values: Values) => FieldErrors<Values>,
): Resolver<Values, any, Output> {
  return async (values, context, options) => {
    const result = await schemaResolver(toBody(values), context, options as any);
    const more = extra?.(values) ?? {};
    if (Object.keys(more).length === 0) return result as any;
    return { values: {}, errors: { ...result.errors, ...more } } as any;
  };
}
