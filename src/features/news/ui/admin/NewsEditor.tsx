import { useState } from 'react';
import { schemaValidator, useForm, type FieldErrors, type Path } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import { NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, newsInputSchema } from '../../contract.ts';
import { agencyName as defaultAgency } from '../../../../platform/brand.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { NewsApi } from '../../endpoints.ts';
import { fieldText, type ServerField } from '../../../../platform/browser/form-errors.ts';
import { locales, type Locale } from '../../../../platform/i18n/i18n.ts';
import { primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { TextAreaField, TextField } from '../../../../platform/ui/admin/fields.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { checkboxClass, panelClass } from '../../../../platform/ui/admin/ui.ts';
import RichTextField from '../../../../platform/ui/admin/RichTextField.tsx';
import ImageField from '../../../../platform/ui/admin/ImageField.tsx';
import PublicPageLink from '../../../../platform/ui/admin/PublicPageLink.tsx';
import { titleIn, toNewsInput, type NewsArticle, type NewsInput } from './news-types.ts';
import { EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { editorPage } from '../../../../platform/ui/admin/editor-page.ts';
import LanguageTabs, { LanguagePanel } from '../../../../platform/ui/admin/LanguageTabs.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';

const call: TypedCall<NewsApi> = api;

const TITLE_MAX = NEWS_TITLE_MAX;
const SUMMARY_MAX = NEWS_SUMMARY_MAX;

// the API's own schema: both titles required, the lengths, the image address
const validate = schemaValidator<NewsInput>(newsInputSchema);

const emptyValues: NewsInput = {
  title: { it: '', en: '' },
  summary: { it: '', en: '' },
  body: { it: '', en: '' },
  image: '',
  published: false,
};

/** /dashboard/news/new and /dashboard/news/edit?id=…: one form for both languages. */
export default function NewsEditor({ t, locale, section, agencyName }: SectionProps) {
  const editor = useEditorRecord(section === 'newsEdit', (id) =>
    call<'GET /news/:id'>(`/news/${encodeURIComponent(id)}`),
  );
  const page = editorPage(t, locale, { list: 'news', name: 'news', ns: 'news.admin.form' });
  return (
    <EditorFrame {...page} editor={editor} loading={t('news.admin.form.loading')} recordId={(a) => a.id}>
      {(article) => (
        <NewsForm
          t={t}
          locale={locale}
          listHref={page.listHref}
          article={article}
          agencyName={agencyName || defaultAgency}
          onSaved={editor.setRecord}
        />
      )}
    </EditorFrame>
  );
}

function NewsForm({
  t,
  locale,
  listHref,
  article,
  agencyName,
  onSaved,
}: {
  t: Translator;
  locale: Locale;
  /** the news list, where a new article goes once saved */
  listHref: string;
  article: NewsArticle | null;
  agencyName: string;
  onSaved: (a: NewsArticle) => void;
}) {
  const editing = article !== null;
  const [tab, setTab] = useState<Locale>(locale);
  const { register, handleSubmit, reset, watch, setValue, setError, getValues, errors, isDirty, isSubmitting } =
    useForm<NewsInput>({ validate, defaultValues: article ? toNewsInput(article) : emptyValues });
  useUnsavedGuard(isDirty);

  const image = watch('image');
  const [uploading, setUploading] = useState(false);
  const bodies = watch<NewsInput['body']>('body');

  const errorText = (path: Path<NewsInput>) => fieldText(t, path, errors[path], getValues(path));
  const inLanguage = (errs: FieldErrors, l: Locale) =>
    ['title', 'summary', 'body'].some((field) => errs[`${field}.${l}`]);
  const langsWithErrors = locales.filter((l) => inLanguage(errors, l));

  const onSubmit = async (values: NewsInput) => {
    const body: NewsInput = {
      title: { it: values.title.it.trim(), en: values.title.en.trim() },
      summary: { it: values.summary.it.trim(), en: values.summary.en.trim() },
      body: { it: values.body.it, en: values.body.en },
      image: values.image,
      published: values.published,
    };
    const res = editing
      ? await call<'PUT /news/:id'>(`/news/${encodeURIComponent(article.id)}`, { method: 'PUT', body })
      : await call<'POST /news'>('/news', { body });
    if (!res.ok) {
      for (const issue of res.issues ?? []) {
        const path = issue.path.replace(/^body\.?/, '');
        if (/^(title|summary|body)\.(it|en)$/.test(path) || path === 'image')
          setError(path as ServerField, { type: 'server', message: issue.message });
      }
      toast.error(t.error(res.code));
      return;
    }
    if (!editing)
      return leaveWithToast(listHref, {
        key: 'news.admin.form.created',
        vars: { title: titleIn(res.data, locale, '') },
      });
    reset(toNewsInput(res.data));
    onSaved(res.data);
    toast.success(t('news.admin.form.saved'));
  };

  const onInvalid = (errs: FieldErrors) => {
    const first = locales.find((l) => inLanguage(errs, l));
    if (first && first !== tab) setTab(first);
    toast.error(t.error('VALIDATION_ERROR'));
  };

  const f = (name: string, l: Locale) => `news-${name}-${l}`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, onInvalid)}
      className="space-y-6"
      data-testid="news-form"
      aria-busy={isSubmitting || undefined}
    >
      <section className={`${panelClass} space-y-5`}>
        <LanguageTabs idPrefix="news" tab={tab} onChange={setTab} t={t} invalid={langsWithErrors} />
        {langsWithErrors.length > 0 && (
          <p role="alert" className="text-sm text-rose-400" data-testid="news-missing-langs">
            {t('news.admin.form.missingIn', {
              langs: langsWithErrors.map((l) => t(`news.admin.form.${l}`)).join(', '),
            })}
          </p>
        )}
        {/* both panels stay mounted, so switching language never loses what was typed */}
        {locales.map((l) => {
          const lang = t(`news.admin.form.${l}`);
          return (
            <LanguagePanel key={l} idPrefix="news" lang={l} tab={tab}>
              <TextField
                id={f('title', l)}
                label={t('news.admin.form.title', { lang })}
                error={errorText(`title.${l}`)}
                registration={register(`title.${l}`)}
                maxLength={TITLE_MAX}
              />
              <TextAreaField
                id={f('summary', l)}
                label={t('news.admin.form.summary', { lang })}
                error={errorText(`summary.${l}`)}
                hint={t('news.admin.form.summaryHint')}
                registration={register(`summary.${l}`)}
                rows={3}
                maxLength={SUMMARY_MAX}
              />
              <RichTextField
                id={f('body', l)}
                label={t('news.admin.form.body', { lang })}
                value={bodies?.[l] ?? ''}
                error={errorText(`body.${l}`)}
                registration={register(`body.${l}`)}
                t={t}
                rows={14}
                texts={{
                  hint: t('news.admin.form.htmlHint'),
                  preview: t('news.admin.form.preview', { field: t('news.admin.form.body', { lang }) }),
                  previewEmpty: t('news.admin.form.previewEmpty'),
                }}
              />
            </LanguagePanel>
          );
        })}
      </section>

      <section className={`${panelClass} grid gap-6 md:grid-cols-[1fr_auto] md:items-start`}>
        <ImageField
          id="news-image"
          label={t('news.admin.form.image')}
          t={t}
          agencyName={agencyName}
          value={image}
          error={errorText('image')}
          shape="wide"
          onBusy={setUploading}
          onChange={(url) => setValue('image', url)}
        />
        <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-200">
          <input
            {...register('published')}
            type="checkbox"
            className={`${checkboxClass} mt-0.5`}
            data-testid="news-published"
            aria-describedby="news-published-hint"
          />
          <span>
            <span className="font-semibold">{t('news.admin.form.published')}</span>
            <span id="news-published-hint" className="block text-xs text-slate-400">
              {t('news.admin.form.publishedHint')}
            </span>
          </span>
        </label>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={isSubmitting || uploading || (editing && !isDirty)}
          data-testid="news-submit"
        >
          {isSubmitting
            ? t('news.admin.form.saving')
            : editing
              ? t('news.admin.form.submitSave')
              : t('news.admin.form.submitCreate')}
        </button>
        {editing && article.published && (
          <PublicPageLink path={`/news/${encodeURIComponent(article.id)}`} locale={locale} testId="news-public-link">
            {t('news.admin.form.publicPage')}
          </PublicPageLink>
        )}
      </div>
    </form>
  );
}
