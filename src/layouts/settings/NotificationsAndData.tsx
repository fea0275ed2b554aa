import NotificationsPanel from '../../features/reminders/ui/NotificationsPanel.tsx';
import DataPanel from '../../features/privacy/ui/DataPanel.tsx';
import DeleteAccount from '../../features/privacy/ui/DeleteAccount.tsx';
import type { Locale } from '../../platform/i18n/i18n.ts';
import type { Translator } from '../../platform/ui/use-t.ts';

/** The last tab of /settings: the reminders' e-mail choices, the player's own data to download, closing the account. */
export default function NotificationsAndData({ t, locale }: { t: Translator; locale: Locale }) {
  return (
    <>
      <NotificationsPanel t={t} />
      <DataPanel t={t} />
      <DeleteAccount t={t} locale={locale} />
    </>
  );
}
