import FormField, { SelectOptions } from '../../../../platform/ui/FormField.tsx';
import { checkboxClass } from '../../../../platform/ui/admin/ui.ts';
import { inputClass, selectClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { Bracket } from '../../contract.ts';

/**
 * The choices a bracket is made with, in the Bracket tab: the tab's generation and a stage's
 * playoff offer the same controls, side by side in a wrapping row. Each control's id is its test id.
 */

/** The extra matches an elimination bracket may have; the API's defaults are these. */
export interface EliminationExtras {
  thirdPlace: boolean;
  grandFinalReset: boolean;
}
export const defaultExtras: EliminationExtras = { thirdPlace: false, grandFinalReset: true };

/** A select with its label above, from [value, text] pairs. */
export function ChoiceField<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  choices: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <FormField id={props.id} label={props.label}>
      <select
        id={props.id}
        data-testid={props.id}
        className={selectClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as V)}
      >
        <SelectOptions options={props.choices} />
      </select>
    </FormField>
  );
}

/**
 * A count typed as text (the caller reads it when it sends), described by the line `<id>-hint`:
 * the field's own `hint` under it (kept narrow, the row being of several fields), or one the caller
 * places elsewhere.
 */
export function CountField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  widthClass: string;
  hint?: string;
}) {
  return (
    <FormField id={props.id} label={props.label}>
      <input
        id={props.id}
        data-testid={props.id}
        type="number"
        min={props.min}
        max={props.max}
        inputMode="numeric"
        className={`${inputClass} ${props.widthClass}`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={`${props.id}-hint`}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="max-w-xs text-xs text-slate-400">
          {props.hint}
        </p>
      )}
    </FormField>
  );
}

/**
 * The extra match of an elimination format, as a checkbox with a line telling what it does: the
 * third-place match of a single elimination, the grand final reset of a double one; other formats
 * have none. Ids: `<idPrefix>-third-place`, `<idPrefix>-grand-final-reset`.
 */
export function EliminationOption({
  t,
  idPrefix,
  format,
  extras,
  onChange,
}: {
  t: Translator;
  idPrefix: string;
  format: Bracket['format'];
  extras: EliminationExtras;
  onChange: (extras: EliminationExtras) => void;
}) {
  const option =
    format === 'single_elimination'
      ? ({ key: 'thirdPlace', id: 'third-place' } as const)
      : format === 'double_elimination'
        ? ({ key: 'grandFinalReset', id: 'grand-final-reset' } as const)
        : null;
  if (!option) return null;
  const id = `${idPrefix}-${option.id}`;
  return (
    <label className="flex max-w-xs cursor-pointer items-start gap-3 text-sm text-slate-200">
      <input
        type="checkbox"
        id={id}
        data-testid={id}
        className={`${checkboxClass} mt-0.5`}
        checked={extras[option.key]}
        onChange={(e) => onChange({ ...extras, [option.key]: e.target.checked })}
        aria-describedby={`${id}-hint`}
      />
      <span>
        <span className="font-semibold">{t(`brackets.admin.${option.key}`)}</span>
        <span id={`${id}-hint`} className="block text-xs text-slate-400">
          {t(`brackets.admin.${option.key}Hint`)}
        </span>
      </span>
    </label>
  );
}
