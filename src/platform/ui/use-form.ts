import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { FieldErrorLike, ServerField } from '../browser/form-errors.ts';

/**
 * The one form hook of every React form, the visitors' and the dashboard's: about 1 KB, so the
 * pages with a JavaScript budget can afford it. Errors appear on submit (or, with mode
 * 'onTouched', when a field is left), then each field re-validates as it changes; the first
 * invalid field takes the focus; the submit handler gets the validator's output (trimmed,
 * converted, defaults filled). Values are controlled and addressed by dotted paths
 * ('gameAccounts.0.username'); errors are kept flat under the same paths. A boolean value is a
 * checkbox: `register` gives it `checked`.
 */

export type FieldErrors = Record<string, FieldErrorLike | undefined>;
export type Validation = { ok: true; values: unknown } | { ok: false; errors: FieldErrors };
export type Validator<V> = (values: V) => Promise<Validation>;

type Values = Record<string, unknown>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** The props `register` gives a control: a checkbox gets `checked`, any other control `value`. */
export type Registration = {
  name: string;
  value?: string;
  checked?: boolean;
  onChange: (e: ChangeEvent<Control>) => void;
  onBlur: ((e: FocusEvent) => void) | undefined;
  ref: (el: HTMLElement | null) => void;
};

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | File | Blob;
/**
 * Every dotted path into `T` ('gameAccounts', 'gameAccounts.0', 'gameAccounts.0.username'): the
 * fields of a form are named by these, so a misspelled field fails to compile.
 */
export type Path<T> = T extends Leaf
  ? never
  : T extends readonly (infer Item)[]
    ? `${number}` | `${number}.${Path<NonNullable<Item>>}`
    : { [K in keyof T & string]: K | `${K}.${Path<NonNullable<T[K]>>}` }[keyof T & string];

export function getPath(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) node = node == null ? undefined : (node as Record<string, unknown>)[part];
  return node;
}

/** A copy of `values` with `path` set; arrays stay arrays. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const container = values as unknown as Record<string, unknown>;
  const copy = (Array.isArray(values) ? [...values] : { ...container }) as Record<string, unknown>;
  copy[head] = rest.length ? setPath(container?.[head] ?? {}, rest.join('.'), value) : value;
  return copy as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => deepEqual((a as Values)[k], (b as Values)[k]));
}

/** A form whose only rule is that its submit button is enabled: the values go through as typed. */
const asTyped = async (values: unknown): Promise<Validation> => ({ ok: true, values });

