import NotificationsPanel from '../../features/reminders/ui/NotificationsPanel.tsx';
import DataPanel from '../../features/privacy/ui/DataPanel.tsx';
import type { Translator } from '../../platform/ui/use-t.ts';

/** The last tab of /settings: the reminders' e-mail choices, then the player's own data to download. */
export default function NotificationsAndData({ t }: { t: Translator }) {
  return (
    <>
      <NotificationsPanel t={t} />
      <DataPanel t={t} />
    </>
  );
}
