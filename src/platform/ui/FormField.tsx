import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorBoxClass, inputClass, labelClass, selectClass, successBoxClass } from './ui.ts';
import type { Registration } from './use-form.ts';

interface Props {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** the label's own id, for controls that name themselves after it (aria-labelledby) */
  labelId?: string;
  children: ReactNode;
}

/** A label bound to its control, an optional hint and the field's error (announced politely). */
export default function FormField({ id, label, error, hint, labelId, children }: Props) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} id={labelId} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      <p
        id={`${id}-error`}
        data-testid={`${id}-error`}
        aria-live="polite"
        className="min-h-0 text-sm text-rose-400 empty:hidden"
      >
        {error}
      </p>
    </div>
  );
}

/** The accessibility props of the control inside a FormField; the id doubles as its test id. */
export function controlProps(id: string, error?: string, hint?: boolean) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    id,
    'data-testid': id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A FormField holding a <select> of `options` ([value, text] pairs), after an empty `placeholder` choice if given. */
export function SelectField({
  id,
  label,
  error,
  hint,
  registration,
  options,
  placeholder,
  disabled,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  registration: Omit<Registration, 'checked'>;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <select {...registration} {...controlProps(id, error, !!hint)} disabled={disabled} className={selectClass}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <SelectOptions options={options} />
      </select>
    </FormField>
  );
}

/**
 * A FormField holding an <input> (text, number, url, date): the field's id, error and hint wired to
 * it as controlProps does; the input's own attributes (type, bounds, placeholder) pass through.
 */
export function InputField({
  id,
  label,
  error,
  hint,
  registration,
  className = inputClass,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  registration: Omit<Registration, 'checked'>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input {...registration} {...controlProps(id, error, !!hint)} {...input} className={className} />
    </FormField>
  );
}

/** The <option>s of a select, from [value, text] pairs (form fields and list filters alike). */
export function SelectOptions({ options }: { options: readonly (readonly [string, string])[] }) {
  return options.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}

/**
 * What a form says after a submit: a success (`role="status"`) or a failure
 * (`role="alert"`). The box stays in the page, hidden while there is nothing to say, so a screen
 * reader hears the message when it appears.
 */
export function FormMessage({
  kind,
  text,
  testId,
  id,
  className = '',
}: {
  kind: 'success' | 'error';
  text: string | null | false;
  testId: string;
  id?: string;
  className?: string;
}) {
  return (
    <div
      id={id}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={text ? `${kind === 'error' ? errorBoxClass : successBoxClass} ${className}` : 'hidden'}
    >
      {text}
    </div>
  );
}
