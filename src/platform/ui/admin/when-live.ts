/**
 * The body of an effect that reads something: `use` gets the answer unless the effect was cleaned
 * up meanwhile (a newer read started, or the component left), so a slow answer never overwrites a
 * newer one. Returns that cleanup: `useEffect(() => whenLive(read(), use), [deps])`.
 */
export function whenLive<T>(pending: Promise<T>, use: (answer: T) => void): () => void {
  let live = true;
  void pending.then((answer) => {
    if (live) use(answer);
  });
  return () => {
    live = false;
  };
}
