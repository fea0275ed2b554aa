import type { ReactNode } from 'react';
import { locales, type Locale } from '../../i18n/i18n.ts';
import { fieldsOf, TextAreaField, TextField } from './fields.tsx';
import type { Registration } from '../use-form.ts';
import type { Translator } from '../use-t.ts';
import { TabList, TabPanel } from './TabList.tsx';

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
 * badges, competitions, news).
 */
export default function LanguageTabs({ idPrefix, tab, onChange, t, invalid = [] }: Props) {
  return (
    <TabList tabs={locales} tab={tab} onChange={onChange} idPrefix={idPrefix} label={t('dashboard.common.languages')}>
      {(l) => (
        <>
          {t(`dashboard.common.lang.${l}`)}
          {invalid.includes(l) && (
            <span
              className="ml-2 inline-block h-2 w-2 rounded-full bg-rose-400"
              aria-label={t.error('VALIDATION_ERROR')}
              data-testid={`${idPrefix}-tab-${l}-error`}
            />
          )}
        </>
      )}
    </TabList>
  );
}

/** One language's fields; both stay mounted, so switching language never loses what was typed. */
export function LanguagePanel({
  idPrefix,
  lang,
  tab,
  children,
  className = 'space-y-5',
}: {
  idPrefix: string;
  lang: Locale;
  tab: Locale;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TabPanel idPrefix={idPrefix} name={lang} tab={tab} lang={lang} className={className}>
      {children}
    </TabPanel>
  );
}

/**
 * The name and description of a badge or product in both languages: the Italian ones are required,
 * the English ones may stay empty (the Italian is shown then), with the Italian name as placeholder.
 * Ids `<name>-name`, `<name>-description`, `<name>-en-name`, `<name>-en-description`, tabs
 * `<name>-lang-*`; labels `<ns>.name` and `<ns>.description`.
 */
/** The fields this block edits: a form passing its `register` must have them. */
type NamePath = 'name' | 'description' | 'en.name' | 'en.description';

export function NameAndDescription({
  t,
  name,
  ns,
  tabs,
  form: { register, watch, fieldError },
  max,
  rows,
}: {
  t: Translator;
  name: string;
  ns: string;
  /** the tabs' state, useLanguageTab's `tabs` */
  tabs: Pick<Props, 'tab' | 'onChange' | 'invalid'>;
  form: {
    register: (path: NamePath) => Registration;
    watch: (path: NamePath) => string;
    fieldError: (path: NamePath) => string | undefined;
  };
  /** the longest name and description */
  max: [number, number];
  /** the description's height */
  rows: number;
}) {
  const idPrefix = `${name}-lang`;
  const field = fieldsOf({ register, fieldError }, name);
  return (
    <div className="space-y-5 sm:col-span-2">
      <LanguageTabs idPrefix={idPrefix} {...tabs} t={t} />
      <LanguagePanel idPrefix={idPrefix} lang="it" tab={tabs.tab}>
        <TextField {...field('name')} label={t(`${ns}.name`)} maxLength={max[0]} />
        <TextAreaField {...field('description')} label={t(`${ns}.description`)} rows={rows} maxLength={max[1]} />
      </LanguagePanel>
      <LanguagePanel idPrefix={idPrefix} lang="en" tab={tabs.tab}>
        <p className="text-sm text-slate-400">{t('dashboard.common.englishFallback')}</p>
        <TextField {...field('en.name')} label={t(`${ns}.name`)} maxLength={max[0]} placeholder={watch('name')} />
        <TextAreaField {...field('en.description')} label={t(`${ns}.description`)} rows={rows} maxLength={max[1]} />
      </LanguagePanel>
    </div>
  );
}
