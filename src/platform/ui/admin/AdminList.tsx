import type { ReactNode } from 'react';
import { toast } from 'sonner';
import ConfirmDialog from '../ConfirmDialog.tsx';
import { SelectOptions } from '../FormField.tsx';
import { labelClass, primaryButtonClass, selectClass } from '../ui.ts';
import type { Translator } from '../use-t.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { DeleteIcon, EditIcon } from './icons.tsx';
import { ListFooter, ListStatus } from './ListStatus.tsx';
import SearchField from './SearchField.tsx';
import { dangerSmallButtonClass, smallButtonClass, tdClass } from './ui.ts';
import type { AdminListState } from './use-admin-list.ts';

/**
 * A column of a list: its text is `<ns>.columns.<key>`; `sort` names the `?sort=` value it orders by; `wide` ones
 * a phone leaves out (the list gives their cells `wideOnlyClass` too).
 */
export interface ListColumn {
  key: string;
  align?: 'right';
  sort?: string;
  wide?: boolean;
}

type Vars = Record<string, string | number>;

export interface AdminListProps<Row> {
  list: AdminListState<Row>;
  t: Translator;
  /**
   * Where the list's texts live: `<ns>.searchLabel`, `.searchPlaceholder`, `.new`, `.loadError`,
   * `.loading`, `.empty`, `.noMatch`, `.caption`, `.paginationLabel`, `.columns.<key>`, and for
   * delete `.deleteTitle`, `.deleteMessage`, `.deleted`.
   */
  ns: string;
  /** the test ids' prefix: `<id>-list`, `<id>-search`, `<id>-new`, `<id>-table`, `<id>-pagination`, `<id>-summary`… */
  id: string;
  /** the root's test id, when not `<id>-list` */
  rootTestId?: string;
  /** the address of "+ New", if the list has one */
  newHref?: string;
  /** without a search box (a short list shown whole) */
  searchable?: boolean;
  /** the empty text, when not `<ns>.empty` */
  empty?: string;
  /** controls beside the search: the filters */
  tools?: ReactNode;
  columns: ListColumn[];
  minWidthClass?: string;
  /** one `<tr>` per row */
  children: (row: Row) => ReactNode;
  /**
   * delete with confirm: the feature's typed DELETE of a row, and the texts' variables (`{name}`…);
   * `message` when the dialog's text depends on more than the variables (else `<ns>.deleteMessage`)
   */
  remove?: {
    call: (row: Row) => Promise<{ ok: true } | { ok: false; code: string }>;
    vars: (row: Row) => Vars;
    message?: (row: Row) => string;
    dialogTestId: string;
  };
  /** what follows the list: its dialogs */
  after?: ReactNode;
}

/**
 * The one dashboard list: search and filters, the status (error with retry, spinner, empty or no
 * match), the table with sortable headers, the footer with the pagination, and delete-with-confirm.
 * The state lives in `useAdminList`; a list says only its columns, its rows and where its texts are.
 */
