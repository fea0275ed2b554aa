/**
 * Who makes a call, as the services see it: the signed-in user's id and whether they administer the
 * brand. Routes build it from the session (callerOf in the auth plugin); services take it, never a request.
 */
export interface Caller {
  id: string;
  isAdmin: boolean;
}
