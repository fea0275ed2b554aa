import type { CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { it as itDays } from 'react-day-picker/locale/it';
import { enUS as enDays } from 'react-day-picker/locale/en-US';
import 'react-day-picker/style.css';
import { format, subYears } from 'date-fns';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { DATE_FORMAT } from '../../../platform/ui/date-format.ts';
import { birthDateText, isoBirthDate } from './birth-date-text.ts';

interface Props {
  locale: Locale;
  /** the field's text: the day it names is selected */
  value: string | undefined;
  /** the picked day, as the field shows it (dd/mm/yyyy) */
  onSelect: (value: string) => void;
}

/**
 * The calendar day a yyyy-MM-dd names, or undefined. By hand rather than date-fns' parse: one format,
 * a few lines.
 */
export function parseDay(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(y, mo - 1, d);
  day.setFullYear(y); // years 0-99 would otherwise mean 1900-1999
  return day.getFullYear() === y && day.getMonth() === mo - 1 && day.getDate() === d ? day : undefined;
}

/** The calendar of BirthDateInput: month and year dropdowns; Italian weeks start on Monday. */
export default function BirthDateCalendar({ locale, value, onSelect }: Props) {
  const today = new Date();
  const selected = value ? parseDay(isoBirthDate(value)) : undefined;
  return (
    <DayPicker
      mode="single"
      required
      selected={selected}
      onSelect={(day) => onSelect(birthDateText(format(day, DATE_FORMAT)))}
      captionLayout="dropdown"
      navLayout="around"
      startMonth={new Date(today.getFullYear() - 100, 0)}
      endMonth={today}
      disabled={{ after: today }}
      defaultMonth={selected ?? subYears(today, 18)}
      locale={locale === 'it' ? itDays : enDays}
      weekStartsOn={locale === 'it' ? 1 : 0}
      /* eslint-disable-next-line jsx-a11y/no-autofocus --
         the calendar opens on the user's request: focus moves into it, as in a date-picker dialog */
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
  );
}
