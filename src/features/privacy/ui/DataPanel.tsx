import { useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { FormMessage } from '../../../platform/ui/FormField.tsx';
import { secondaryButtonClass } from '../../../platform/ui/ui.ts';
import BusyButton from '../../../platform/ui/BusyButton.tsx';
import type { Translator } from '../../../platform/ui/use-t.ts';
import PrivacySection from './PrivacySection.tsx';
import type { PrivacyApi } from '../endpoints.ts';

const call: TypedCall<PrivacyApi> = api;
/** Long enough for the browser to have started saving the file the link pointed at. */
const LINK_LIFE_MS = 60_000;

/**
 * "Your data" on /settings: the player downloads everything the platform holds about them as one JSON file
 * (GET /users/me/export). The API needs the session's bearer token, so the page fetches the document and saves
 * it through a link to its own copy rather than pointing the browser at the API.
 */
export default function DataPanel({ t }: { t: Translator }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      const res = await call<'GET /users/me/export'>('/users/me/export');
      if (!res.ok) return setFailure(t.error(res.code));
      const file = new Blob([JSON.stringify(res.data, null, 2)], { type: 'application/json' });
      const href = URL.createObjectURL(file);
      const link = Object.assign(document.createElement('a'), {
        href,
        download: `${res.data.account.username}-data-${res.data.exportedAt.slice(0, 10)}.json`,
      });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), LINK_LIFE_MS);
      setDone(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PrivacySection
      id="data-title"
      title={t('accounts.settings.data.title')}
      intro={t('accounts.settings.data.intro')}
      testId="data-export"
    >
      <BusyButton
        className={`${secondaryButtonClass} mt-4`}
        onClick={() => void download()}
        busy={busy}
        busyLabel={t('accounts.settings.data.preparing')}
        testId="data-export-download"
      >
        {t('accounts.settings.data.download')}
      </BusyButton>
      <FormMessage
        kind="success"
        text={done && t('accounts.settings.data.done')}
        testId="data-export-done"
        className="mt-3"
      />
      <FormMessage kind="error" text={failure} testId="data-export-error" className="mt-3" />
    </PrivacySection>
  );
}
