import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStep } from '../../../../platform/ui/use-confirm-step.ts';
import { Panel } from '../../../../platform/ui/admin/UserPagePanels.tsx';
import { dangerSmallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { PrivacyApi } from '../../endpoints.ts';

const call: TypedCall<PrivacyApi> = api;
// the refusals the catalogue words for the player closing their own account ("you are still in a tournament"):
// the admin reads them about the player, with what to do from the dashboard
const refusalsAboutThePlayer = new Set(['STILL_IN_TOURNAMENT', 'ORDER_NOT_SHIPPED']);

/**
 * On the admin's user page: close a player's account when they ask the organiser to (by e-mail, say), under the same
 * rules as their own "Delete my account". The page reads the account again afterwards, under its stand-in name.
 */
export default function AccountClosing({
  t,
  user,
  onClosed,
}: {
  t: Translator;
  user: { id: string; username: string };
  onClosed: () => void;
}) {
  const closing = useConfirmStep();
  const name = user.username;

  const run = async () => {
    const res = await closing.run(() =>
      call<'POST /admin/users/:id/delete'>(`/admin/users/${encodeURIComponent(user.id)}/delete`, { method: 'POST' }),
    );
    if (!res.ok) {
      const why = refusalsAboutThePlayer.has(res.code)
        ? t(`accounts.userPage.closing.refused.${res.code}`, { name })
        : t.error(res.code);
      toast.error(`${t('accounts.userPage.closing.error')} ${why}`);
      return;
    }
    toast.success(t('accounts.userPage.closing.done', { name }));
    onClosed();
  };

  return (
    <Panel title={t('accounts.userPage.closing.title')} testId="user-page-closing">
      <p className="mb-4 text-sm text-slate-300">{t('accounts.userPage.closing.text')}</p>
      <button
        type="button"
        className={dangerSmallButtonClass}
        onClick={closing.ask}
        data-testid="user-page-close-account"
      >
        {t('accounts.userPage.closing.open')}
      </button>
      <ConfirmDialog
        {...closing.dialog}
        title={t('accounts.userPage.closing.confirmTitle', { name })}
        message={t('accounts.userPage.closing.confirmMessage', { name })}
        confirmLabel={t('accounts.userPage.closing.confirm')}
        busyLabel={t('accounts.userPage.closing.working')}
        cancelLabel={t('accounts.userPage.closing.cancel')}
        onConfirm={() => void run()}
        danger
        testId="user-page-close-confirm"
      />
    </Panel>
  );
}
