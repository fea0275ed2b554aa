import { useState, type FormEventHandler, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ApiResult } from '../../browser/api-client.ts';
import type { Locale } from '../../i18n/i18n.ts';
import { errorBoxClass, primaryButtonClass } from '../ui.ts';
import BusyButton from '../BusyButton.tsx';
import type { Registration } from '../use-form.ts';
import type { Translator } from '../use-t.ts';
import { AdminList, ListFilters, type AdminListProps } from './AdminList.tsx';
import ThumbnailImage from '../ThumbnailImage.tsx';
import Modal from './Modal.tsx';
import { TextAreaField } from './fields.tsx';
import { tdClass } from './ui.ts';

/*
 * The pieces the dashboard's moderation queues share (the campaign's screenshots, a tournament's
 * match reports): a player sent a picture, an admin looks at it whole and approves or rejects it.
 * Each queue keeps its own rules, texts and test ids; these keep the look and the behaviour alike.
 */

const rejectButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 ' +
  'px-5 py-2.5 font-semibold text-white transition hover:bg-rose-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

/** The picture small: in a queue's row (read lazily, as rows below the fold may never show) or a review's head. */
const thumbnails = {
  row: { size: 64, loading: 'lazy', className: 'h-16 w-16 rounded-lg' },
  summary: { size: 112, loading: undefined, className: 'h-28 w-28 rounded-xl' },
} as const;

function Thumbnail({ src, place }: { src: string; place: keyof typeof thumbnails }) {
  const { size, loading, className } = thumbnails[place];
  return <ThumbnailImage src={src} size={size} loading={loading} className={`${className} ring-1 ring-line`} />;
}

/** A queue row's cell with the picture's thumbnail: a button that opens it whole (`label` names whose it is). */
export function ScreenshotCell({
  src,
  label,
  onOpen,
  testId,
}: {
  src: string;
  label: string;
  onOpen: () => void;
  testId?: string;
}) {
  return (
    <td className={tdClass}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={label}
        className="block rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-accent"
        data-testid={testId}
      >
        <Thumbnail src={src} place="row" />
      </button>
    </td>
  );
}

/** The picture whole, with a link that opens it in a new tab; `image` null closes the dialog. */
export function ScreenshotDialog({
  image,
  title,
  texts,
  onClose,
  testId,
}: {
  image: { src: string; alt?: string; testId?: string } | null;
  title: string;
  texts: { close: string; newTab: string };
  onClose: () => void;
  testId: string;
}) {
  return (
    <Modal open={image !== null} title={title} closeLabel={texts.close} onClose={onClose} testId={testId}>
      {image && (
        <>
          <img
            src={image.src}
            alt={image.alt ?? ''}
            className="max-h-[70dvh] w-full rounded-xl bg-ink object-contain"
            data-testid={image.testId}
          />
          <a
            href={image.src}
            target="_blank"
            rel="noopener"
            className="text-sm text-accent underline-offset-4 hover:underline"
          >
            {texts.newTab}
          </a>
        </>
      )}
    </Modal>
  );
}

/**
 * A queue's list (AdminList): its filters (`[param, options]` pairs: ids `<id>-filter-<param>`, labels
 * `<ns>.<param>Label`) before its other tools, and the dialog with one row's picture whole, which a
 * row opens with `view` (its thumbnail's ScreenshotCell); `after` holds the queue's review dialog.
 */
export function PictureQueue<Row>({
  filters,
  picture,
  tools,
  after,
  children,
  ...props
}: Omit<AdminListProps<Row>, 'children'> & {
  filters: [string, [string, string][]][];
  picture: {
    image: (row: Row) => { src: string; alt?: string; testId?: string };
    title: (row: Row) => string;
    texts: { close: string; newTab: string };
    testId: string;
  };
  children: (row: Row, view: (row: Row) => void) => ReactNode;
}) {
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <AdminList
      {...props}
      tools={
        <>
          <ListFilters list={props.list} t={props.t} ns={props.ns} id={`${props.id}-filter`} filters={filters} />
          {tools}
        </>
      }
      after={
        <>
          <ScreenshotDialog
            image={viewing && picture.image(viewing)}
            title={viewing ? picture.title(viewing) : ''}
            texts={picture.texts}
            onClose={() => setViewing(null)}
            testId={picture.testId}
          />
          {after}
        </>
      }
    >
      {(row) => children(row, setViewing)}
    </AdminList>
  );
}

