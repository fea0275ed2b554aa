import type { Translator } from '../use-t.ts';
import RetryAlert from './RetryAlert.tsx';

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
  const retry = id && !failure!.endsWith('NOT_FOUND') ? { label: t('dashboard.common.retry'), run: onRetry } : undefined;
  return <RetryAlert message={!id ? t('dashboard.common.missingId') : t.error(failure!)} retry={retry} testId={testId} />;
}
