import { PAGE_WINDOW, pageWindow } from './admin/admin-lists.ts';

export interface PaginationLabels {
  /** the navigation landmark's name, e.g. "Pages of the tournament list" */
  nav: string;
  previous: string;
  next: string;
  /** the accessible name of a numbered button, e.g. n => `Page ${n}` */
  page: (n: number) => string;
}

interface Props {
  /** 1-based */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  /** how many numbered buttons at once (admin lists show 5) */
  window?: number;
  /** prefix of the test ids: `<id>-prev`, `<id>-next`, `<id>-page-<n>` */
  testId?: string;
}

const buttonClass =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg ' +
  'border px-3 text-sm font-medium transition outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-accent disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, a window of numbered pages around the current one, next. Hidden for a single page. */
export default function Pagination({
  page,
  pageCount,
  onPageChange,
  labels,
  window = PAGE_WINDOW,
  testId = 'pagination',
}: Props) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount, window);
  const go = (n: number) => {
    if (n >= 1 && n <= pageCount && n !== page) onPageChange(n);
  };
  return (
    <nav aria-label={labels.nav} data-testid={testId} className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        data-testid={`${testId}-prev`}
        className={`${buttonClass} border-line bg-panel text-slate-300 hover:border-accent hover:text-white`}
      >
        <span aria-hidden="true">‹</span>
        <span className="ml-1 hidden sm:inline">{labels.previous}</span>
        <span className="sr-only sm:hidden">{labels.previous}</span>
      </button>
      <ul className="flex gap-1.5">
        {pages.map((n) => {
          const current = n === page;
          return (
            <li key={n}>
              <button
                type="button"
                onClick={() => go(n)}
                aria-label={labels.page(n)}
                aria-current={current ? 'page' : undefined}
                data-testid={`${testId}-page-${n}`}
                className={`${buttonClass} ${
                  current
                    ? 'border-brand bg-brand/30 text-white'
                    : 'border-line bg-panel text-slate-300 hover:border-accent hover:text-white'
                }`}
              >
                {n}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => go(page + 1)}
        disabled={page >= pageCount}
        data-testid={`${testId}-next`}
        className={`${buttonClass} border-line bg-panel text-slate-300 hover:border-accent hover:text-white`}
      >
        <span className="mr-1 hidden sm:inline">{labels.next}</span>
        <span className="sr-only sm:hidden">{labels.next}</span>
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
