/**
 * The accounts' API codes that are about one field of their forms (a taken e-mail, a weak password): shown
 * on that field. Kept apart from the form schemas, which visitor forms load only on first use.
 */
export const accountCodeFields: Readonly<Record<string, string>> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  USERNAME_MIXED_SCRIPT: 'username',
  PASSWORD_WEAK: 'password',
  CURRENT_PASSWORD_WRONG: 'currentPassword',
};
