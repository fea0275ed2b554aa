import { schemaValidator, useForm, type FieldErrors } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import {
  MAX_CREDITS,
  giveawayInputSchema,
  giveawayTypes,
  giveawayUpdateSchema,
  type Giveaway,
} from '../../contract.ts';
import { api, marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import FormField, { controlProps, SelectField } from '../../../../platform/ui/FormField.tsx';
import { DateTimeField, fieldsOf, NumberField, TextAreaField } from '../../../../platform/ui/admin/fields.tsx';
import { inputClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import { localTimeZone } from '../../../../platform/ui/admin/format.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import { giveawayBody, giveawayValues, type GiveawayValues } from './form-values.ts';
import { expiryIssue } from '../../giveaway-rules.ts';
import { localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';

type GiveawayBody = ReturnType<typeof giveawayBody>;
import { generateGiveawayCode } from './giveaway-code.ts';
import { EditorForm, EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { editorPage, type EditorPage } from '../../../../platform/ui/admin/editor-page.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

type Values = GiveawayValues;
const fields = ['token', 'credits', 'type', 'maxUses', 'expiresAt', 'description'] as const;
const ranges = { credits: [1, MAX_CREDITS], maxUses: [1, 1_000_000] } as const;
const toValues = giveawayValues;

/**
 * The schema checks maxUses/expiresAt only once the rest parses; these show them with the other
 * errors of the same submit. An expiry must be in the future unless the edit keeps the code's
 * stored one (`stored`), as the server checks (giveaway-rules.ts).
 */
function typeRequirements(stored: string | null | undefined) {
  return (v: Values): FieldErrors => {
    const out: FieldErrors = {};
    if (v.type === 'limited' && v.maxUses.trim() === '') out.maxUses = { type: 'custom', message: 'required' };
    if (v.type === 'timed' && v.expiresAt.trim() === '') out.expiresAt = { type: 'custom', message: 'required' };
    const expiry = expiryIssue({ type: v.type, expiresAt: localInputToIso(v.expiresAt) }, Date.now(), stored);
    if (expiry) out.expiresAt = { type: 'custom', message: expiry };
    return out;
  };
}

function hasToken(): boolean {
  try {
    return !!localStorage.getItem('token');
  } catch {
    return false;
  }
}

/** /dashboard/giveaway/new and /dashboard/giveaway/edit?id=… (loaded by id, so a reload works). */
export default function GiveawayEditor({ t, locale, section }: SectionProps) {
  const editor = useEditorRecord(section === 'giveawayEdit', (id) =>
    call<'GET /marketplace/giveaways/:id'>(`/marketplace/giveaways/${encodeURIComponent(id)}`, {
      base: marketplaceApiBase,
    }),
  );
  const page = editorPage(t, locale, { list: 'giveaway', name: 'giveaway', ns: 'rewardsAdmin.giveawayForm' });
  return (
    <EditorFrame {...page} editor={editor} loading={t('dashboard.common.loading')} recordId={(g) => g.id}>
      {(giveaway) => <GiveawayForm t={t} page={page} giveaway={giveaway} />}
    </EditorFrame>
  );
}

interface FormProps {
  t: Translator;
  page: EditorPage;
  giveaway: Giveaway | null;
}

function GiveawayForm({ t, page, giveaway }: FormProps) {
  const editing = giveaway !== null;
  const schema = editing ? giveawayUpdateSchema : giveawayInputSchema;
  const { register, handleSubmit, getValues, setValue, setError, watch, errors, isSubmitting, isDirty } =
    useForm<Values>({
      validate: schemaValidator<Values>(schema, (v) => giveawayBody(v, editing), typeRequirements(giveaway?.expiresAt)),
      defaultValues: toValues(giveaway),
    });
  useUnsavedGuard(isDirty);
  const fieldError = fieldErrorReader(t, errors, getValues, ranges);
  const field = fieldsOf({ register, fieldError }, 'giveaway');
  const type = watch('type');

  const onSubmit = async (body: GiveawayBody) => {
    if (!hasToken()) {
      toast.error(t('rewardsAdmin.error.giveawayTokenMissing'));
      return;
    }
    // giveawayBody gives a new giveaway's body its code, and an edit's none (the path names the giveaway)
    const res =
      'token' in body
        ? await call<'POST /marketplace/giveaways'>('/marketplace/giveaways', { body, base: marketplaceApiBase })
        : await call<'PUT /marketplace/giveaways/:id'>(
            `/marketplace/giveaways/${encodeURIComponent(giveaway?.id ?? '')}`,
            { method: 'PUT', body, base: marketplaceApiBase },
          );
    if (!res.ok) {
      const problems = serverFieldErrors(res, fields);
      for (const { field, error } of problems) setError(field, error, { shouldFocus: true });
      if (res.code === 'GIVEAWAY_CODE_TAKEN' && problems.length === 0)
        setError('token', { type: 'code', message: res.code }, { shouldFocus: true });
      toast.error(t('rewardsAdmin.giveaway.saveError'), { description: t.error(res.code) });
      return;
    }
    leaveWithToast(page.listHref, { key: 'rewardsAdmin.giveaway.saveSuccess', vars: { code: res.data.token } });
  };

  return (
    <EditorForm page={page} editing={editing} submitting={isSubmitting} onSubmit={handleSubmit<GiveawayBody>(onSubmit)}>
      <div className="sm:col-span-2">
        <FormField
          id="giveaway-token"
          label={t('rewardsAdmin.giveawayForm.code')}
          error={fieldError('token')}
          hint={editing ? t('rewardsAdmin.giveawayForm.codeReadOnly') : t('rewardsAdmin.giveawayForm.codeHint')}
        >
          <div className="flex flex-wrap gap-2">
            <input
              {...register('token', { setValueAs: (v: string) => v.toUpperCase() })}
              {...controlProps('giveaway-token', fieldError('token'), true)}
              type="text"
              maxLength={64}
              readOnly={editing}
              aria-readonly={editing || undefined}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} flex-1 font-mono uppercase ${editing ? 'cursor-not-allowed opacity-70' : ''}`}
            />
            {!editing && (
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => setValue('token', generateGiveawayCode())}
                data-testid="giveaway-generate"
              >
                {t('rewardsAdmin.giveawayForm.generate')}
              </button>
            )}
          </div>
        </FormField>
      </div>
      <NumberField {...field('credits')} label={t('rewardsAdmin.giveawayForm.credits')} min={1} />
      <SelectField
        {...field('type')}
        label={t('rewardsAdmin.giveawayForm.type')}
        options={giveawayTypes.map((g) => [g, t(`rewardsAdmin.giveawayTypes.${g}`)])}
      />
      {type === 'limited' && (
        <NumberField {...field('maxUses')} label={t('rewardsAdmin.giveawayForm.maxUses')} min={1} />
      )}
      {type === 'timed' && (
        <DateTimeField
          {...field('expiresAt')}
          label={t('rewardsAdmin.giveawayForm.expiresAt')}
          hint={t('rewardsAdmin.giveawayForm.timeZoneHint', { zone: localTimeZone() })}
        />
      )}
      <div className="sm:col-span-2">
        <TextAreaField
          {...field('description')}
          label={t('rewardsAdmin.giveawayForm.description')}
          rows={3}
          maxLength={500}
        />
      </div>
      {editing && (
        <p className="text-sm text-slate-400 sm:col-span-2" data-testid="giveaway-redemptions">
          {t('rewardsAdmin.giveawayForm.redemptions', { n: giveaway.redemptionCount })}
        </p>
      )}
    </EditorForm>
  );
}
