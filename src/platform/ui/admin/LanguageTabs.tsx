import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { locales, type Locale } from '../../i18n/i18n.ts';
import type { Translator } from '../use-t.ts';

interface Props {
  /** prefix of the tab ids and test ids: `${idPrefix}-tab-it`, panels `${idPrefix}-panel-it` */
  idPrefix: string;
  tab: Locale;
  onChange: (tab: Locale) => void;
  t: Translator;
  /** languages with an invalid field, marked with a dot */
  invalid?: Locale[];
}

/**
 * The it/en switch of an admin form whose texts are stored per language (tournaments, products,
 * badges, competitions, news). Arrow keys, Home and End move between the tabs.
 */
export default function LanguageTabs({ idPrefix, tab, onChange, t, invalid = [] }: Props) {
  const refs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const next: Locale = e.key === 'Home' ? 'it' : e.key === 'End' ? 'en' : tab === 'it' ? 'en' : 'it';
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('dashboard.common.languages')} className="flex gap-1 border-b border-line">
      {locales.map((l) => (
        <button
          key={l}
          ref={(el) => {
            refs.current[l] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${l}`}
          data-testid={`${idPrefix}-tab-${l}`}
          aria-selected={tab === l}
          aria-controls={`${idPrefix}-panel-${l}`}
          tabIndex={tab === l ? 0 : -1}
          onClick={() => onChange(l)}
          onKeyDown={onKey}
          className={`-mb-px rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold outline-none transition focus-visible:ring-2 focus-visible:ring-accent ${
            tab === l ? 'border-accent text-white' : 'border-transparent text-slate-400 hover:text-white'
          }`}
        >
          {t(`dashboard.common.lang.${l}`)}
          {invalid.includes(l) && <span className="ml-2 inline-block h-2 w-2 rounded-full bg-rose-400" aria-label={t('dashboard.tournaments.form.invalid')} data-testid={`${idPrefix}-tab-${l}-error`} />}
        </button>
      ))}
    </div>
  );
}

/** One language's fields; both stay mounted, so switching language never loses what was typed. */
export function LanguagePanel({ idPrefix, lang, tab, children, className = 'space-y-5' }: { idPrefix: string; lang: Locale; tab: Locale; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${lang}`} aria-labelledby={`${idPrefix}-tab-${lang}`} hidden={tab !== lang} lang={lang} className={className}>
      {children}
    </div>
  );
}
