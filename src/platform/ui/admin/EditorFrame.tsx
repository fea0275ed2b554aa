import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiResult } from '../../browser/api-client.ts';
import Spinner from '../Spinner.tsx';
import BusyButton from '../BusyButton.tsx';
import { linkClass, secondaryButtonClass } from '../ui.ts';
import type { Translator } from '../use-t.ts';
import EditorLoadError from './EditorLoadError.tsx';
import type { EditorPage } from './editor-page.ts';
import { whenLive } from './when-live.ts';
import { idFromLocation } from './section-props.ts';
import { panelClass } from './ui.ts';

/**
 * The record of an editor page: none on a "new" page; on an edit page the one named by `?id=`,
 * read with `load(id)` (so a reload works), with the failure code and a retry. `load` is the
 * feature's own typed call of its record's route, which gives the record its type.
 */
export function useEditorRecord<T>(editing: boolean, load: (id: string) => Promise<ApiResult<T>>) {
  const [id] = useState(() => (editing ? idFromLocation() : null));
  const [record, setRecord] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!editing || !id) return;
    setFailure(null);
    return whenLive(load(id), (res) => {
      if (res.ok) setRecord(res.data);
      // an id the API refuses outright (400) names no record either: the page says "not found"
      else setFailure(res.status === 400 ? 'NOT_FOUND' : res.code);
    });
    // the loader of a page never changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, id, attempt]);
  return { editing, id, record, setRecord, failure, retry: () => setAttempt((n) => n + 1) };
}
export type EditorRecord<T> = ReturnType<typeof useEditorRecord<T>>;

/**
 * The frame of every dashboard editor: the link back to the list, then the form; on an edit page
 * the spinner while the record loads, or the load error with a retry. Test ids: `<name>-back`,
 * `<name>-loading`, `<name>-load-error`, `<name>-editor` (with `data-<name>-id`).
 */
export function EditorFrame<T extends object>({
  t,
  editor,
  name,
  back,
  loading,
  recordId,
  children,
}: {
  t: Translator;
  editor: EditorRecord<T>;
  name: string;
  back: { href: string; label: string };
  loading: string;
  recordId: (record: T) => string;
  children: (record: T | null) => ReactNode;
}) {
  const backLink = (
    <a href={back.href} className={`${linkClass} text-sm`} data-testid={`${name}-back`}>
      ← {back.label}
    </a>
  );
  if (!editor.editing)
    return (
      <div className="mt-4 space-y-6">
        {backLink}
        {children(null)}
      </div>
    );
  if (!editor.id || editor.failure)
    return (
      <div className="mt-4 space-y-6">
        {backLink}
        <EditorLoadError
          t={t}
          id={editor.id}
          failure={editor.failure}
          testId={`${name}-load-error`}
          onRetry={editor.retry}
        />
      </div>
    );
  if (!editor.record) return <Spinner label={loading} testId={`${name}-loading`} />;
  return (
    <div
      className="mt-4 space-y-6"
      data-testid={`${name}-editor`}
      {...{ [`data-${name}-id`]: recordId(editor.record) }}
    >
      {backLink}
      {children(editor.record)}
    </div>
  );
}

/**
 * The form of a one-panel editor (product, giveaway, badge, competition): its fields in two
 * columns, then EditorActions. Test id `<name>-form`; the fields validate themselves (noValidate).
 */
export function EditorForm({
  page: { t, name, ns, listHref },
  onSubmit,
  children,
  ...state
}: {
  page: EditorPage;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
} & Pick<Parameters<typeof EditorActions>[0], 'editing' | 'submitting' | 'disabled'>) {
  return (
    <form noValidate onSubmit={onSubmit} className={`${panelClass} space-y-5`} data-testid={`${name}-form`}>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
      <EditorActions t={t} name={name} ns={ns} cancelHref={listHref} {...state} />
    </form>
  );
}

/**
 * The footer of every dashboard editor form: Cancel (back to the list) and the submit button, which
 * reads "Saving…" while the form is sent and otherwise `<ns>.submitCreate` or `<ns>.submitSave`.
 * Test ids: `<name>-cancel`, `<name>-submit`. A long form's bar sticks to the bottom of the page.
 */
export function EditorActions({
  t,
  name,
  ns,
  cancelHref,
  editing,
  submitting,
  disabled = false,
  sticky = false,
}: {
  t: Translator;
  name: string;
  /** where the submit texts live */
  ns: string;
  cancelHref: string;
  editing: boolean;
  submitting: boolean;
  /** besides while submitting: an upload still running, an edit with nothing changed */
  disabled?: boolean;
  sticky?: boolean;
}) {
  const bar = sticky
    ? 'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 ' +
      'border-t border-line bg-ink/90 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8'
    : 'flex flex-wrap justify-end gap-3';
  return (
    <div className={bar}>
      <a href={cancelHref} className={secondaryButtonClass} data-testid={`${name}-cancel`}>
        {t('dashboard.common.cancel')}
      </a>
      <BusyButton
        type="submit"
        busy={submitting}
        busyLabel={t('dashboard.common.saving')}
        disabled={disabled}
        testId={`${name}-submit`}
      >
        {t(editing ? `${ns}.submitSave` : `${ns}.submitCreate`)}
      </BusyButton>
    </div>
  );
}
