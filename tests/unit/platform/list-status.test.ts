import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../src/platform/ui/admin/admin-lists.ts';
import { ListFooter, ListStatus } from '../../../src/platform/ui/admin/ListStatus.tsx';
import type { Translator } from '../../../src/platform/ui/use-t.ts';
import { createT } from '../../../src/platform/i18n/i18n.ts';

const texts = {
  error: 'Could not load',
  retry: 'Retry',
  loading: 'Loading',
  empty: 'Nothing yet',
  noMatch: 'No match',
};
const status = (over: Partial<Parameters<typeof ListStatus>[0]>) =>
  renderToStaticMarkup(
    createElement(ListStatus, {
      testId: 'things',
      failed: false,
      ready: true,
      empty: false,
      filtered: false,
      texts,
      onRetry: () => {},
      children: createElement('table', { 'data-testid': 'things-table' }),
      ...over,
    }),
  );

describe('ListStatus', () => {
  it('shows the error box with a retry button', () => {
    const html = status({ failed: true, ready: false });
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-testid="things-error"');
    expect(html).toContain('<button type="button"');
    expect(html).toContain('Retry');
    expect(html).not.toContain('things-table');
  });
  it('shows the spinner until the data is there', () => {
    const html = status({ ready: false });
    expect(html).toContain('data-testid="things-loading"');
    expect(html).toContain('Loading');
  });
  it('shows the empty text, or its "no match" variant when filtered', () => {
    expect(status({ empty: true })).toContain('data-testid="things-empty">Nothing yet</p>');
    expect(status({ empty: true, filtered: true })).toContain('data-testid="things-empty">No match</p>');
  });
  it('shows the table when there are rows', () => {
    expect(status({})).toBe('<table data-testid="things-table"></table>');
  });
});

describe('ListFooter', () => {
  const messages = {
    dashboard: {
      pagination: { summary: '{from}–{to} of {total}', previous: 'Previous', next: 'Next', page: 'Page {n}' },
    },
  };
  const t = Object.assign(createT(messages), {
    error: (c: string) => c,
    field: () => undefined,
  }) as unknown as Translator;
  const footer = (over: Partial<Parameters<typeof ListFooter>[0]>) =>
    renderToStaticMarkup(
      createElement(ListFooter, {
        page: 1,
        total: 0,
        onPageChange: () => {},
        testId: 'things-pagination',
        navLabel: 'Pages of things',
        t,
        ...over,
      }),
    );

  it('is hidden without rows', () => {
    expect(footer({ total: 0 })).toBe('');
  });
  it('shows the summary and the pagination', () => {
    const html = footer({ page: 2, total: PAGE_SIZE * 2 + 1 });
    expect(html).toContain(`${PAGE_SIZE + 1}–${PAGE_SIZE * 2} of ${PAGE_SIZE * 2 + 1}`);
    expect(html).toContain('aria-label="Pages of things"');
    expect(html).toContain('data-testid="things-pagination"');
    expect(html).toContain('aria-live="polite"');
  });
  it('uses the summary test id when asked', () => {
    const html = footer({ total: 3, summaryTestId: 'things-summary' });
    expect(html).toContain('data-testid="things-summary"');
    expect(html).toContain('1–3 of 3');
    expect(html).not.toContain('things-pagination'); // a single page shows no pagination
  });
});
