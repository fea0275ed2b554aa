import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML, true once React runs. Submit buttons stay disabled until then,
 * so a form can never be posted natively (with a password in it) before the island takes over.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
