import { useEffect } from 'react';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { numberOrUndefined } from './form-values.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { badgeTriggers, TOP_N_TRIGGER, type Badge } from '../../contract.ts';
import { badgeEditSchema, badgeFormSchema, MAX_CREDITS as MAX_REWARD, TOP_N_RANGE } from './economy-forms.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import { SelectField } from '../../../../platform/ui/FormField.tsx';
import {
  CheckboxField,
  fieldsOf,
  NumberField,
  TextField,
  useImageFields,
} from '../../../../platform/ui/admin/fields.tsx';
import { inputClass } from '../../../../platform/ui/ui.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import ImageField from '../../../../platform/ui/admin/ImageField.tsx';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { isNotFound } from '../../../../platform/ui/admin/EditorLoadError.tsx';
import { EditorForm, EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { useLanguageTab } from '../../../../platform/ui/admin/use-language-tab.ts';
import { editorPage, type EditorPage } from '../../../../platform/ui/admin/editor-page.ts';
import { NameAndDescription } from '../../../../platform/ui/admin/LanguageTabs.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/** What the inputs hold: the reward and the top N as typed. */
type Values = Omit<z.input<typeof badgeFormSchema>, 'rewardAmount' | 'topN'> & { rewardAmount: string; topN: string };
type Body = z.output<typeof badgeFormSchema>;
const fields = [
  'slug',
  'trigger',
  'name',
  'description',
  'icon',
  'rewardAmount',
  'topN',
  'reusable',
  'active',
] as const;

const toValues = (b: Badge | null): Values => ({
  slug: b?.slug ?? '',
  trigger: (badgeTriggers as readonly string[]).includes(b?.trigger ?? '')
    ? (b!.trigger as Values['trigger'])
    : 'manual',
  // the flat fields are in the admin's language: the form edits the stored Italian and English
  name: b?.translations.it.name ?? '',
  description: b?.translations.it.description ?? '',
  en: { name: b?.translations.en.name ?? '', description: b?.translations.en.description ?? '' },
  icon: b?.icon ?? '',
  rewardAmount: String(b?.rewardAmount ?? 0),
  topN: b?.topN ? String(b.topN) : '',
  reusable: b?.reusable ?? false,
  active: b?.active ?? true,
});

/**
 * /dashboard/badges/new and /dashboard/badges/edit?id=…; an edit page whose badge does not exist (or
 * names none) says so and goes back to the list.
 */
export default function BadgeEditor({ t, locale, section, agencyName }: SectionProps) {
  const editor = useEditorRecord(section === 'badgesEdit', (id) =>
    call<'GET /marketplace/badges/:id'>(`/marketplace/badges/${encodeURIComponent(id)}`),
  );
  const page = editorPage(t, locale, {
    list: 'badges',
    name: 'badge',
    ns: 'rewardsAdmin.badges.form',
    backLabel: t('rewardsAdmin.badges.backToList'),
  });
  const { listHref } = page;
  const { editing, id, failure } = editor;
  useEffect(() => {
    if (!editing || (id && !(failure && isNotFound(failure)))) return;
    toast.error(t('rewardsAdmin.badges.notFound'));
    if (!id) return window.location.replace(listHref);
    const back = setTimeout(() => window.location.replace(listHref), 1500);
    return () => clearTimeout(back);
  }, [editing, id, failure, listHref, t]);
  return (
    <EditorFrame {...page} editor={editor} loading={t('rewardsAdmin.badges.loading')} recordId={(b) => b._id}>
      {(badge) => <BadgeForm t={t} page={page} badge={badge} agency={agencyName} />}
    </EditorFrame>
  );
}

function BadgeForm({
  t,
  page,
  badge,
  agency,
}: {
  t: SectionProps['t'];
  page: EditorPage;
  badge: Badge | null;
  agency?: string;
}) {
  const editing = badge !== null;
  const { register, handleSubmit, setValue, watch, getValues, setError, clearErrors, errors, isSubmitting, isDirty } =
    useForm<Values>({
      // only a top-N badge has an N: the other rules send null, so the schema asks for it there alone
      validate: schemaValidator<Values>(editing ? badgeEditSchema : badgeFormSchema, (v) => ({
        ...v,
        rewardAmount: numberOrUndefined(v.rewardAmount),
        topN: v.trigger === TOP_N_TRIGGER ? (numberOrUndefined(v.topN) ?? Number.NaN) : null,
      })),
      defaultValues: toValues(badge),
    });
  useUnsavedGuard(isDirty);
  const fieldError = fieldErrorReader(t, errors, getValues, { rewardAmount: [0, MAX_REWARD], topN: TOP_N_RANGE });
  const field = fieldsOf({ register, fieldError }, 'badge');
  const { uploading, image } = useImageFields({ watch, setValue, clearErrors, fieldError }, 'badge', {
    t,
    agencyName: agency || 'Nexus',
  });
  const rule = watch('trigger');
  const reusable = watch<boolean>('reusable');
  const lang = useLanguageTab(['name', 'description'], fieldError);

  const onSubmit = async (values: Body) => {
    const common = {
      name: values.name,
      description: values.description,
      icon: values.icon,
      rewardAmount: values.rewardAmount,
      reusable: values.reusable,
      active: values.active,
      ...(values.topN != null ? { topN: values.topN } : {}),
      translations: { en: values.en },
    };
    const res = editing
      ? await call<'PUT /marketplace/badges/:id'>(`/marketplace/badges/${encodeURIComponent(badge._id)}`, {
          method: 'PUT',
          body: common,
        })
      : await call<'POST /marketplace/badges'>('/marketplace/badges', {
          body: { ...common, slug: getValues('slug').trim(), trigger: getValues('trigger') },
        });
    if (!res.ok) {
      if (res.code === 'BADGE_SLUG_TAKEN') setError('slug', { type: 'code', message: res.code }, { shouldFocus: true });
      // the server's issues in the catalogue's words, as every other form places them
      for (const { field, error } of serverFieldErrors(res, fields)) setError(field, error, { shouldFocus: true });
      toast.error(
        `${t('rewardsAdmin.badges.saveError')} ${res.code === 'VALIDATION_ERROR' ? '' : t.error(res.code)}`.trim(),
      );
      return;
    }
    leaveWithToast(page.listHref, {
      key: editing ? 'rewardsAdmin.badges.saved' : 'rewardsAdmin.badges.created',
      vars: { name: res.data.name },
    });
  };

  return (
    <EditorForm
      page={page}
      editing={editing}
      submitting={isSubmitting}
      disabled={uploading || (editing && !isDirty)}
      onSubmit={handleSubmit<Body>(onSubmit, lang.onInvalid)}
    >
      <TextField
        {...field('slug')}
        label={t('rewardsAdmin.badges.form.slug')}
        hint={editing ? t('rewardsAdmin.badges.form.fixedHint') : t('rewardsAdmin.badges.form.slugHint')}
        maxLength={40}
        readOnly={editing}
        autoComplete="off"
        className={`${inputClass} font-mono`}
      />
      <SelectField
        {...field('trigger')}
        label={t('rewardsAdmin.badges.form.trigger')}
        // what the rule means and when it pays, in plain words (the server awards on the event itself)
        hint={[
          t(`rewardsAdmin.ruleHelp.${rule}`),
          rule === 'manual' ? '' : t(reusable ? 'rewardsAdmin.ruleHelp.paysEach' : 'rewardsAdmin.ruleHelp.paysOnce'),
          editing ? t('rewardsAdmin.badges.form.fixedHint') : '',
        ]
          .filter(Boolean)
          .join(' ')}
        options={badgeTriggers.map((trigger) => [trigger, t(`rewardsAdmin.triggers.${trigger}`)])}
        disabled={editing}
      />
      <NameAndDescription
        t={t}
        name="badge"
        ns="rewardsAdmin.badges.form"
        tabs={lang.tabs}
        form={{ register, watch, fieldError }}
        max={[80, 500]}
        rows={3}
      />
      <ImageField {...image('icon')} label={t('rewardsAdmin.badges.form.icon')} />
      <NumberField
        {...field('rewardAmount', 'badge-reward')}
        label={t('rewardsAdmin.badges.form.rewardAmount')}
        min={0}
        max={MAX_REWARD}
      />
      {rule === TOP_N_TRIGGER && (
        <NumberField
          {...field('topN', 'badge-top-n')}
          label={t('rewardsAdmin.badges.form.topN')}
          hint={t('rewardsAdmin.badges.form.topNHint')}
          min={TOP_N_RANGE[0]}
          max={TOP_N_RANGE[1]}
        />
      )}
      <CheckboxField registration={register('reusable')} testId="badge-reusable">
        {t('rewardsAdmin.badges.form.reusable')}
      </CheckboxField>
      <CheckboxField registration={register('active')} testId="badge-active">
        {t('rewardsAdmin.badges.form.active')}
      </CheckboxField>
    </EditorForm>
  );
}
