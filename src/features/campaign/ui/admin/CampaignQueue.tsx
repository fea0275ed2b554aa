import { submissionSorts, type AdminSubmission } from '../../contract.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { checkboxClass, rowClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { useAdminList } from '../../../../platform/ui/admin/use-admin-list.ts';
import { useRowDialog } from '../../../../platform/ui/admin/use-row-dialog.ts';
import { PictureQueue, ScreenshotCell } from '../../../../platform/ui/admin/Moderation.tsx';
import RowButtonCell from '../../../../platform/ui/admin/RowButtonCell.tsx';
import {
  defaultQueueFilters,
  phaseFilters,
  queueQuery,
  statusFilters,
  type PhaseFilter,
  type StatusFilter,
} from './campaign-admin.ts';
import CampaignTabs from './CampaignTabs.tsx';
import DuplicateWarning from '../../../../platform/ui/admin/DuplicateWarning.tsx';
import ReviewDialog from './ReviewDialog.tsx';
import StatusBadge from './StatusBadge.tsx';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { CampaignApi } from '../../endpoints.ts';

const call: TypedCall<CampaignApi> = api;

/**
 * /dashboard/campaign: the screenshot moderation queue (filters, search, pages, kept in the address), the full image
 * and the review dialog.
 */
export default function CampaignQueue({ t, locale }: SectionProps) {
  const list = useAdminList<AdminSubmission>({
    load: ({ query, page, values }) => {
      const filters = {
        phase: values.phase as PhaseFilter,
        status: values.status as StatusFilter,
        duplicatesOnly: values.duplicates === 'true',
        search: query,
        sort: values.sort,
      };
      return call<'GET /marketplace/submissions'>(`/marketplace/submissions?${queueQuery(filters, page)}`);
    },
    params: {
      phase: { values: phaseFilters, initial: defaultQueueFilters.phase },
      status: { values: statusFilters, initial: defaultQueueFilters.status, narrows: false },
      duplicates: { values: ['false', 'true'], initial: 'false' },
      sort: { values: submissionSorts, initial: 'newest' },
    },
  });
  const review = useRowDialog<AdminSubmission>(list);
  const name = (s: AdminSubmission) => s.username || s.accountUsername;
  const filters: [string, [string, string][]][] = [
    [
      'phase',
      phaseFilters.map((p) => [
        p,
        p === 'all' ? t('campaignAdmin.queue.allPhases') : t('campaignAdmin.phase', { n: p }),
      ]),
    ],
    [
      'status',
      statusFilters.map((v) => [
        v,
        v === 'all' ? t('campaignAdmin.queue.allStatuses') : t(`campaignAdmin.status.${v}`),
      ]),
    ],
  ];
  const alt = (s: AdminSubmission) => t('campaignAdmin.image.alt', { name: name(s) });

  return (
    <>
      <div className="mt-6">
        <CampaignTabs t={t} locale={locale} current="queue" />
      </div>
      <PictureQueue
        list={list}
        t={t}
        ns="campaignAdmin.queue"
        id="campaign"
        rootTestId="campaign-queue"
        empty={t(`campaignAdmin.queue.empty.${list.values.status}`)}
        minWidthClass="min-w-[56rem]"
        filters={filters}
        tools={
          <label className="flex items-center gap-2 pb-3 text-sm text-slate-300">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={list.values.duplicates === 'true'}
              onChange={(e) => list.setValue('duplicates', String(e.target.checked))}
              data-testid="campaign-filter-duplicates"
            />
            {t('campaignAdmin.queue.duplicatesOnly')}
          </label>
        }
        columns={[
          { key: 'image' },
          { key: 'player', sort: 'player' },
          { key: 'phase' },
          { key: 'submittedAt', sort: 'submitted' },
          { key: 'status' },
          { key: 'outcome' },
          { key: 'actions', align: 'right' },
        ]}
        picture={{
          image: (s) => ({ src: s.imageUrl, alt: alt(s), testId: 'image-dialog-full' }),
          title: (s) => t('campaignAdmin.image.title', { name: name(s) }),
          texts: { close: t('campaignAdmin.close'), newTab: t('campaignAdmin.image.newTab') },
          testId: 'image-dialog',
        }}
        after={<ReviewDialog t={t} locale={locale} review={review} />}
      >
        {(s, view) => (
          <tr key={s.id} className={`${rowClass} align-top`} data-testid={`submission-row-${s.id}`}>
            <ScreenshotCell
              src={s.imageUrl}
              label={t('campaignAdmin.queue.openImage', { name: name(s) })}
              onOpen={() => view(s)}
              testId="submission-row-thumb"
            />
            <th scope="row" className={`${tdClass} max-w-[18rem] font-normal`}>
              <span className="block truncate font-semibold text-white" data-testid="submission-row-name">
                {s.username}
              </span>
              <span className="block truncate text-xs text-slate-400" data-testid="submission-row-account">
                {t('campaignAdmin.queue.account', { username: s.accountUsername })}
              </span>
              <span className="block truncate text-xs text-slate-400" data-testid="submission-row-email">
                {s.email}
              </span>
              {s.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} ns="campaignAdmin" item={s} compact />}
            </th>
            <td className={`${tdClass} whitespace-nowrap text-slate-300`} data-testid="submission-row-phase">
              {t('campaignAdmin.phase', { n: s.phase })}
            </td>
            <td className={`${tdClass} whitespace-nowrap text-slate-400`}>
              <time dateTime={s.createdAt}>{formatDateTime(s.createdAt, locale)}</time>
            </td>
            <td className={tdClass}>
              <StatusBadge t={t} status={s.status} />
            </td>
            <td className={`${tdClass} max-w-[14rem] text-slate-300`} data-testid="submission-row-outcome">
              {s.status === 'approved' && s.score !== null && (
                <span className="font-mono">{t('campaignAdmin.queue.score', { score: s.score })}</span>
              )}
              {s.status === 'rejected' && s.reason && <span className="line-clamp-2 break-words">{s.reason}</span>}
            </td>
            <RowButtonCell
              onClick={() => review.open(s)}
              label={t('campaignAdmin.queue.reviewLabel', { name: name(s) })}
              testId="submission-row-review"
            >
              {s.status === 'pending' ? t('campaignAdmin.queue.review') : t('campaignAdmin.queue.changeReview')}
            </RowButtonCell>
          </tr>
        )}
      </PictureQueue>
    </>
  );
}
