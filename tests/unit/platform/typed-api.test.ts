import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { busy, typedApi } from '../../../src/platform/browser/api-client.ts';
import type { Answer } from '../../../src/platform/browser/typed-api.ts';
import type { Path } from '../../../src/platform/ui/use-form.ts';
import type { SignupInput, User } from '../../../src/features/accounts/contract.ts';
import type { AccountsApi } from '../../../src/features/accounts/endpoints.ts';

const call = typedApi<AccountsApi>();

/** Answers every request with `data` and records what was sent. */
function answering(data: unknown) {
  const sent: { url: string; method?: string; body?: unknown }[] = [];
  busy.fetch = async (url, request) => {
    sent.push({ url, method: request.method, body: request.body ? JSON.parse(String(request.body)) : undefined });
    return new Response(JSON.stringify({ status: 'SUCCESS', data }), { status: 200 });
  };
  return sent;
}
afterEach(() => {
  busy.fetch = undefined;
});

describe('typed API calls', () => {
  it('send the key’s method to its path, parameters encoded, the query without absent values', async () => {
    const sent = answering({ message: 'ok' });
    await call('PUT /users/pp/:id', { params: { id: 'a/b c' }, body: { nickname: 'Ann' } });
    await call('POST /users/sendReset', { query: { email: 'a@b.it', language: undefined }, body: { email: 'a@b.it' } });
    await call('GET /users/me', {});
    expect(sent).toEqual([
      { url: '/api/users/pp/a%2Fb%20c', method: 'PUT', body: { nickname: 'Ann' } },
      { url: '/api/users/sendReset?email=a%40b.it', method: 'POST', body: { email: 'a@b.it' } },
      { url: '/api/users/me', method: 'GET', body: undefined },
    ]);
  });

  it('answer the route’s type, and refuse a wrong path, parameter, body or field at compile time', async () => {
    answering({ id: 'u1' });
    const res = await call('GET /users/me', {});
    expectTypeOf(res).toExtend<{ ok: true; data: User } | { ok: false }>();
    expectTypeOf<Answer<AccountsApi, 'POST /users/authenticate'>>().toEqualTypeOf<{ user: User; token: string }>();
    expect(res).toMatchObject({ ok: true, data: { id: 'u1' } });

    // each line below must fail to compile: tsc checks this file (a line that compiles fails the type check)
    const wrong = vi.fn(async () => {
      // @ts-expect-error a path no route has
      await call('GET /users/mee', {});
      // @ts-expect-error the method the route does not answer
      await call('DELETE /users/me', {});
      // @ts-expect-error the path's parameter is missing
      await call('PUT /users/pp/:id', { body: {} });
      // @ts-expect-error a body field of the wrong type
      await call('POST /users/authenticate', { body: { email: 'a@b.it', password: 42 } });
      // @ts-expect-error the body is missing
      await call('POST /users/authenticate', {});
      // @ts-expect-error a route that takes no body
      await call('GET /users/me', { body: { x: 1 } });
    });
    expect(wrong).not.toHaveBeenCalled();
  });

  it('name form fields by the paths of the form’s values only', () => {
    type Form = Pick<SignupInput, 'email' | 'nickname'> & { games: { username: string }[] };
    const fields: Path<Form>[] = ['email', 'nickname', 'games', 'games.0', 'games.2.username'];
    // @ts-expect-error a misspelled field
    const misspelled: Path<Form> = 'emial';
    // @ts-expect-error a field of an array item that does not exist
    const nested: Path<Form> = 'games.0.name';
    expect([...fields, misspelled, nested]).toHaveLength(7);
  });
});
