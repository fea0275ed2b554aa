import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../../../../platform/browser/api-client.ts';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';

/**
 * What a tab of the tournament editor reads when it opens, and again on `reload` (after a save):
 * the answer's data, or the code of the failed read. `read` must keep its identity between
 * renders (a useCallback on what it reads), or the tab would read without end.
 */
export function useTabData<T>(read: () => Promise<ApiResult<T>>) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = useCallback(async () => {
    const res = await read();
    if (!res.ok) return setFailure(res.code);
    setFailure(null);
    setData(res.data);
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, failure, reload };
}

/**
 * A tab before its data: the failed read with a retry, or the spinner. Texts `<ns>.loadError` and
 * `<ns>.loading`; test ids `<testId>-error` and `<testId>-loading`.
 */
export function TabLoading({
  t,
  ns,
  testId,
  failure,
  reload,
}: {
  t: Translator;
  ns: string;
  testId: string;
  failure: string | null;
  reload: () => Promise<void>;
}) {
  if (!failure) return <Spinner label={t(`${ns}.loading`)} testId={`${testId}-loading`} />;
  return (
    <RetryAlert
      message={`${t(`${ns}.loadError`)} ${t.error(failure)}`}
      retry={{ label: t('resultsAdmin.retry'), run: () => void reload() }}
      testId={`${testId}-error`}
    />
  );
}
