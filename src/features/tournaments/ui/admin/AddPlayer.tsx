import { useEffect, useState } from 'react';
import { api, type ApiResult } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { useDebouncedValue } from '../../../../platform/ui/use-debounced-value.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { panelClass, panelTitleClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import type { Registrations } from './registrations.ts';

const call: TypedCall<TournamentsApi> = api;
const A = 'dashboard.tournaments.roster.add';

interface Candidate {
  userId: string;
  username: string;
}

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: Candidate[] };

interface Props {
  t: Translator;
  tournamentId: string;
  /** false once the tournament has ended: nobody can be added */
  open: boolean;
  disabled: boolean;
  /** one roster call, as the panel makes it (busy state, toast, the roster answered) */
  act: (
    key: string,
    send: () => Promise<ApiResult<Registrations>>,
    done: (r: Registrations) => string,
  ) => Promise<boolean>;
}

/**
 * "Add a player": an admin searches the site's users by username (those not yet in this
 * tournament) and adds one, who joins as a member, or on the waitlist when every seat is taken,
 * with the game account saved on their profile.
 */
export default function AddPlayer({ t, tournamentId, open, disabled, act }: Props) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [round, setRound] = useState(0);
  const base = `/tournaments/${encodeURIComponent(tournamentId)}/registrations` as const;

  useEffect(() => {
    if (!query || !open) return setFound({ state: 'idle' });
    let current = true;
    setFound({ state: 'loading' });
    void call<'GET /tournaments/:id/registrations/candidates'>(
      `${base}/candidates?search=${encodeURIComponent(query)}`,
    ).then((res) => {
      if (current) setFound(res.ok ? { state: 'ready', rows: res.data } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [query, open, base, round]);

  const add = (row: Candidate) =>
    void act(
      `add-${row.userId}`,
      () => call<'POST /tournaments/:id/registrations'>(base, { body: { userId: row.userId } }),
      (r) =>
        t(r.waitlist.some((w) => w.userId === row.userId) ? `${A}.addedWaitlist` : `${A}.added`, {
          name: row.username,
        }),
    ).then((ok) => {
      // the one added is in the roster now: the search offers the others
      if (ok) setRound((n) => n + 1);
    });

  return (
    <section className={panelClass} aria-labelledby="add-player-title" data-testid="roster-add">
      <h2 id="add-player-title" className={`${panelTitleClass} mb-2`}>
        {t(`${A}.title`)}
      </h2>
      <p className="mb-4 text-sm text-slate-400">{t(open ? `${A}.intro` : `${A}.ended`)}</p>
      {open && (
        <>
          <SearchField
            id="roster-add-search"
            label={t(`${A}.searchLabel`)}
            placeholder={t(`${A}.searchPlaceholder`)}
            value={search}
            onChange={setSearch}
          />
          <div className="mt-3 text-sm" aria-live="polite">
            {found.state === 'loading' && <p className="text-slate-400">{t(`${A}.searching`)}</p>}
            {found.state === 'failed' && (
              <p className="text-rose-300" role="alert">
                {t(`${A}.searchFailed`)}
              </p>
            )}
            {found.state === 'ready' && found.rows.length === 0 && (
              <p className="text-slate-400" data-testid="roster-add-empty">
                {t(`${A}.noResults`)}
              </p>
            )}
            {found.state === 'ready' && found.rows.length > 0 && (
              <ul className="divide-y divide-line/60 rounded-xl border border-line" data-testid="roster-add-results">
                {found.rows.map((row) => (
                  <li
                    key={row.userId}
                    className="flex items-center justify-between gap-3 px-4 py-2"
                    data-testid="roster-add-result"
                  >
                    <span className="font-semibold text-white">{row.username}</span>
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={disabled}
                      onClick={() => add(row)}
                      aria-label={t(`${A}.addLabel`, { name: row.username })}
                      data-testid="roster-add-button"
                    >
                      {t(`${A}.add`)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
