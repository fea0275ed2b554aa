import type { Standings } from '../../contract.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import { ScrollRegion, TableHead } from '../../../../platform/ui/TableHead.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import PublicPageLink from '../../../../platform/ui/admin/PublicPageLink.tsx';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import { placementText, rankText } from '../standings-view.ts';

/** The standings as the players will see them, redrawn after every save in this tab. */
export default function StandingsPreview({
  t,
  locale,
  standings,
}: {
  t: Translator;
  locale: Locale;
  standings: Standings;
}) {
  const cell = 'px-2 py-2 text-right tabular-nums';
  return (
    <section
      className={`${panelClass} space-y-3`}
      aria-labelledby="standings-preview-title"
      data-testid="standings-preview"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="standings-preview-title" className={panelTitleClass}>
          {t('resultsAdmin.preview.title')}
        </h2>
        <PublicPageLink
          path={`/tournament/${encodeURIComponent(standings.tournamentId)}/standings`}
          locale={locale}
          className="text-sm"
        >
          {t('resultsAdmin.preview.publicPage')}
        </PublicPageLink>
      </div>
      {standings.matches === 0 ? (
        <p className="text-sm text-slate-400">{t('resultsAdmin.preview.empty')}</p>
      ) : (
        <ScrollRegion className="overflow-x-auto" labelledBy="standings-preview-title">
          <table className="w-full min-w-[28rem] text-sm">
            <TableHead
              caption={t('resultsAdmin.preview.title')}
              className="text-xs text-slate-400 uppercase"
              columns={[
                { label: t('results.standings.rank'), className: 'py-2 pr-2 text-left' },
                {
                  label: t(standings.teamSize > 1 ? 'results.standings.team' : 'results.standings.player'),
                  className: 'py-2 pr-2 text-left',
                },
                ...['points', 'matches', 'eliminations', 'bestPlacement'].map((key) => ({
                  label: t(`results.standings.${key}`),
                  className: cell,
                })),
              ]}
            />
            <tbody>
              {standings.rows.map((row) => (
                <tr
                  key={row.entrantId}
                  className={`border-t border-line/60 ${row.disqualified ? 'opacity-60' : ''}`}
                  data-testid="standings-preview-row"
                  data-disqualified={row.disqualified || undefined}
                >
                  <td className="py-2 pr-2 font-bold text-white tabular-nums">{rankText(row)}</td>
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
        </ScrollRegion>
      )}
    </section>
  );
}
