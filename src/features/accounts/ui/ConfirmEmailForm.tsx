import { useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../endpoints.ts';
import { localizePath, type IslandProps } from '../../../platform/i18n/i18n.ts';
import { cardClass, errorBoxClass, primaryButtonClass, successBoxClass } from '../../../platform/ui/ui.ts';
import { FormMessage } from '../../../platform/ui/FormField.tsx';
import { useHydrated } from '../../../platform/ui/use-hydrated.ts';
import { useUrlToken } from '../../../platform/ui/use-url-token.ts';
import { useT } from '../../../platform/ui/use-t.ts';
import { CardFootLink, CardTitle } from './AccountCardParts.tsx';

const call: TypedCall<AccountsApi> = api;

type Props = IslandProps;

/**
 * /confirmEmail?token=… (the link mailed to a new address). Confirming takes a click rather than
 * happening on load, so a mail scanner that opens links cannot spend the token on its own.
 */
export default function ConfirmEmailForm({ locale, messages }: Props) {
  const t = useT(messages);
  const hydrated = useHydrated();
  const token = useUrlToken();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    const res = await call<'POST /users/email/confirm'>('/users/email/confirm', { body: { token }, token: null });
    setBusy(false);
    if (!res.ok) return setFailure(t.error(res.status === 429 ? 'RATE_LIMITED' : res.code));
    setDone(res.data.email);
  };

  return (
    <div className={cardClass}>
      <CardTitle title={t('accounts.settings.confirmEmail.title')} />
      {!hydrated ? null : !token && !done ? (
        <p role="alert" data-testid="confirm-email-missing" className={`${errorBoxClass} mt-6`}>
          {t('accounts.settings.confirmEmail.missingToken')}
        </p>
      ) : done ? (
        <div role="status" data-testid="confirm-email-done" className={`${successBoxClass} mt-6`}>
          {t('accounts.settings.confirmEmail.done', { email: done })}
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-400">{t('accounts.settings.confirmEmail.text')}</p>
          <FormMessage kind="error" text={failure} testId="confirm-email-error" className="mt-6" />
          <button
            type="button"
            onClick={confirm}
            disabled={busy}
            className={`${primaryButtonClass} mt-6 w-full`}
            data-testid="confirm-email-submit"
          >
            {busy ? t('accounts.settings.confirmEmail.submitting') : t('accounts.settings.confirmEmail.submit')}
          </button>
        </>
      )}
      <CardFootLink href={localizePath('/settings', locale)} testId="link-settings">
        {t('accounts.settings.confirmEmail.settingsLink')}
      </CardFootLink>
    </div>
  );
}
