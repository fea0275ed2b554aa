import { useEffect, useState } from 'react';
import type { AdminSubmission } from '../../contract.ts';
import { pageCount, SEARCH_DEBOUNCE_MS } from '../../../../platform/ui/admin/admin-lists.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { labelClass, selectClass } from '../../../../platform/ui/ui.ts';
import { useDebouncedValue } from '../../../../platform/ui/use-debounced-value.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { checkboxClass, rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import Modal from '../../../../platform/ui/admin/Modal.tsx';
import { defaultQueueFilters, phaseFilters, queueKey, queueQuery, statusFilters, type PhaseFilter, type QueueFilters, type StatusFilter } from './campaign-admin.ts';
import CampaignTabs from './CampaignTabs.tsx';
import DuplicateWarning from './DuplicateWarning.tsx';
import ReviewDialog from './ReviewDialog.tsx';
import StatusBadge from './StatusBadge.tsx';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

interface PageData {
  rows: AdminSubmission[];
  total: number;
}

/** A labelled filter <select> of the queue; `options` are [value, text] pairs. */
function FilterSelect<V extends string>({ id, label, value, onChange, options }: { id: string; label: string; value: V; onChange: (v: V) => void; options: [V, string][] }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value as V)} className={selectClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /dashboard/campaign: the screenshot moderation queue (filters, search, pages), the full image and the review dialog. */
export default function CampaignQueue({ t, locale }: SectionProps) {
  const [search, setSearch] = useState('');
  const [phase, setPhase] = useState<PhaseFilter>(defaultQueueFilters.phase);
  const [status, setStatus] = useState<StatusFilter>(defaultQueueFilters.status);
  const [duplicatesOnly, setDuplicatesOnly] = useState(false);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: QueueFilters = { phase, status, duplicatesOnly, search: query };
  const key = queueKey(filters);
  // any filter change starts again from page 1 without a second render pass
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<PageData | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<AdminSubmission | null>(null);
  const [viewing, setViewing] = useState<AdminSubmission | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api<AdminSubmission[]>(`/marketplace/submissions?${queueQuery(filters, page)}`).then((res) => {
      if (!live) return;
      setLoading(false);
      if (!res.ok) {
        console.error('submissions load failed', res.code);
        setFailed(res.code);
        return;
      }
      setFailed(null);
      const total = res.total ?? res.data.length;
      const last = pageCount(total);
      // a review may empty the last page: step back instead of showing nothing
      if (page > last) setPaging({ key, page: last });
      else setData({ rows: res.data, total });
    });
    return () => {
      live = false;
    };
    // `key` stands for every filter (queueKey), so the effect reruns exactly when one changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, reload]);

  const name = (s: AdminSubmission) => s.username || s.accountUsername;

  return (
    <div className="mt-6 space-y-5" data-testid="campaign-queue">
      <CampaignTabs t={t} locale={locale} current="queue" />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <SearchField id="campaign-search" label={t('adminCampaign.queue.searchLabel')} placeholder={t('adminCampaign.queue.searchPlaceholder')} value={search} onChange={setSearch} />
        <div className="flex flex-wrap items-end gap-3">
          <FilterSelect
            id="campaign-filter-phase"
            label={t('adminCampaign.queue.phaseLabel')}
            value={phase}
            onChange={setPhase}
            options={phaseFilters.map((p) => [p, p === 'all' ? t('adminCampaign.queue.allPhases') : t('adminCampaign.phase', { n: p })])}
          />
          <FilterSelect
            id="campaign-filter-status"
            label={t('adminCampaign.queue.statusLabel')}
            value={status}
            onChange={setStatus}
            options={statusFilters.map((v) => [v, v === 'all' ? t('adminCampaign.queue.allStatuses') : t(`adminCampaign.status.${v}`)])}
          />
          <label className="flex items-center gap-2 pb-3 text-sm text-slate-300">
            <input type="checkbox" className={checkboxClass} checked={duplicatesOnly} onChange={(e) => setDuplicatesOnly(e.target.checked)} data-testid="campaign-filter-duplicates" />
            {t('adminCampaign.queue.duplicatesOnly')}
          </label>
        </div>
      </div>
      <ListStatus
        testId="campaign-submissions"
        failed={failed !== null && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== '' || phase !== 'all' || duplicatesOnly}
        texts={{
          error: failed ? t.error(failed) : t('adminCampaign.queue.fetchError'),
          retry: t('dashboard.common.retry'),
          loading: t('adminCampaign.queue.loading'),
          empty: t(`adminCampaign.queue.empty.${status}`),
          noMatch: t('adminCampaign.queue.noMatch'),
        }}
        onRetry={() => setReload((n) => n + 1)}
      >
        {data && (
          <DataTable
            caption={t('adminCampaign.queue.caption', { total: data.total })}
            testId="campaign-table"
            loading={loading}
            minWidthClass="min-w-[56rem]"
            columns={[
              { label: t('adminCampaign.queue.columns.image') },
              { label: t('adminCampaign.queue.columns.player') },
              { label: t('adminCampaign.queue.columns.phase') },
              { label: t('adminCampaign.queue.columns.submittedAt') },
              { label: t('adminCampaign.queue.columns.status') },
              { label: t('adminCampaign.queue.columns.outcome') },
              { label: t('adminCampaign.queue.columns.actions'), align: 'right' },
            ]}
          >
            {data.rows.map((s) => (
              <tr key={s.id} className={`${rowClass} align-top`} data-testid={`submission-row-${s.id}`}>
                <td className={tdClass}>
                  <button
                    type="button"
                    onClick={() => setViewing(s)}
                    aria-label={t('adminCampaign.queue.openImage', { name: name(s) })}
                    className="block rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-accent"
                    data-testid="submission-row-thumb"
                  >
                    <img src={s.imageUrl} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-lg bg-ink object-cover ring-1 ring-line" />
                  </button>
                </td>
                <th scope="row" className={`${tdClass} max-w-[18rem] font-normal`}>
                  <span className="block truncate font-semibold text-white" data-testid="submission-row-name">
                    {s.username}
                  </span>
                  <span className="block truncate text-xs text-slate-400" data-testid="submission-row-account">
                    {t('adminCampaign.queue.account', { username: s.accountUsername })}
                  </span>
                  <span className="block truncate text-xs text-slate-400" data-testid="submission-row-email">
                    {s.email}
                  </span>
                  {s.duplicateCount > 0 && <DuplicateWarning t={t} locale={locale} submission={s} compact />}
                </th>
                <td className={`${tdClass} whitespace-nowrap text-slate-300`} data-testid="submission-row-phase">
                  {t('adminCampaign.phase', { n: s.phase })}
                </td>
                <td className={`${tdClass} whitespace-nowrap text-slate-400`}>
                  <time dateTime={s.createdAt}>{formatDateTime(s.createdAt, locale)}</time>
                </td>
                <td className={tdClass}>
                  <StatusBadge t={t} status={s.status} />
                </td>
                <td className={`${tdClass} max-w-[14rem] text-slate-300`} data-testid="submission-row-outcome">
                  {s.status === 'approved' && s.score !== null && <span className="font-mono">{t('adminCampaign.queue.score', { score: s.score })}</span>}
                  {s.status === 'rejected' && s.reason && <span className="line-clamp-2 break-words">{s.reason}</span>}
                </td>
                <td className={`${tdClass} text-right`}>
                  <button type="button" className={smallButtonClass} onClick={() => setReviewing(s)} aria-label={t('adminCampaign.queue.reviewLabel', { name: name(s) })} data-testid="submission-row-review">
                    {s.status === 'pending' ? t('adminCampaign.queue.review') : t('adminCampaign.queue.changeReview')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStatus>
      <ListFooter page={page} total={data?.total ?? 0} onPageChange={(n) => setPaging({ key, page: n })} testId="campaign-pagination" summaryTestId="campaign-summary" navLabel={t('adminCampaign.queue.paginationLabel')} t={t} />
      <Modal open={viewing !== null} title={t('adminCampaign.image.title', { name: viewing ? name(viewing) : '' })} closeLabel={t('adminCampaign.close')} onClose={() => setViewing(null)} testId="image-dialog">
        {viewing && (
          <>
            <img src={viewing.imageUrl} alt={t('adminCampaign.image.alt', { name: name(viewing) })} className="max-h-[70dvh] w-full rounded-xl bg-ink object-contain" data-testid="image-dialog-full" />
            <a href={viewing.imageUrl} target="_blank" rel="noopener" className="text-sm text-accent underline-offset-4 hover:underline">
              {t('adminCampaign.image.newTab')}
            </a>
          </>
        )}
      </Modal>
      <ReviewDialog
        t={t}
        locale={locale}
        submission={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={() => {
          setReviewing(null);
          setReload((n) => n + 1);
        }}
      />
    </div>
  );
}
