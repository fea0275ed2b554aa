import UserPage from '../../features/dashboard/ui/UserPage.tsx';
import UserAccount from '../../features/accounts/ui/admin/UserAccount.tsx';
import AccountClosing from '../../features/privacy/ui/admin/AccountClosing.tsx';
import type { SectionProps } from '../../platform/ui/admin/section-props.ts';

/**
 * The admin's user page as the dashboard shows it: the dashboard's page (the overview, the rewards' and tournaments'
 * panels, the privacy's closing of the account) around the accounts' view of the account. Domains do not import
 * each other's UI, so the shell joins them.
 */
export default function UserPageView(props: SectionProps) {
  return (
    <UserPage
      {...props}
      account={(slot) => <UserAccount {...props} {...slot} />}
      closing={(user, closed) => <AccountClosing t={props.t} user={user} onClosed={closed} />}
    />
  );
}
