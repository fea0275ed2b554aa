import type { KeysOf } from '../../../platform/i18n/i18n.ts';
import type { messages } from '../../../platform/i18n/messages.ts';
import { PasswordField } from '../../../platform/ui/PasswordInput.tsx';
import type { Registration } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

/** One password input: its form field, its id, its label's key, what the browser may fill in. */
export type PasswordInputRow<Name extends string> = readonly [
  Name,
  string,
  KeysOf<(typeof messages)['en']>,
  'current-password' | 'new-password',
];

/**
 * A form's password inputs, one after the other, each with the accounts' show/hide toggle; the field
 * that takes a new password (`hinted`) says the rule it must meet under it.
 */
export default function PasswordFields<Name extends string>({
  t,
  inputs,
  register,
  error,
  hinted,
}: {
  t: Translator;
  inputs: readonly PasswordInputRow<Name>[];
  register: (name: Name) => Registration;
  error: (name: Name) => string | undefined;
  hinted?: Name;
}) {
  return inputs.map(([name, id, label, autoComplete]) => (
    <PasswordField
      key={name}
      id={id}
      label={t(label)}
      error={error(name)}
      hint={name === hinted ? t('accounts.signup.passwordHint') : undefined}
      registration={register(name)}
      autoComplete={autoComplete}
      showLabel={t('accounts.password.show')}
      hideLabel={t('accounts.password.hide')}
    />
  ));
}
