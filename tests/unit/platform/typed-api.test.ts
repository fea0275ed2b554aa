import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, busy } from '../../../src/platform/browser/api-client.ts';
import type { Answer, TypedCall } from '../../../src/platform/browser/typed-api.ts';
import type { Path } from '../../../src/platform/ui/use-form.ts';
import type { SignupInput, User } from '../../../src/features/accounts/contract.ts';
import type { AccountsApi } from '../../../src/features/accounts/endpoints.ts';

// the typed call is api() itself: the types cost the pages nothing
const call: TypedCall<AccountsApi> = api;

/** Answers every request with `data` and records what was sent. */
function answering(data: unknown) {
  const sent: { url: string; method?: string }[] = [];
  busy.fetch = async (url, request) => {
    sent.push({ url, method: request.method });
    return new Response(JSON.stringify({ status: 'SUCCESS', data }), { status: 200 });
  };
  return sent;
}
afterEach(() => {
  busy.fetch = undefined;
});

describe('typed API calls', () => {
  it('answer the route’s type, and refuse a wrong path, method, body or field at compile time', async () => {
    const sent = answering({ id: 'u1' });
    const res = await call<'GET /users/me'>('/users/me');
    expectTypeOf(res).toExtend<{ ok: true; data: User } | { ok: false }>();
    expectTypeOf<Answer<AccountsApi, 'POST /users/authenticate'>>().toEqualTypeOf<{ user: User; token: string }>();
    await call<'PUT /users/pp/:id'>(`/users/pp/${encodeURIComponent('u 1')}`, { method: 'PUT', body: {} });
    await call<'POST /users/sendReset'>('/users/sendReset?email=a%40b.it', { body: { email: 'a@b.it' } });
    expect(res).toMatchObject({ ok: true, data: { id: 'u1' } });
    expect(sent).toEqual([
      { url: '/api/users/me', method: 'GET' },
      { url: '/api/users/pp/u%201', method: 'PUT' },
      { url: '/api/users/sendReset?email=a%40b.it', method: 'POST' },
    ]);

    // each call below must fail to compile: tsc checks this file (a line that compiles fails the type check)
    const wrong = vi.fn(async () => {
      // @ts-expect-error a route no map has
      await call<'GET /users/mee'>('/users/mee');
      // @ts-expect-error the route named without its key
      await call('/users/me');
      // @ts-expect-error a URL that is not the key's path
      await call<'GET /users/me'>('/users/you');
      // @ts-expect-error a query string on a route that takes none
      await call<'GET /users/me'>('/users/me?x=1');
      // @ts-expect-error the key's method must be sent
      await call<'PUT /users/pp/:id'>('/users/pp/1', { body: {} });
      // @ts-expect-error a body field of the wrong type
      await call<'POST /users/authenticate'>('/users/authenticate', { body: { email: 'a@b.it', password: 42 } });
      // @ts-expect-error the body is missing
      await call<'POST /users/authenticate'>('/users/authenticate', {});
      // @ts-expect-error a route that takes no body
      await call<'GET /users/me'>('/users/me', { body: { x: 1 } });
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
