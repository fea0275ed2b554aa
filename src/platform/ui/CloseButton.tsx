import LineIcon from './LineIcon.tsx';

/**
 * The × in the corner of a dialog's sticky header: a button named for screen readers by `label`,
 * disabled while the dialog's work runs (the dialog may not close then).
 */
export default function CloseButton({
  onClose,
  busy,
  label,
  testId,
}: {
  onClose: () => void;
  busy: boolean;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClose}
      disabled={busy}
      className={
        '-mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg ' +
        'text-slate-300 hover:bg-white/5 hover:text-white disabled:opacity-50'
      }
      data-testid={testId}
    >
      <LineIcon>
        <path d="M6 6l12 12M18 6 6 18" />
      </LineIcon>
      <span className="sr-only">{label}</span>
    </button>
  );
}