/** The head of a review: the picture (a link to it whole, named by `linkLabel`) beside the facts about it. */
export function ReviewSummary({ src, linkLabel, children }: { src: string; linkLabel: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <a
        href={src}
        target="_blank"
        rel="noopener"
        className="shrink-0 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
        aria-label={linkLabel}
      >
        <Thumbnail src={src} place="summary" />
      </a>
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>
    </div>
  );
}

export type Decision = 'approve' | 'reject';

/**
 * What a queue gives its review dialog: the item under review (null: closed), its close, and `done`
 * once a decision was saved, which closes it and reloads the queue (useRowDialog's state).
 */
export interface ReviewDialogProps<Item> {
  t: Translator;
  locale: Locale;
  review: { row: Item | null; close: () => void; done: () => void };
}

/**
 * Sending a decision: which one is under way (both buttons wait meanwhile) and the code of the last
 * refusal, which is toasted and stays in the dialog (DecisionForms) until the next try.
 */
export function useDecision(t: Translator) {
  const [busy, setBusy] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async <Saved,>(decision: Decision, request: () => Promise<ApiResult<Saved>>) => {
    setFailure(null);
    setBusy(decision);
    const res = await request();
    setBusy(null);
    if (!res.ok) {
      setFailure(res.code);
      toast.error(t.error(res.code));
    }
    return res;
  };
  return { busy, failure, setFailure, send };
}

interface DecisionProps {
  /** the form's name */
  title: string;
  /** the submit button's text (the `saving` text while it is sent) */
  button: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the approve form's own fields; the reject form holds the reason */
  children?: ReactNode;
  /** kept off, besides while a decision is sent */
  disabled?: boolean;
}

/**
 * The last refusal, then the two decisions side by side, each its own form: approve (green, with the
 * queue's own fields) and reject (red, with the reason the player reads). `sending` is useDecision's
 * state. `id` prefixes the test ids: `<id>-error`, `<id>-approve`, `<id>-reject`, the reason `<id>-reason`.
 */
export function DecisionForms({
  t,
  id,
  sending: { busy, failure },
  saving,
  approve,
  reject,
}: {
  t: Translator;
  id: string;
  sending: { busy: Decision | null; failure: string | null };
  saving: string;
  approve: DecisionProps;
  reject: DecisionProps & { reason: ReasonProps };
}) {
  const { field: reasonField, ...reason } = reject.reason;
  const form = (decision: Decision, { title, button, onSubmit, children, disabled = false }: DecisionProps) => (
    <form
      noValidate
      onSubmit={onSubmit}
      className={`space-y-3 rounded-xl border ${
        decision === 'approve' ? 'border-emerald-500/30' : 'border-rose-500/30'
      } p-4`}
      aria-label={title}
    >
      {children}
      <BusyButton
        type="submit"
        className={`${decision === 'approve' ? primaryButtonClass : rejectButtonClass} w-full`}
        busy={busy !== null}
        busyLabel={busy === decision ? saving : undefined}
        disabled={disabled}
        testId={`${id}-${decision}`}
      >
        {button}
      </BusyButton>
    </form>
  );
  return (
    <>
      {failure && (
        <p role="alert" className={errorBoxClass} data-testid={`${id}-error`}>
          {t.error(failure)}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {form('approve', approve)}
        {form('reject', {
          ...reject,
          children: <TextAreaField id={`${id}-reason`} {...reason} registration={reasonField} rows={2} required />,
        })}
      </div>
    </>
  );
}

interface ReasonProps {
  label: string;
  hint: string;
  /** the problem's text, if any */
  error?: string;
  maxLength: number;
  field: Registration;
}
