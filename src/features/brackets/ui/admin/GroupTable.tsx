import type { TableRow } from '../../contract.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';

const cell = 'px-2 py-1 text-right tabular-nums';
const head = 'px-2 py-1 text-right';
/** The counts every table shows between the name and the points, each under its own heading. */
const counts = ['played', 'wins', 'draws', 'losses'] as const;

/**
 * One standings table of the Bracket tab: a round-robin group's, or the Swiss field's with its two tie-breaks
 * before the points. The rows come ranked from the server, which alone applies the tie-break rules; a disqualified
 * entrant's comes last, dimmed, its rank cell saying DQ.
 */
export default function GroupTable({
  t,
  caption,
  rows,
  swiss = false,
  group,
}: {
  t: Translator;
  caption: string;
  rows: TableRow[];
  swiss?: boolean;
  /** the round-robin group the table is of */
  group?: number;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="bracket-admin-table" data-group={group}>
        <caption className="mb-2 text-left font-bold text-white">{caption}</caption>
        <thead>
          <tr className="border-b border-line whitespace-nowrap text-slate-400">
            <th scope="col" className="px-2 py-1 text-left">
              {t('brackets.table.rank')}
            </th>
            <th scope="col" className="px-2 py-1 text-left">
              {t('brackets.table.name')}
            </th>
            {counts.map((key) => (
              <th key={key} scope="col" className={head}>
                {t(`brackets.table.${key}`)}
              </th>
            ))}
            <th scope="col" className={head}>
              {t('brackets.table.difference')}
            </th>
            {swiss && (
              <th scope="col" className={head}>
                <abbr title={t('brackets.swiss.buchholzTitle')}>{t('brackets.swiss.buchholz')}</abbr>
              </th>
            )}
            {swiss && (
              <th scope="col" className={head}>
                <abbr title={t('brackets.swiss.opponentsWinTitle')}>{t('brackets.swiss.opponentsWin')}</abbr>
              </th>
            )}
            <th scope="col" className={head}>
              {t('brackets.table.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.entrantId}
              className={`border-t border-line/60 text-slate-200 ${r.disqualified ? 'opacity-60' : ''}`}
              data-testid="bracket-admin-row"
              data-disqualified={r.disqualified || undefined}
            >
              <td className="px-2 py-1 tabular-nums">
                {r.disqualified ? <abbr title={t('brackets.disqualified')}>{t('brackets.dq')}</abbr> : r.rank}
              </td>
              <th scope="row" className="px-2 py-1 text-left font-semibold text-white">
                {r.name}
              </th>
              {counts.map((key) => (
                <td key={key} className={cell}>
                  {r[key]}
                </td>
              ))}
              <td className={cell}>{r.difference > 0 ? `+${r.difference}` : r.difference}</td>
              {swiss && <td className={cell}>{r.buchholz ?? 0}</td>}
              {swiss && <td className={cell}>{(r.opponentsWin ?? 0).toFixed(1)}</td>}
              <td className={`${cell} font-bold`} data-testid="bracket-admin-points">
                {r.points}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