export function useForm<V extends object>({
  defaultValues,
  validate = asTyped,
  mode = 'onSubmit',
}: {
  defaultValues: V;
  validate?: Validator<V>;
  mode?: 'onSubmit' | 'onTouched';
}) {
  const [values, setValues] = useState<V>(defaultValues);
  const [defaults, setDefaults] = useState<V>(defaultValues);
  const defaultsRef = useRef(defaults);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // refs, not state: handlers created in one render must see what the latest one set
  const current = useRef(values);
  current.current = values;
  const submitted = useRef(false);
  // with mode 'onTouched', the fields left once: they check themselves before the first submit
  const touched = useRef(new Set<string>());
  const elements = useRef(new Map<string, HTMLElement>());
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const focusFirst = useCallback((errs: FieldErrors) => {
    // registration order is the order of the fields on the page
    for (const [path, el] of elements.current) {
      if (errs[path] && el.isConnected) {
        el.focus();
        if (document.activeElement === el) return;
      }
    }
  }, []);

  /** Validates the values and updates one field's error only. */
  const check = useCallback((path: string, values: V) => {
    void validateRef.current(values).then((res) => {
      if (current.current !== values) return; // a newer change will report
      setErrors((e) => ({ ...e, [path]: res.ok ? undefined : res.errors[path] }));
    });
  }, []);

  // the options of react-hook-form's setValue (shouldDirty…) are accepted and not needed: dirtiness is computed
  const setValue = useCallback(
    (path: Path<V>, value: unknown, _options?: object) => {
      const next = setPath(current.current, path, value);
      current.current = next;
      setValues(next);
      // after the first submit (or once the field was left) every change re-validates it
      if (submitted.current || touched.current.has(path)) check(path, next);
    },
    [check],
  );

  const ref = (path: string) => (el: HTMLElement | null) => {
    if (el) elements.current.set(path, el);
    else elements.current.delete(path);
  };
  const onBlur = (path: string) =>
    mode === 'onTouched'
      ? (_e: FocusEvent) => {
          touched.current.add(path);
          check(path, current.current);
        }
      : undefined;
  /**
   * The props of the control of `path`; `setValueAs` turns what is typed into what is kept (a code
   * upper-cased); `option` makes a checkbox of a group whose value is the array of checked options.
   */
  const register = (
    path: Path<V>,
    options?: { setValueAs?: (typed: string) => string; option?: string },
  ): Registration => {
    const name: string = path;
    const value = getPath(values, path);
    const option = options?.option;
    if (option !== undefined) {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const toggle = (e: ChangeEvent<Control>) =>
        setValue(
          path,
          (e.target as HTMLInputElement).checked
            ? [...chosen.filter((o) => o !== option), option]
            : chosen.filter((o) => o !== option),
        );
      return {
        name,
        value: option,
        checked: chosen.includes(option),
        onChange: toggle,
        onBlur: onBlur(path),
        ref: ref(path),
      };
    }
    if (typeof value === 'boolean')
      return {
        name,
        checked: value,
        onChange: (e: ChangeEvent<Control>) => setValue(path, (e.target as HTMLInputElement).checked),
        onBlur: onBlur(path),
        ref: ref(path),
      };
    const keep = options?.setValueAs ?? ((typed: string) => typed);
    return {
      name,
      value: String(value ?? ''),
      onChange: (e: ChangeEvent<Control>) => setValue(path, keep(e.target.value)),
      onBlur: onBlur(path),
      ref: ref(path),
    };
  };

  const setError = useCallback(
    (path: Path<V> | ServerField, error: FieldErrorLike, options?: { shouldFocus?: boolean }) => {
      setErrors((e) => ({ ...e, [path]: error }));
      if (options?.shouldFocus) elements.current.get(path)?.focus();
    },
    [],
  );

  const clearErrors = useCallback((prefix: Path<V>) => {
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`))),
    );
  }, []);

  const handleSubmit =
    <Out = V>(onValid: (values: Out) => unknown | Promise<unknown>, onInvalid?: (errors: FieldErrors) => void) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const res = await validateRef.current(current.current);
        if (!res.ok) {
          setErrors(res.errors);
          onInvalid?.(res.errors);
          // after the render: a field on a tab the handler just showed can take the focus
          setTimeout(() => focusFirst(res.errors));
          return;
        }
        setErrors({});
        await onValid(res.values as Out);
      } finally {
        setSubmitting(false);
      }
    };

  /**
   * New defaults (and values). With keepDirtyValues, a top-level field the user already changed
   * keeps its value; the others take the new one.
   */
  const reset = useCallback((next: V, options?: { keepDirtyValues?: boolean }) => {
    let merged = next;
    if (options?.keepDirtyValues) {
      const now = current.current;
      merged = { ...next };
      for (const key of Object.keys(now))
        if (!deepEqual((now as Values)[key], (defaultsRef.current as Values)[key]))
          (merged as Values)[key] = (now as Values)[key];
    } else {
      submitted.current = false;
      touched.current.clear();
      setErrors({});
    }
    current.current = merged;
    defaultsRef.current = next;
    setValues(merged);
    setDefaults(next);
  }, []);

  return {
    values,
    errors,
    isSubmitting,
    isDirty: !deepEqual(values, defaults),
    register,
    setValue,
    setError,
    clearErrors,
    handleSubmit,
    reset,
    /**
     * the value at `path` now; T states what the form keeps there (a typed adapter: values are addressed by string
     * paths)
     */
    getValues: <T = string>(path: Path<V>) => getPath(current.current, path) as T,
    /** the value at `path` as rendered */
    watch: <T = string>(path: Path<V>) => getPath(values, path) as T,
  };
}

export type SafeParser = {
  safeParseAsync(
    data: unknown,
  ): Promise<
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; code: string; message: string; minimum?: unknown }[] } }
  >;
};

/**
 * A validator over a zod schema that is imported on first use. The shared schemas (and zod) stay
 * out of the page's JavaScript until the visitor starts filling the form (`preload`, on focus) or
 * submits it. If the module cannot be loaded the form is sent unchecked: the server validates
 * everything again and its field errors are shown the same way.
 */
export function lazySchema<V>(load: () => Promise<SafeParser>): { validate: Validator<V>; preload: () => void } {
  let pending: Promise<SafeParser> | undefined;
  const get = () => {
    pending ??= load().catch((error) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return {
    preload: () => void get().catch(() => {}),
    validate: async (values) => {
      let schema: SafeParser;
      try {
        schema = await get();
      } catch (error) {
        console.error('the form rules could not be loaded; the server will check', error);
        return { ok: true, values };
      }
      return parse(schema, values);
    },
  };
}

/**
 * The props of a <form> that `rules` (a lazySchema) check: sent by script, the browser's own checks off
 * so that the rules say what is wrong, and the rules loading as soon as any field takes the focus.
 */
export function rulesFormProps(rules: { preload: () => void }, onSubmit: (event: FormEvent) => unknown) {
  return { method: 'post', noValidate: true, onSubmit, onFocus: rules.preload } as const;
}

/** The schema's output, or the first issue of each field under its dotted path. */
async function parse(schema: SafeParser, data: unknown): Promise<Validation> {
  const res = await schema.safeParseAsync(data);
  if (res.success) return { ok: true, values: res.data };
  const errors: FieldErrors = {};
  for (const issue of res.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= {
      type: issue.code,
      message: issue.message,
      ...(typeof issue.minimum === 'number' ? { minimum: issue.minimum } : {}),
    };
  }
  return { ok: false, errors };
}

/**
 * A validator for a form whose inputs hold other types than the API body (strings for numbers
 * and local datetimes, '' for "none"): the values are converted into the body (`toBody`) and the
 * shared schema checks that, so every rule lives in the contract once; the form's field names are
 * the body's, so the issues land on the right inputs. `extra` adds rules that depend on the form's
 * own state (a password needed only when there is none yet).
 */
export function schemaValidator<V>(
  schema: SafeParser,
  toBody: (values: V) => unknown = (v) => v,
  extra?: (values: V) => FieldErrors,
): Validator<V> {
  return async (values) => {
    const res = await parse(schema, toBody(values));
    const more = extra?.(values) ?? {};
    if (Object.keys(more).length === 0) return res;
    return { ok: false, errors: { ...(res.ok ? {} : res.errors), ...more } };
  };
}
