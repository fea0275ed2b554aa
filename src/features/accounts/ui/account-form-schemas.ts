import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules.ts';
import {
  birthDateSchema,
  emailChangeSchema,
  loginInputSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupInputSchema,
  userUpdateSchema,
} from '../contract.ts';
import { isoBirthDate } from './birth-date-text.ts';

/**
 * The rules of the account forms, from the schemas the server enforces. Loaded on demand
 * (`lazySchema` in use-form.ts): zod is about 24 KB gzip, more than a form page may ship
 * before the visitor interacts with it.
 */
export { loginInputSchema, resetRequestSchema };

/**
 * A new password: the length of account-rules.ts is checked before sending; the strength estimate
 * (a large dictionary) stays on the server, whose PASSWORD_WEAK lands on the same field.
 */
const newPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A typed birth date (day first, or yyyy-MM-dd) as the API takes it; `empty` when nothing is typed. */
const typedDay =
  <E>(empty: E) =>
  (v: unknown) =>
    typeof v === 'string' ? (v.trim() ? isoBirthDate(v) : empty) : v;

const wellFormedDay = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = z.iso.date();

/**
 * True for a yyyy-MM-dd whose day the calendar does not have (2000-02-31, 2001-02-29, a 13th month):
 * well formed, yet refused by the same date rule the server's schema applies. The visitor typed the
 * format right, so the form says the day does not exist rather than asking for the format again. It
 * lives here, with the forms' rules that load on demand, not beside the field's display that every form
 * page loads.
 */
export const isMissingDay = (iso: string): boolean => wellFormedDay.test(iso) && !calendarDay.safeParse(iso).success;

/**
 * The birth date the API takes, refusing first a well-formed day the calendar lacks: the
 * server's own schema calls 31/02 a format error, which would tell a visitor who typed it right to fix
 * the format.
 */
const birthDay = z
  .string()
  .refine((d) => !isMissingDay(d), 'birthDateNoSuchDay')
  .pipe(birthDateSchema);

const signupFormSchema = signupInputSchema.extend({
  password: newPassword,
  birth_date: z.preprocess(typedDay(undefined), birthDay.optional()),
});
export { signupFormSchema as signupInputSchema };

/**
 * The editable part of the account (the account tab of /settings). The birth date is read and checked
 * as at signup; an empty field is no birth date (null).
 */
export const settingsSchema = userUpdateSchema
  .pick({
    username: true,
    email: true,
    nickname: true,
    gender: true,
    discordId: true,
    epicId: true,
    language: true,
    gameAccounts: true,
    publicProfile: true,
  })
  .required()
  .extend({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    birth_date: z.preprocess(typedDay(null), birthDay.nullable()),
  });

/** The shared rule for the password, plus a confirmation that must match. */
export const newPasswordSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'mismatch', path: ['confirm'] });

/** Settings, security part: the current password, and a new one confirmed. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'mismatch', path: ['confirm'] });

export { emailChangeSchema };
