import { MIN_CODE_LENGTH } from '../../../features/rewards/contract.ts';
import type { FieldErrorLike } from '../../browser/form-errors.ts';
import type { Translator } from '../use-t.ts';
import type { FieldErrors } from '../use-form.ts';

/** Allowed ranges of the admin forms' integer fields, named in their error text. */
export type NumberRanges = Record<string, readonly [min: number, max: number]>;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value)) || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Messages the admin forms' own schemas set (zod issue messages), each a key of dashboard.validation. */
const ownMessages = new Set(['slug', 'rewardRange', 'amountRange', 'nonZero']);

/**
 * The translation key (and its variables) of one admin-form field error, from a zod issue code
 * (client) or a server issue (type 'server'); never zod's or the server's English.
 */
export function adminFieldErrorKey(name: string, error: FieldErrorLike, value: unknown, ranges: NumberRanges = {}): { key: string; vars?: Record<string, number> } {
  if (error.type === 'code' && error.message) return { key: `errors.${error.message}` };
  const field = name.split('.').pop() ?? name;
  if (field === 'console') return { key: 'dashboard.validation.consoles' };
  if (isEmpty(value)) return { key: 'dashboard.validation.required' };
  if (error.message && ownMessages.has(error.message)) return { key: `dashboard.validation.${error.message}` };
  const range = ranges[name] ?? ranges[field];
  if (range) return { key: 'dashboard.validation.numberRange', vars: { min: range[0], max: range[1] } };
  if (field === 'banner' || field === 'thumbnail') return { key: 'dashboard.validation.imageUrl' };
  if (field === 'url') return { key: 'dashboard.validation.url' };
  if (field.startsWith('start_') || field.startsWith('end_')) return { key: 'dashboard.validation.dateTime' };
  if (field === 'password' && error.type === 'too_small') return { key: 'dashboard.validation.passwordMin' };
  if (field === 'token' && error.type === 'too_small') return { key: 'dashboard.validation.codeMin', vars: { min: MIN_CODE_LENGTH } };
  if (error.type === 'too_big') return { key: 'dashboard.validation.tooLong' };
  return { key: 'dashboard.validation.invalid' };
}

/** `fieldError('dateText.it')`: the translated error of a field of this form, or undefined. */
export function fieldErrorReader(t: Translator, errors: FieldErrors, getValue: (name: string) => unknown, ranges?: NumberRanges) {
  return (name: string): string | undefined => {
    const error = errors[name];
    if (!error || (!error.type && !error.message)) return undefined;
    const { key, vars } = adminFieldErrorKey(name, error, getValue(name), ranges);
    return t(key, vars);
  };
}
