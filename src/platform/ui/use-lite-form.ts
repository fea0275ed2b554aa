import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrorLike } from '../browser/form-errors.ts';

/**
 * The form state of the visitor-facing forms (login, signup, password reset, settings): what they
 * used of react-hook-form, in about 1 KB instead of 15 KB, so those pages stay inside their
 * JavaScript budget. Same behaviour: errors appear on submit, then each field re-validates as it
 * changes; the first invalid field takes the focus; the submit handler gets the validator's output
 * (trimmed, lower-cased, defaults filled). Values are controlled and addressed by dotted paths
 * ('gameAccounts.0.username'); errors are kept flat under the same paths.
 */

export type FieldErrors = Record<string, FieldErrorLike | undefined>;
export type Validation = { ok: true; values: unknown } | { ok: false; errors: FieldErrors };
export type Validator<V> = (values: V) => Promise<Validation>;

type Values = Record<string, unknown>;

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

export function useLiteForm<V extends Values>({ defaultValues, validate }: { defaultValues: V; validate: Validator<V> }) {
  const [values, setValues] = useState<V>(defaultValues);
  const [defaults, setDefaults] = useState<V>(defaultValues);
  const defaultsRef = useRef(defaults);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // refs, not state: handlers created in one render must see what the latest one set
  const current = useRef(values);
  current.current = values;
  const submitted = useRef(false);
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

  const setValue = useCallback((path: string, value: unknown) => {
    const next = setPath(current.current, path, value);
    current.current = next;
    setValues(next);
    if (!submitted.current) return;
    // after the first submit every change re-validates, and updates that field's error only
    void validateRef.current(next).then((res) => {
      if (current.current !== next) return; // a newer change will report
      setErrors((e) => ({ ...e, [path]: res.ok ? undefined : res.errors[path] }));
    });
  }, []);

  const register = (path: string) => ({
    name: path,
    value: String(getPath(values, path) ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValue(path, e.target.value),
    ref: (el: HTMLElement | null) => {
      if (el) elements.current.set(path, el);
      else elements.current.delete(path);
    },
  });

  const setError = useCallback((path: string, error: FieldErrorLike, options?: { shouldFocus?: boolean }) => {
    setErrors((e) => ({ ...e, [path]: error }));
    if (options?.shouldFocus) elements.current.get(path)?.focus();
  }, []);

  const clearErrors = useCallback((prefix: string) => {
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`))));
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
      for (const key of Object.keys(now)) if (!deepEqual(now[key], defaultsRef.current[key])) (merged as Values)[key] = now[key];
    } else {
      submitted.current = false;
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
    getValues: (path: string) => getPath(current.current, path),
  };
}

type SafeParser = {
  safeParseAsync(data: unknown): Promise<{ success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; code: string; message: string }[] } }>;
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
      const res = await schema.safeParseAsync(values);
      if (res.success) return { ok: true, values: res.data };
      // the first issue of each field, as react-hook-form's zod resolver reported it
      const errors: FieldErrors = {};
      for (const issue of res.error.issues) {
        const path = issue.path.map(String).join('.');
        errors[path] ??= { type: issue.code, message: issue.message };
      }
      return { ok: false, errors };
    },
  };
}
