import type { Registration } from '../use-form.ts';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import FormField, { controlProps } from '../FormField.tsx';
import { inputClass } from '../ui.ts';
import type { Translator } from '../use-t.ts';
import { richTextClass } from '../rich-text-class.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  error?: string;
  registration: Registration;
  t: Translator;
  /** the texts around the field (the tournament form's by default) */
  texts?: { hint: string; preview: string; previewEmpty: string };
  rows?: number;
}

type Sanitize = (html: string) => string;
// sanitize-html and its parser are most of this page's JavaScript: fetched once, after the form shows
let sanitizer: Promise<Sanitize> | null = null;
const loadSanitizer = () => (sanitizer ??= import('../../rich-text.ts').then((m) => m.sanitizeRichText));

/**
 * An HTML textarea (a tournament's description and rules, a news article's body) with a live
 * preview of what visitors will see: the same sanitiser the server applies on save and on render,
 * so a stripped tag or attribute disappears here too.
 */
export default function RichTextField({ id, label, value, error, registration, t, texts, rows = 12 }: Props) {
  const words = texts ?? {
    hint: t('dashboard.tournaments.form.htmlHint'),
    preview: t('dashboard.tournaments.form.preview', { field: label }),
    previewEmpty: t('dashboard.tournaments.form.previewEmpty'),
  };
  // typing stays responsive on long rules: the preview follows at lower priority
  const deferred = useDeferredValue(value);
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    let live = true;
    loadSanitizer().then(
      (fn) => live && setSanitize(() => fn),
      (error) => console.error('rich-text preview unavailable', error),
    );
    return () => {
      live = false;
    };
  }, []);
  const html = useMemo(() => (sanitize && deferred.trim() ? sanitize(deferred) : ''), [sanitize, deferred]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormField id={id} label={label} error={error} hint={words.hint}>
        <textarea
          {...registration}
          {...controlProps(id, error, true)}
          rows={rows}
          spellCheck
          className={`${inputClass} font-mono text-sm`}
        />
      </FormField>
      <section aria-labelledby={`${id}-preview-title`} className="flex min-w-0 flex-col gap-1.5">
        <h3 id={`${id}-preview-title`} className="text-sm font-medium text-slate-300">
          {words.preview}
        </h3>
        <div
          data-testid={`${id}-preview`}
          aria-live="off"
          className={
            'max-h-80 min-h-40 flex-1 overflow-auto rounded-lg ' +
            'border border-dashed border-line bg-ink/40 px-4 py-3'
          }
        >
          {html ? (
            <div className={`text-sm ${richTextClass}`} dangerouslySetInnerHTML={{ __html: html }} />
          ) : !sanitize && deferred.trim() ? (
            <p className="text-sm text-slate-500">{t('dashboard.common.loading')}</p>
          ) : (
            <p className="text-sm text-slate-500">{words.previewEmpty}</p>
          )}
        </div>
      </section>
    </div>
  );
}
