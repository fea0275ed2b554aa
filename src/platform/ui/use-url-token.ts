import { useEffect, useState } from 'react';

/**
 * The `?token=` of a mailed single-use link (password reset, e-mail confirmation), read once after
 * hydration and then removed from the address bar, so the secret stays out of history and referrers.
 */
export function useUrlToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token');
    if (!found) return;
    setToken(found);
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
  return token;
}
