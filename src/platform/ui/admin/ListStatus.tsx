import type { ReactNode } from 'react';
import { PAGE_SIZE, pageCount, pageOffset } from './admin-lists.ts';
import Pagination from '../Pagination.tsx';
import Spinner from '../Spinner.tsx';
import type { Translator } from '../use-t.ts';
import RetryAlert from './RetryAlert.tsx';

interface ListStatusProps {
  /** the prefix of the test ids: `<id>-error`, `<id>-loading`, `<id>-empty` */
  testId: string;
  /** the last load failed and nothing is shown yet: the error box with a retry button */
  failed: boolean;
  /** rows are there to show (otherwise the spinner) */
  ready: boolean;
  /** the loaded page holds no row */
  empty: boolean;
  /** a search or filter is active: the empty text is the "no match" variant */
  filtered: boolean;
  texts: { error: string; retry: string; loading: string; empty: string; noMatch: string };
  onRetry: () => void;
  /** the table, shown only when there are rows */
  children: ReactNode;
}

/** The status block of a dashboard list: error with retry, spinner, empty text, or the table. */
export function ListStatus({ testId, failed, ready, empty, filtered, texts, onRetry, children }: ListStatusProps) {
  if (failed) {
    return <RetryAlert message={texts.error} retry={{ label: texts.retry, run: onRetry }} testId={`${testId}-error`} />;
  }
  if (!ready) return <Spinner label={texts.loading} testId={`${testId}-loading`} />;
  if (empty) {
    return (
      <p
        className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-slate-400"
        data-testid={`${testId}-empty`}
      >
        {filtered ? texts.noMatch : texts.empty}
      </p>
    );
  }
  return <>{children}</>;
}

interface ListFooterProps {
  /** 1-based */
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** the test id of the pagination */
  testId: string;
  /** the test id of the summary, if any */
  summaryTestId?: string;
  /** the pagination landmark's name */
  navLabel: string;
  t: Translator;
}

/** The footer of a dashboard list: the "from–to of total" summary and the pagination. Hidden with no rows. */
export function ListFooter({ page, total, onPageChange, testId, summaryTestId, navLabel, t }: ListFooterProps) {
  if (total <= 0) return null;
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-400" data-testid={summaryTestId} aria-live="polite">
        {t('dashboard.pagination.summary', {
          from: pageOffset(page) + 1,
          to: Math.min(pageOffset(page) + PAGE_SIZE, total),
          total,
        })}
      </p>
      <Pagination
        page={page}
        pageCount={pageCount(total)}
        onPageChange={onPageChange}
        testId={testId}
        labels={{
          nav: navLabel,
          previous: t('dashboard.pagination.previous'),
          next: t('dashboard.pagination.next'),
          page: (n) => t('dashboard.pagination.page', { n }),
        }}
      />
    </div>
  );
}
