import { lazy } from 'react';
import SettingsForm from '../../features/accounts/ui/SettingsForm.tsx';
import type { IslandProps } from '../../platform/i18n/i18n.ts';

// the reminders' choices and the privacy's data download, one tab fetched when it is first opened
const notifications = lazy(() => import('./NotificationsAndData.tsx'));

/**
 * /settings: the accounts' form with the tab of the reminders and of the player's data joined in (domains do not
 * import each other's UI).
 */
export default function SettingsView(props: IslandProps) {
  return <SettingsForm {...props} notifications={notifications} />;
}
