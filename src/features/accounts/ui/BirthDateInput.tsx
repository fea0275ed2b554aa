import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { DATE_FORMAT } from '../../../platform/ui/date-format.ts';
import { controlProps } from '../../../platform/ui/FormField.tsx';
import { inputClass } from '../../../platform/ui/ui.ts';
import LineIcon from '../../../platform/ui/LineIcon.tsx';

// The calendar (react-day-picker and its locales, about 25 KB gzip) loads only when first opened
// or hovered, so the signup page stays inside its JavaScript budget.
const loadCalendar = () => import('./BirthDateCalendar.tsx');
const BirthDateCalendar = lazy(loadCalendar);

export { DATE_FORMAT };

interface Props {
  id: string;
  locale: Locale;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  labels: { placeholder: string; open: string; calendar: string };
  /** the error of the FormField around it, which the input names as its description */
  error?: string;
}

/**
 * A birth-date text field (dd/mm/yyyy, or yyyy-mm-dd; birth-date-text.ts) with a calendar popover (month
 * and year dropdowns): `value` is the text, a picked day is written dd/mm/yyyy by the calendar, which
 * alone reads the text (it loads on use). Italian weeks start on Monday, English on Sunday. Future days
 * cannot be picked.
 */
export default function BirthDateInput({ id, locale, value, onChange, onBlur, labels, error }: Props) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={wrapRef} className="relative">
      <div className="flex gap-2">
        <input
          {...controlProps(id, error)}
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={labels.placeholder}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
          onBlur={onBlur}
          className={inputClass}
        />
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
          aria-label={labels.open}
          aria-expanded={open}
          aria-controls={popoverId}
          aria-haspopup="dialog"
          data-testid={`${id}-toggle`}
          className={
            'flex w-12 shrink-0 items-center justify-center rounded-lg border ' +
            'border-line bg-ink/70 text-slate-300 outline-none transition ' +
            'hover:border-accent hover:text-white focus-visible:ring-2 focus-visible:ring-accent'
          }
        >
          <LineIcon strokeWidth={1.8}>
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </LineIcon>
        </button>
      </div>
      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-label={labels.calendar}
          data-testid={`${id}-calendar`}
          className={
            'absolute left-0 z-30 mt-2 rounded-xl border border-line ' +
            'bg-panel p-3 shadow-2xl shadow-black/60 [color-scheme:dark]'
          }
        >
          <Suspense fallback={<div className="h-72 w-72" aria-busy="true" />}>
            <BirthDateCalendar
              locale={locale}
              value={value}
              onSelect={(day) => {
                onChange(day);
                setOpen(false);
                toggleRef.current?.focus();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
