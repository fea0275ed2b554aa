import { api, type ApiResult } from '../../../platform/browser/api-client.ts';
import type { Answer, BodyOf, TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../endpoints.ts';
// the sign-up and its login ride out a busy server's 503 (loading retry.ts turns that on)
import type { RetryOptions } from '../../../platform/browser/retry.ts';
import '../../../platform/browser/retry.ts';

const call: TypedCall<AccountsApi> = api;
type Session = Answer<AccountsApi, 'POST /users/authenticate'>;
type Created = Answer<AccountsApi, 'POST /users/pp'>;
type Options = { base?: string; retry?: RetryOptions };
/** the sign-up body (signupInputSchema's input); the server checks it */
type Body = BodyOf<AccountsApi, 'POST /users/pp'>;

/**
 * The sign-up call of the form (and of the sign-up burst benchmark, which drives the same code from
 * Node with `base`). A busy server's 503 is retried: it did nothing, so sending the same account
 * again cannot create two (the unique username and e-mail would refuse the second anyway). If a
 * retry is refused as taken, an earlier attempt may have saved the account after all (a 503 from
 * past the insert, such as a pool timeout): the password the visitor typed proves whether it is
 * theirs, and then the sign-up succeeded and its login is returned with it.
 */
export async function createAccount(
  body: Body,
  options: Options = {},
): Promise<{ created: ApiResult<Created>; session?: ApiResult<Session> }> {
  let retried = false;
  const retry = {
    ...options.retry,
    onRetry: (p: Parameters<NonNullable<RetryOptions['onRetry']>>[0]) => (
      (retried = true),
      options.retry?.onRetry?.(p)
    ),
  };
  const created = await call<'POST /users/pp'>('/users/pp', { body, token: null, base: options.base, retry });
  if (created.ok || !retried || (created.code !== 'EMAIL_TAKEN' && created.code !== 'USERNAME_TAKEN'))
    return { created };
  const session = await logIn(body, options);
  if (!session.ok) return { created };
  return { created: { ok: true, data: { message: 'Signup successful', user: session.data.user } }, session };
}

/** The login that follows a sign-up; a busy server's 503 did not check the password, so it is retried. */
export function logIn({ email, password }: { email: string; password: string }, options: Options = {}) {
  return call<'POST /users/authenticate'>('/users/authenticate', {
    body: { email, password },
    token: null,
    base: options.base,
    retry: options.retry ?? true,
  });
}
