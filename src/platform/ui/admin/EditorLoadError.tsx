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
 * A load failure that means "no such record" (PRODUCT_NOT_FOUND, NEWS_NOT_FOUND...): said inline, never as a network
 * error.
 */
export const isNotFound = (code: string) => code.endsWith('NOT_FOUND');

/**
 * What an edit page shows when its record could not be loaded: a missing id, or the translated
 * error, with a retry unless the record does not exist (retrying a *_NOT_FOUND cannot help).
 */
export default function EditorLoadError({ t, id, failure, testId, onRetry }: Props) {
  const retry = id && !isNotFound(failure!) ? { label: t('dashboard.common.retry'), run: onRetry } : undefined;
  return (
    <RetryAlert message={!id ? t('dashboard.common.missingId') : t.error(failure!)} retry={retry} testId={testId} />
  );
}
