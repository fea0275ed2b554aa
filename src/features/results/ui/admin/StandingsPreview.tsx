import type { Standings } from '../../contract.ts';
import { localizePath, type Locale } from '../../../../platform/i18n/i18n.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import { placementText } from '../standings-view.ts';

/** The standings as the players will see them, redrawn after every save in this tab. */
export default function StandingsPreview({ t, locale, standings }: { t: Translator; locale: Locale; standings: Standings }) {
  const cell = 'px-2 py-2 text-right tabular-nums';
  return (
    <section className={`${panelClass} space-y-3`} aria-labelledby="standings-preview-title" data-testid="standings-preview">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="standings-preview-title" className={panelTitleClass}>
          {t('resultsAdmin.preview.title')}
        </h2>
        <a href={localizePath(`/tournament/${encodeURIComponent(standings.tournamentId)}/standings`, locale)} target="_blank" rel="noopener" className={`${linkClass} text-sm`}>
          {t('resultsAdmin.preview.publicPage')}
        </a>
      </div>
      {standings.matches === 0 ? (
        <p className="text-sm text-slate-400">{t('resultsAdmin.preview.empty')}</p>
      ) : (
        <div
          className="overflow-x-auto"
          role="region"
          aria-labelledby="standings-preview-title"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone must be reachable by keyboard to scroll (axe: scrollable-region-focusable)
          tabIndex={0}
        >
          <table className="w-full min-w-[28rem] text-sm">
            <caption className="sr-only">{t('resultsAdmin.preview.title')}</caption>
            <thead className="text-xs text-slate-400 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-2 text-left">
                  {t('results.standings.rank')}
                </th>
                <th scope="col" className="py-2 pr-2 text-left">
                  {t(standings.teamSize > 1 ? 'results.standings.team' : 'results.standings.player')}
                </th>
                <th scope="col" className={cell}>
                  {t('results.standings.points')}
                </th>
                <th scope="col" className={cell}>
                  {t('results.standings.matches')}
                </th>
                <th scope="col" className={cell}>
                  {t('results.standings.eliminations')}
                </th>
                <th scope="col" className={cell}>
                  {t('results.standings.bestPlacement')}
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.rows.map((row) => (
                <tr key={row.entrantId} className="border-t border-line/60" data-testid="standings-preview-row">
                  <td className="py-2 pr-2 font-bold text-white tabular-nums">{row.rank}</td>
                  <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-100">
                    {row.name}
                  </th>
                  <td className={`${cell} font-bold text-white`}>{row.points}</td>
                  <td className={cell}>{row.matchesCounted}</td>
                  <td className={cell}>{row.eliminations}</td>
                  <td className={cell}>{placementText(row.bestPlacement)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
