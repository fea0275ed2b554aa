import { useEffect, useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RemindersApi } from '../endpoints.ts';
import { FormMessage } from '../../../platform/ui/FormField.tsx';
import SaveBar from '../../../platform/ui/SaveBar.tsx';
import { secondaryButtonClass } from '../../../platform/ui/ui.ts';
import { useForm } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import type { NotificationPreferences } from '../contract.ts';

const call: TypedCall<RemindersApi> = api;

const choices = ['checkinOpen', 'checkinClosing', 'resultsFinal'] as const;

/**
 * The Notifications tab of /settings: which reminder e-mails the player gets (check-in open,
 * check-in closing soon, final results). The settings page hands it to the accounts' form, which
 * loads it when the tab is first opened, like the Security tab, so the page's JavaScript budget
 * pays nothing for it until then.
 */
export default function NotificationsPanel({ t }: { t: Translator }) {
  const [stored, setStored] = useState<NotificationPreferences | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    call<'GET /users/me/notifications'>('/users/me/notifications').then((res) => {
      if (!live) return;
      if (res.ok) setStored(res.data);
      else setFailure(t.error(res.code));
    });
    return () => {
      live = false;
    };
  }, [t, attempt]);

  if (stored) return <NotificationsForm t={t} stored={stored} />;
  // plain text rather than the Spinner: every module this chunk shares with the page is listed in the page's own
  // script, whose budget is tight
  if (!failure)
    return (
      <p role="status" className="text-sm text-slate-400" data-testid="notifications-loading">
        {t('accounts.settings.notifications.loading')}
      </p>
    );
  return (
    <div>
      <FormMessage kind="error" text={failure} testId="notifications-load-error" />
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4`}
        onClick={() => {
          setFailure(null);
          setAttempt((n) => n + 1);
        }}
        data-testid="notifications-retry"
      >
        {t('accounts.settings.notifications.retry')}
      </button>
    </div>
  );
}

function NotificationsForm({ t, stored }: { t: Translator; stored: NotificationPreferences }) {
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, isDirty, isSubmitting } = useForm<NotificationPreferences>({
    defaultValues: stored,
  });

  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const onSubmit = async (values: NotificationPreferences) => {
    setFailure(null);
    const res = await call<'PUT /users/me/notifications'>('/users/me/notifications', { method: 'PUT', body: values });
    if (!res.ok) {
      setFailure(t.error(res.code));
      return;
    }
    reset(res.data);
    setSaved(true);
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      data-testid="notifications-form"
      aria-labelledby="notifications-title"
    >
      <h2 id="notifications-title" className="text-lg font-semibold text-white">
        {t('accounts.settings.notifications.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{t('accounts.settings.notifications.intro')}</p>
      <div className="mt-5 space-y-4">
        {choices.map((name) => (
          <label key={name} className="flex cursor-pointer items-start gap-3 text-sm text-slate-200">
            <input
              {...register(name)}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-line accent-brand"
              data-testid={`notifications-${name}`}
              aria-describedby={`notifications-${name}-hint`}
            />
            <span>
              <span className="font-semibold">{t(`accounts.settings.notifications.${name}.label`)}</span>
              <span id={`notifications-${name}-hint`} className="block text-xs text-slate-400">
                {t(`accounts.settings.notifications.${name}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <SaveBar
        saving={isSubmitting}
        disabled={!isDirty}
        label={t('accounts.settings.save')}
        busyLabel={t('accounts.settings.saving')}
        testId="notifications-save"
        saved={saved && t('accounts.settings.notifications.saved')}
        failure={failure}
        messageTestIds={['notifications-saved', 'notifications-error']}
      />
    </form>
  );
}
