import type { Registration } from '../../../../platform/ui/use-form.ts';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import { inputClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { richTextClass } from '../../../../platform/ui/admin/RichTextField.tsx';

type Sanitize = (html: string) => string;
// sanitize-html and its parser are most of the editor's JavaScript: fetched once, after the form shows
let sanitizer: Promise<Sanitize> | null = null;
const loadSanitizer = () => (sanitizer ??= import('../../../../platform/rich-text.ts').then((m) => m.sanitizeRichText));

interface Props {
  id: string;
  label: string;
  value: string;
  error?: string;
  registration: Registration;
  t: Translator;
}

/**
 * The article's HTML beside a live preview made by the sanitiser the server applies on save and
 * the public page applies again on render: what is stripped here is stripped for visitors.
 */
export default function NewsBodyField({ id, label, value, error, registration, t }: Props) {
  const deferred = useDeferredValue(value);
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    let live = true;
    loadSanitizer().then(
      (fn) => live && setSanitize(() => fn),
      (e) => console.error('news preview unavailable', e),
    );
    return () => {
      live = false;
    };
  }, []);
  const html = useMemo(() => (sanitize && deferred.trim() ? sanitize(deferred) : ''), [sanitize, deferred]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormField id={id} label={label} error={error} hint={t('news.admin.form.htmlHint')}>
        <textarea {...registration} {...controlProps(id, error, true)} rows={14} spellCheck className={`${inputClass} font-mono text-sm`} />
      </FormField>
      <section aria-labelledby={`${id}-preview-title`} className="flex min-w-0 flex-col gap-1.5">
        <h3 id={`${id}-preview-title`} className="text-sm font-medium text-slate-300">
          {t('news.admin.form.preview', { field: label })}
        </h3>
        <div data-testid={`${id}-preview`} aria-live="off" className="max-h-96 min-h-40 flex-1 overflow-auto rounded-lg border border-dashed border-line bg-ink/40 px-4 py-3">
          {html ? (
            <div className={richTextClass} dangerouslySetInnerHTML={{ __html: html }} />
          ) : !sanitize && deferred.trim() ? (
            <p className="text-sm text-slate-500">{t('news.admin.form.previewLoading')}</p>
          ) : (
            <p className="text-sm text-slate-500">{t('news.admin.form.previewEmpty')}</p>
          )}
        </div>
      </section>
    </div>
  );
}
