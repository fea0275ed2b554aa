import type { Translator } from '../use-t.ts';
import { errorBoxClass, secondaryButtonClass } from '../ui.ts';

interface Props {
  t: Translator;
  /** the id from the URL; without one the page cannot load anything */
  id: string | null | undefined;
  /** the error code of the failed load */
  failure: string | null;
  /** `data-testid` of the alert */
  testId: string;
  onRetry: () => void;
}

/**
 * What an edit page shows when its record could not be loaded: a missing id, or the translated
 * error, with a retry unless the record does not exist (retrying a *_NOT_FOUND cannot help).
 */
export default function EditorLoadError({ t, id, failure, testId, onRetry }: Props) {
  return (
    <div role="alert" className={`${errorBoxClass} flex flex-wrap items-center justify-between gap-3`} data-testid={testId}>
      <span>{!id ? t('dashboard.common.missingId') : t.error(failure!)}</span>
      {id && !failure!.endsWith('NOT_FOUND') && (
        <button type="button" className={secondaryButtonClass} onClick={onRetry}>
          {t('dashboard.common.retry')}
        </button>
      )}
    </div>
  );
}
