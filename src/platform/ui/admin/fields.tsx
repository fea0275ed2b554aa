import { useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import FormField, { controlProps, InputField } from '../FormField.tsx';
import { inputClass, selectClass } from '../ui.ts';
import type { Registration } from '../use-form.ts';
import type { Translator } from '../use-t.ts';
import { checkboxClass } from './ui.ts';

/**
 * The dashboard forms' typed fields: each is a FormField (label, control, hint, error) whose control
 * is bound to one field of the form by `fieldsOf`. A form writes its label and its own bounds;
 * the id, the error and the registration come from the field's name.
 */

/** What `fieldsOf` gives a field component for one field of the form. */
export interface BoundField {
  id: string;
  error?: string;
  registration: Omit<Registration, 'checked'>;
}

/**
 * `field('credits')`: the id `<idPrefix>-credits` (the dots of a nested name as dashes, so
 * 'subject.it' is `<idPrefix>-subject-it`), the field's translated error and its registration.
 * An id that does not follow the pattern (an older test id) is the second argument.
 */
export function fieldsOf<Name extends string>(
  form: {
    register: (name: Name) => Omit<Registration, 'checked'>;
    fieldError: (name: Name) => string | undefined;
  },
  idPrefix: string,
) {
  return (name: Name, id = `${idPrefix}-${name.replaceAll('.', '-')}`): BoundField => ({
    id,
    error: form.fieldError(name),
    registration: form.register(name),
  });
}

type FieldProps = BoundField & { label: string; hint?: string };
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'type'>;

/** A one-line text input. */
export function TextField(props: FieldProps & InputProps) {
  return <InputField type="text" {...props} />;
}

/** A whole number typed on the numeric keypad; `min` and `max` are the form's own. */
export function NumberField(props: FieldProps & InputProps) {
  return <InputField type="number" inputMode="numeric" step={1} {...props} />;
}

/** A local date and time (the dark colour scheme gives the browser's picker icon its contrast). */
export function DateTimeField(props: FieldProps & InputProps) {
  return <InputField type="datetime-local" className={selectClass} {...props} />;
}

/** A multi-line text. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  registration,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <textarea {...registration} {...controlProps(id, error, !!hint)} {...textarea} className={inputClass} />
    </FormField>
  );
}

/** A checkbox with its text beside it, inside its label; the test id names the control. */
export function CheckboxField({
  registration,
  testId,
  children,
}: {
  registration: Registration;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-3 text-sm text-slate-200">
      <input {...registration} type="checkbox" className={checkboxClass} data-testid={testId} />
      {children}
    </label>
  );
}

/**
 * The image fields of a form (ImageField holds an uploaded address, not a typed value):
 * `image('thumbnail')` gives one its id `<idPrefix>-thumbnail`, value, error and change (a new
 * upload clears the field's old error); `uploading` is true while an upload runs, so the form
 * holds its submit meanwhile.
 */
export function useImageFields<Name extends string>(
  form: {
    watch: (name: Name) => string;
    setValue: (name: Name, url: string) => void;
    clearErrors: (name: Name) => void;
    fieldError: (name: Name) => string | undefined;
  },
  idPrefix: string,
  upload: { t: Translator; agencyName: string },
) {
  const [uploading, setUploading] = useState(false);
  const image = (name: Name) => ({
    ...upload,
    id: `${idPrefix}-${name}`,
    value: form.watch(name),
    error: form.fieldError(name),
    onBusy: setUploading,
    onChange: (url: string) => {
      form.clearErrors(name);
      form.setValue(name, url);
    },
  });
  return { uploading, image };
}
