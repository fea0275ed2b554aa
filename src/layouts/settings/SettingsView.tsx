import { lazy } from 'react';
import SettingsForm from '../../features/accounts/ui/SettingsForm.tsx';
import type { IslandProps } from '../../platform/i18n/i18n.ts';

// the reminders' tab, fetched when it is first opened
const notifications = lazy(() => import('../../features/reminders/ui/NotificationsPanel.tsx'));

/**
 * /settings: the accounts' form with the reminders' Notifications tab joined in (domains do not import each other's
 * UI).
 */
export default function SettingsView(props: IslandProps) {
  return <SettingsForm {...props} notifications={notifications} />;
}