export function AdminList<Row>({
  list,
  t,
  ns,
  id,
  rootTestId,
  newHref,
  searchable = true,
  empty,
  tools,
  columns,
  minWidthClass,
  children,
  remove,
  after,
}: AdminListProps<Row>) {
  const { data, loading, failure, pendingDelete } = list;
  const sort = list.values.sort;
  const headers: Column[] = columns.map((c) => ({
    label: t(`${ns}.columns.${c.key}`),
    align: c.align,
    wide: c.wide,
    sort:
      c.sort === undefined
        ? undefined
        : {
            direction: sort === c.sort ? 'ascending' : sort === `-${c.sort}` ? 'descending' : 'none',
            toggle: () => list.setValue('sort', sort === c.sort ? `-${c.sort}` : c.sort!),
          },
  }));
  const confirmDelete = () => {
    if (!remove || !pendingDelete) return;
    const vars = remove.vars(pendingDelete);
    return list.confirmDelete(
      () => remove.call(pendingDelete),
      (result) => {
        if (result.ok) toast.success(t(`${ns}.deleted`, vars));
        else toast.error(t.error(result.code));
      },
    );
  };

  return (
    <div
      className="mt-6 space-y-5"
      data-testid={rootTestId ?? `${id}-list`}
      data-loaded-query={data?.query ?? undefined}
      aria-busy={loading}
    >
      {(searchable || tools || newHref) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {searchable && (
            <SearchField
              id={`${id}-search`}
              label={t(`${ns}.searchLabel`)}
              placeholder={t(`${ns}.searchPlaceholder`)}
              value={list.search}
              onChange={list.setSearch}
            />
          )}
          {(tools || newHref) && (
            <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row sm:items-end">
              {tools}
              {newHref && (
                <a href={newHref} className={primaryButtonClass} data-testid={`${id}-new`}>
                  <span aria-hidden="true">+</span> {t(`${ns}.new`)}
                </a>
              )}
            </div>
          )}
        </div>
      )}

      <ListStatus
        testId={id}
        failed={!!failure && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={list.filtered}
        texts={{
          // the list's own words, then the reason the API gave (a network failure, a tournament of another format)
          error: failure ? `${t(`${ns}.loadError`)} ${t.error(failure)}` : t(`${ns}.loadError`),
          retry: t('dashboard.common.retry'),
          loading: t(`${ns}.loading`),
          empty: empty ?? t(`${ns}.empty`),
          noMatch: t(`${ns}.noMatch`),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t(`${ns}.caption`, { total: data.total })}
            testId={`${id}-table`}
            loading={loading}
            columns={headers}
            minWidthClass={minWidthClass}
          >
            {data.rows.map(children)}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter
        page={list.page}
        total={data?.total ?? 0}
        onPageChange={list.setPage}
        testId={`${id}-pagination`}
        summaryTestId={`${id}-summary`}
        navLabel={t(`${ns}.paginationLabel`)}
        t={t}
      />

      {remove && (
        <ConfirmDialog
          open={pendingDelete !== null}
          title={t(`${ns}.deleteTitle`)}
          message={
            pendingDelete
              ? (remove.message?.(pendingDelete) ?? t(`${ns}.deleteMessage`, remove.vars(pendingDelete)))
              : ''
          }
          confirmLabel={list.deleting ? t('dashboard.common.deleting') : t('dashboard.common.delete')}
          cancelLabel={t('dashboard.common.cancel')}
          onConfirm={confirmDelete}
          onCancel={() => list.setPendingDelete(null)}
          busy={list.deleting}
          danger
          testId={remove.dialogTestId}
        />
      )}
      {after}
    </div>
  );
}

/**
 * The actions cell of a row: its own buttons first (`children`), then edit and delete. On a phone, and always when
 * `compact` (tables with many columns), edit and delete show their icons alone (the name stays in aria-label and
 * title): the actions column is pinned over the cells that scroll beneath it, and with the words it covered a
 * row's name on a 390 px screen.
 */
export function RowActions({
  t,
  testId,
  edit,
  onDelete,
  compact = false,
  children,
}: {
  t: Translator;
  testId: string;
  edit?: { href: string; label: string };
  onDelete?: { run: () => void; label: string };
  compact?: boolean;
  children?: ReactNode;
}) {
  const pad = compact ? ' px-2' : ' max-sm:px-2';
  const word = (text: string) => !compact && <span className="max-sm:hidden">{text}</span>;
  return (
    <td className={`${tdClass} text-right`}>
      <div className="flex justify-end gap-2">
        {children}
        {edit && (
          <a
            href={edit.href}
            className={smallButtonClass + pad}
            aria-label={edit.label}
            title={t('dashboard.common.edit')}
            data-testid={`${testId}-row-edit`}
          >
            <EditIcon /> {word(t('dashboard.common.edit'))}
          </a>
        )}
        {onDelete && (
          <button
            type="button"
            className={dangerSmallButtonClass + pad}
            onClick={onDelete.run}
            aria-label={onDelete.label}
            title={t('dashboard.common.delete')}
            data-testid={`${testId}-row-delete`}
          >
            <DeleteIcon /> {word(t('dashboard.common.delete'))}
          </button>
        )}
      </div>
    </td>
  );
}

/** A labelled filter of a list, bound to one of its params; `options` are [value, text] pairs. */
export function ListFilter<Row>({
  list,
  name,
  id,
  label,
  options,
  className = 'sm:w-56',
}: {
  list: AdminListState<Row>;
  name: string;
  id: string;
  label: string;
  options: [string, string][];
  className?: string;
}) {
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        data-testid={id}
        value={list.values[name]}
        onChange={(e) => list.setValue(name, e.target.value)}
        className={selectClass}
      >
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/**
 * A list's filters side by side, each as wide as its texts: `filters` are [param, options] pairs, each
 * select's id `<id>-<param>` and its label `<ns>.<param>Label`.
 */
export function ListFilters<Row>({
  list,
  t,
  ns,
  id,
  filters,
}: {
  list: AdminListState<Row>;
  t: Translator;
  ns: string;
  id: string;
  filters: [string, [string, string][]][];
}) {
  return filters.map(([name, options]) => (
    <ListFilter
      key={name}
      list={list}
      name={name}
      id={`${id}-${name}`}
      label={t(`${ns}.${name}Label`)}
      className=""
      options={options}
    />
  ));
}
