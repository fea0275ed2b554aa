import { useEffect, useState } from 'react';
import type { AdminReport } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../../tournaments/endpoints.ts';
import type { ResultsApi } from '../../endpoints.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../../platform/i18n/plural.ts';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { PictureQueue, ScreenshotCell } from '../../../../platform/ui/admin/Moderation.tsx';
import RowButtonCell from '../../../../platform/ui/admin/RowButtonCell.tsx';
import { idFromLocation, type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { rowClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { pageOfAll, useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { useRowDialog } from '../../../../platform/ui/admin/use-row-dialog.ts';
import { errorBoxClass, linkClass } from '../../../../platform/ui/ui.ts';
import { matchChoices, matchFilterValues, reportFilterValues, reportsPath, reportText } from './report-admin.ts';
import ReportReviewDialog from './ReportReviewDialog.tsx';
import ReportStatusBadge from './ReportStatusBadge.tsx';

const call: TypedCall<TournamentsApi & ResultsApi> = api;

/**
 * /dashboard/tournaments/reports?id=…: one battle-royale tournament's match reports,
 * filtered by state (flagged: a reused picture or a disagreement) and match, searched by
 * player or team, each opening the review dialog that shows the disagreements side by side. The tournament is read
 * first: one played in a bracket has no battle-royale matches to ask for, and the page says so without asking.
 */
export default function MatchReports({ t, locale }: SectionProps) {
  const [tournamentId] = useState(idFromLocation);
  // read once, by the list and the match filter as well: whether the tournament is a battle royale at all
  const [tournament] = useState(() =>
    tournamentId ? call<'GET /tournaments/:id'>(`/tournaments/${encodeURIComponent(tournamentId)}`) : null,
  );
  const [name, setName] = useState<string | null>(null);
  // once the results are final no report is decided any more: a pending one is only looked at
  const [final, setFinal] = useState(false);
  const list = useAdminList<AdminReport>({
    load: async (req) => {
      if (!tournamentId) return { ok: false, code: 'TOURNAMENT_NOT_FOUND' };
      const read = await tournament!;
      if (!read.ok) return read;
      if (read.data.format !== 'battle_royale') return { ok: false, code: 'NOT_BATTLE_ROYALE' };
      const res = await call<'GET /tournaments/:id/reports'>(
        reportsPath(tournamentId, req.values.status ?? 'pending', req.values.match ?? 'all'),
      );
      return res.ok ? pageOfAll(res.data, req, reportText) : res;
    },
    params: {
      status: { values: reportFilterValues, initial: 'pending', narrows: false },
      match: { values: matchFilterValues, initial: 'all' },
    },
  });
  // the match filter offers the matches this tournament has: recorded ones and those players reported
  const [matchNumbers, setMatchNumbers] = useState<number[]>([]);
  const review = useRowDialog<AdminReport>(list);

  useEffect(() => {
    if (!tournament) return;
    void tournament.then(async (res) => {
      if (!res.ok) return;
      setName(res.data.name);
      setFinal(res.data.finalized);
      if (res.data.format !== 'battle_royale') return;
      const base = `/tournaments/${encodeURIComponent(res.data.id)}` as const;
      const [matches, reports] = await Promise.all([
        call<'GET /tournaments/:id/matches'>(`${base}/matches`),
        call<'GET /tournaments/:id/reports'>(`${base}/reports`),
      ]);
      // a match an approval creates was already reported, so its number is among these
      setMatchNumbers([
        ...(matches.ok ? matches.data.map((m) => m.number) : []),
        ...(reports.ok ? reports.data.map((r) => r.matchNumber) : []),
      ]);
    });
  }, [tournament]);

  const filters: [string, [string, string][]][] = [
    ['status', reportFilterValues.map((v) => [v, t(`resultsAdmin.reports.filters.${v}`)])],
    [
      'match',
      matchChoices(matchNumbers, list.values.match ?? 'all').map((v) => [
        v,
        v === 'all' ? t('resultsAdmin.reports.allMatches') : t('resultsAdmin.reports.match', { n: v }),
      ]),
    ],
  ];

  if (!tournamentId) {
    return (
      <p role="alert" className={`mt-6 ${errorBoxClass}`} data-testid="reports-no-tournament">
        {t('resultsAdmin.reports.noTournament')}
      </p>
    );
  }

  return (
    <>
      <div className="mt-6 space-y-2">
        <a
          href={localizePath(sectionPath('tournamentsEdit', { id: tournamentId }), locale)}
          className={`${linkClass} text-sm`}
          data-testid="reports-back"
        >
          ← {t('resultsAdmin.reports.back')}
        </a>
        {name && (
          <p className="text-xl font-bold text-white" data-testid="reports-tournament">
            {name}
          </p>
        )}
        <p className="max-w-3xl text-sm text-slate-400">{t('resultsAdmin.reports.intro')}</p>
      </div>
      <PictureQueue
        list={list}
        t={t}
        ns="resultsAdmin.reports"
        id="reports"
        empty={t(`resultsAdmin.reports.empty.${list.values.status as 'pending'}`)}
        minWidthClass="min-w-[52rem]"
        filters={filters}
        columns={[
          { key: 'image' },
          { key: 'player' },
          { key: 'match' },
          { key: 'result' },
          { key: 'submittedAt' },
          { key: 'status' },
          { key: 'actions', align: 'right' },
        ]}
        picture={{
          image: (r) => ({ src: r.imageUrl }),
          title: (r) => t('resultsAdmin.reports.openImage', { name: r.username }),
          texts: { close: t('resultsAdmin.review.close'), newTab: t('resultsAdmin.review.newTab') },
          testId: 'report-image-dialog',
        }}
        after={<ReportReviewDialog t={t} locale={locale} review={review} final={final} />}
      >
        {(r, view) => (
          <tr
            key={r.id}
            className={`${rowClass} align-top`}
            data-testid={`report-row-${r.id}`}
            data-flagged={r.flagged || undefined}
          >
            <ScreenshotCell
              src={r.imageUrl}
              label={t('resultsAdmin.reports.openImage', { name: r.username })}
              onOpen={() => view(r)}
            />
            <th scope="row" className={`${tdClass} max-w-[18rem] font-normal`}>
              <span className="block truncate font-semibold text-white" data-testid="report-row-player">
                {r.username}
              </span>
              {r.senderHasNoTeam ? (
                <span className="block text-xs font-semibold text-amber-300" data-testid="report-row-no-team">
                  <span aria-hidden="true">⚠ </span>
                  {t('resultsAdmin.reports.noTeam')}
                </span>
              ) : (
                r.entrantName !== r.username && (
                  <span className="block truncate text-xs text-slate-400">
                    {t('resultsAdmin.reports.entrant', { name: r.entrantName })}
                  </span>
                )
              )}
              {r.conflicts.length > 0 && (
                <span className="mt-1 block text-xs font-semibold text-amber-300" data-testid="report-row-conflicts">
                  <span aria-hidden="true">⚠ </span>
                  {t(pluralKey('resultsAdmin.reports.conflictCount', r.conflicts.length, locale), {
                    count: r.conflicts.length,
                  })}
                </span>
              )}
              {r.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} ns="resultsAdmin" item={r} compact />}
            </th>
            <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
              {t('resultsAdmin.reports.match', { n: r.matchNumber })}
              {r.lobby !== null && (
                <span className="block text-xs text-slate-400" data-testid="report-row-lobby">
                  {t('resultsAdmin.lobbies.lobby', { n: r.lobby })}
                </span>
              )}
            </td>
            <td className={`${tdClass} whitespace-nowrap font-mono text-slate-200`} data-testid="report-row-result">
              {t('resultsAdmin.reports.result', { placement: r.placement, eliminations: r.eliminations })}
            </td>
            <td className={`${tdClass} whitespace-nowrap text-slate-400`}>
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
            </td>
            <td className={tdClass}>
              <ReportStatusBadge t={t} status={r.status} />
              {r.status === 'rejected' && r.reason && (
                <span className="mt-1 line-clamp-2 block max-w-[14rem] break-words text-xs text-slate-400">
                  {r.reason}
                </span>
              )}
            </td>
            <RowButtonCell
              onClick={() => review.open(r)}
              label={t('resultsAdmin.reports.reviewLabel', { name: r.username })}
              testId="report-row-review"
            >
              {r.status === 'pending' && !final ? t('resultsAdmin.reports.review') : t('resultsAdmin.reports.view')}
            </RowButtonCell>
          </tr>
        )}
      </PictureQueue>
    </>
  );
}
