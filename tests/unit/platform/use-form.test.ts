import { describe, expect, it, vi } from 'vitest';
import { fieldErrorKey } from '../../../src/platform/browser/form-errors.ts';
import { z } from 'zod';
import { deepEqual, getPath, lazySchema, schemaValidator, setPath } from '../../../src/platform/ui/use-form.ts';
import {
  newPasswordSchema,
  settingsSchema,
  signupInputSchema,
} from '../../../src/features/accounts/ui/account-form-schemas.ts';

describe('form values by path', () => {
  const values = { name: 'a', gameAccounts: [{ username: 'x', id: '' }] };

  it('reads and writes nested fields without touching the original', () => {
    expect(getPath(values, 'gameAccounts.0.username')).toBe('x');
    expect(getPath(values, 'gameAccounts.3.username')).toBeUndefined();
    const next = setPath(values, 'gameAccounts.0.username', 'y');
    expect(next).toEqual({ name: 'a', gameAccounts: [{ username: 'y', id: '' }] });
    expect(Array.isArray(next.gameAccounts)).toBe(true);
    expect(values.gameAccounts[0].username).toBe('x');
  });

  it('compares values deeply (a form is dirty only when something differs)', () => {
    expect(deepEqual(values, structuredClone(values))).toBe(true);
    expect(deepEqual(values, setPath(values, 'name', 'b'))).toBe(false);
    expect(deepEqual({ a: [] }, { a: {} })).toBe(false);
  });
});

describe('lazySchema', () => {
  it('loads the rules once, on first use, and returns the parsed values', async () => {
    const load = vi.fn(async () => signupInputSchema);
    const rules = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    rules.preload();
    const res = await rules.validate({
      username: 'ada_l',
      email: ' Ada@Example.COM ',
      password: 'long enough',
      nickname: 'Ada',
      gender: 'female',
    });
    expect(res).toEqual({
      ok: true,
      // no language: the server takes the signup page's (the request's Accept-Language)
      values: expect.objectContaining({ email: 'ada@example.com', country: 'Italy' }),
    });
    await rules.validate({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports the first issue of each field, which the forms translate', async () => {
    const signup = lazySchema(async () => signupInputSchema);
    const res = await signup.validate({
      username: 'a b',
      email: 'nope',
      password: 'short',
      birth_date: '2999-01-01',
      nickname: '',
      gender: '',
    });
    if (res.ok) throw new Error('expected errors');
    const keys = Object.fromEntries(Object.entries(res.errors).map(([f, e]) => [f, fieldErrorKey(f, e!, 'x').key]));
    expect(keys).toEqual({
      username: 'errors.validation.usernameFormat',
      email: 'errors.validation.email',
      password: 'errors.validation.passwordMin',
      birth_date: 'errors.validation.birthDateFuture',
      nickname: 'errors.validation.required',
      gender: 'errors.validation.required',
    });

    const confirm = await lazySchema(async () => newPasswordSchema).validate({
      password: 'long enough',
      confirm: 'other',
    });
    expect(confirm).toEqual({ ok: false, errors: { confirm: { type: 'custom', message: 'mismatch' } } });

    const settings = await lazySchema(async () => settingsSchema).validate({
      username: 'ada_l',
      email: 'ada@example.com',
      nickname: 'Ada',
      gender: 'female',
      discordId: '',
      epicId: '',
      language: 'en',
      // the settings form always holds the field; empty is no birth date
      birth_date: '',
      gameAccounts: [{ username: '', id: '', game: 'Valorant', console: 'PC' }],
      publicProfile: true,
    });
    expect(settings.ok ? [] : Object.keys(settings.errors)).toEqual(['gameAccounts.0.username']);
  });

  it('lets the form through when the rules cannot be loaded (the server checks), and retries next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(newPasswordSchema);
    const rules = lazySchema(load);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await rules.validate({ password: 'x', confirm: 'y' })).toEqual({
      ok: true,
      values: { password: 'x', confirm: 'y' },
    });
    quiet.mockRestore();
    expect((await rules.validate({ password: 'x', confirm: 'y' })).ok).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('schemaValidator', () => {
  const schema = z.object({ price: z.number('required').int().min(0), name: z.string().trim().min(1) });
  type Typed = { price: string; name: string };
  const validate = schemaValidator<Typed>(
    schema,
    (v) => ({ ...v, price: v.price.trim() === '' ? undefined : Number(v.price) }),
    (v) => (v.name === 'taken' ? { name: { type: 'code', message: 'NAME_TAKEN' } } : {}),
  );

  it('checks the body built from what the inputs hold and hands over the schema output', async () => {
    expect(await validate({ price: '12', name: ' Cap ' })).toEqual({ ok: true, values: { price: 12, name: 'Cap' } });
  });

  it('puts each issue on its field, with the rules of the form itself beside them', async () => {
    const res = await validate({ price: '', name: 'taken' });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors.price).toMatchObject({ type: 'invalid_type', message: 'required' });
    expect(res.errors.name).toEqual({ type: 'code', message: 'NAME_TAKEN' });
    const bad = await validate({ price: '1.5', name: 'ok' });
    expect(!bad.ok && bad.errors.price?.type).toBe('invalid_type');
  });
});
