import { useState, type ComponentPropsWithRef } from 'react';
import { inputClass } from './ui.ts';
import LineIcon from './LineIcon.tsx';
import FormField, { controlProps } from './FormField.tsx';
import type { Registration } from './use-form.ts';

type Props = Omit<ComponentPropsWithRef<'input'>, 'type'> & { id: string; showLabel: string; hideLabel: string };

/** A password input with a show/hide toggle (test id `<id>-toggle`). */
export default function PasswordInput({ showLabel, hideLabel, className, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...input} type={visible ? 'text' : 'password'} className={`${inputClass} pr-12 ${className ?? ''}`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={input.id}
        data-testid={`${input.id}-toggle`}
        className={
          'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg ' +
          'text-slate-400 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-accent'
        }
      >
        <LineIcon strokeWidth={1.8}>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible && <path d="M3 3l18 18" />}
        </LineIcon>
      </button>
    </div>
  );
}

/**
 * A FormField holding a PasswordInput, wired as InputField wires its input; the toggle's labels and
 * the input's own attributes (autoComplete) pass through.
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  registration,
  ...input
}: {
  label: string;
  error?: string;
  hint?: string;
  registration: Omit<Registration, 'checked'>;
} & Omit<Props, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <PasswordInput {...registration} {...controlProps(id, error, !!hint)} {...input} />
    </FormField>
  );
}
