import { useState } from 'react';

/**
 * A dialog about one row of a list (its review, its removal): the row it is open for (null: closed),
 * `open` and `close`; `done` closes it and reads the list's page again, since the row has changed.
 */
export function useRowDialog<Row>(list: { retry: () => void }) {
  const [row, setRow] = useState<Row | null>(null);
  return {
    row,
    open: (r: Row) => setRow(r),
    close: () => setRow(null),
    done: () => {
      setRow(null);
      list.retry();
    },
  };
}
