import type { Translator } from '../../../../platform/ui/use-t.ts';

/** Messages the economy forms' own schemas set (zod issue messages), each a key of adminEconomy.validation. */
const own = new Set(['slug', 'rewardRange', 'nonZero', 'amountRange']);

/** The translated error of one field of an economy form, never zod's or the server's English. */
export function fieldMessage(t: Translator, name: string, error: { type?: string; message?: string } | undefined, value: unknown): string | undefined {
  if (!error) return undefined;
  if (error.type === 'code' && error.message) return t.error(error.message);
  if (value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value)) || (typeof value === 'string' && value.trim() === '')) return t('adminEconomy.validation.required');
  if (error.message && own.has(error.message)) return t(`adminEconomy.validation.${error.message}`);
  if (error.type === 'too_big') return t('adminEconomy.validation.tooLong');
  if (name === 'rewardAmount') return t('adminEconomy.validation.rewardRange');
  return t('adminEconomy.validation.invalid');
}
