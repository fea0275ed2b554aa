import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { it as itDays } from 'react-day-picker/locale/it';
import { enUS as enDays } from 'react-day-picker/locale/en-US';
import 'react-day-picker/style.css';
import { format, isValid, parse, subYears } from 'date-fns';
import type { Locale } from '../../lib/i18n.ts';
import { inputClass } from './ui.ts';

export const DATE_FORMAT = 'yyyy-MM-dd';

interface Props {
  id: string;
  locale: Locale;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  labels: { placeholder: string; open: string; calendar: string };
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A yyyy-MM-dd text field with a calendar popover (month and year dropdowns). Italian weeks start
 * on Monday, English on Sunday (SPEC section 9). Future days cannot be picked.
 */
export default function BirthDateInput({ id, locale, value, onChange, onBlur, labels, invalid, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const parsed = value ? parse(value, DATE_FORMAT, new Date()) : undefined;
  const selected = parsed && isValid(parsed) ? parsed : undefined;

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

  const today = new Date();
  return (
    <div ref={wrapRef} className="relative">
      <div className="flex gap-2">
        <input
          id={id}
          data-testid={id}
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={labels.placeholder}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
          onBlur={onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-label={labels.open}
          aria-expanded={open}
          aria-controls={popoverId}
          aria-haspopup="dialog"
          data-testid={`${id}-toggle`}
          className="flex w-12 shrink-0 items-center justify-center rounded-lg border border-line bg-ink/70 text-slate-300 outline-none transition hover:border-accent hover:text-white focus-visible:ring-2 focus-visible:ring-accent"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </button>
      </div>
      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-label={labels.calendar}
          data-testid={`${id}-calendar`}
          className="absolute left-0 z-30 mt-2 rounded-xl border border-line bg-panel p-3 shadow-2xl shadow-black/60 [color-scheme:dark]"
        >
          <DayPicker
            mode="single"
            required
            selected={selected}
            onSelect={(day) => {
              onChange(format(day, DATE_FORMAT));
              setOpen(false);
              toggleRef.current?.focus();
            }}
            captionLayout="dropdown"
            navLayout="around"
            startMonth={new Date(today.getFullYear() - 100, 0)}
            endMonth={today}
            disabled={{ after: today }}
            defaultMonth={selected ?? subYears(today, 18)}
            locale={locale === 'it' ? itDays : enDays}
            weekStartsOn={locale === 'it' ? 1 : 0}
            autoFocus
            style={
              {
                '--rdp-accent-color': 'var(--color-accent)',
                '--rdp-accent-background-color': 'color-mix(in srgb, var(--color-brand) 30%, transparent)',
                '--rdp-day-height': '38px',
                '--rdp-day-width': '38px',
                '--rdp-day_button-height': '36px',
                '--rdp-day_button-width': '36px',
              } as CSSProperties
            }
          />
        </div>
      )}
    </div>
  );
}
