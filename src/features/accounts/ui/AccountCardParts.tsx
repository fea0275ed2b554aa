import type { ReactNode } from 'react';
import { InputField } from '../../../platform/ui/FormField.tsx';
import { linkClass } from '../../../platform/ui/ui.ts';
import type { Registration } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

/** The card's heading, and under it what the page is for. */
export function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
      {subtitle !== undefined && <p className="mt-2 text-sm text-slate-400">{subtitle}</p>}
    </>
  );
}

/** The link at the foot of the card, to the page the visitor goes on to (or back to). */
export function CardFootLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <a href={href} className={linkClass} data-testid={testId}>
        {children}
      </a>
    </p>
  );
}

/**
 * The e-mail input of the login, sign-up and reset cards, where the browser offers the saved address: its id is
 * `<form>-email`, its label the form's own `email` text.
 */
export function EmailField({
  t,
  form,
  error,
  registration,
}: {
  t: Translator;
  form: 'login' | 'signup' | 'reset';
  error?: string;
  registration: Omit<Registration, 'checked'>;
}) {
  return (
    <InputField
      id={`${form}-email`}
      label={t(`accounts.${form}.email`)}
      error={error}
      registration={registration}
      type="email"
      autoComplete="email"
    />
  );
}
