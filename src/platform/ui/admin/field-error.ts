import { fieldText, type NumberRanges } from '../../browser/form-errors.ts';
import type { Translator } from '../use-t.ts';
import type { FieldErrors } from '../use-form.ts';

export type { NumberRanges };

/** `fieldError('dateText.it')`: the translated error of a field of this form, or undefined. */
export function fieldErrorReader<Name extends string>(
  t: Translator,
  errors: FieldErrors,
  getValue: (name: Name) => unknown,
  ranges?: NumberRanges,
) {
  return (name: Name): string | undefined => fieldText(t, name, errors[name], getValue(name), ranges);
}
