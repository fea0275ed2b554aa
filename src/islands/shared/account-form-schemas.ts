import { z } from 'zod';
import { loginInputSchema, resetPasswordSchema, resetRequestSchema, signupInputSchema, userUpdateSchema } from '../../features/users/user-schemas.ts';

/**
 * The rules of the account forms, from the schemas the server enforces. Loaded on demand
 * (`lazySchema` in use-lite-form.ts): zod is about 24 KB gzip, more than a form page may ship
 * before the visitor interacts with it.
 */
export { loginInputSchema, resetRequestSchema, signupInputSchema };

/** The editable part of the account (SPEC section 2, Settings). */
export const settingsSchema = userUpdateSchema
  .pick({ username: true, email: true, nickname: true, gender: true, discordId: true, epicId: true, language: true, gameAccounts: true })
  .required();

/** The shared rule for the password, plus a confirmation that must match. */
export const newPasswordSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'mismatch', path: ['confirm'] });
