import { useState } from 'react';
import { toast } from 'sonner';
import { matchesSearch, PAGE_SIZE, pageOffset } from '../../../../platform/ui/admin/admin-lists.ts';
import { useAdminList, type Loaded } from '../../../../platform/ui/admin/use-admin-list.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { linkClass, primaryButtonClass } from '../../../../platform/ui/ui.ts';
import { formatDateTime } from '../../../../platform/ui/admin/format.ts';
import { DeleteIcon, EditIcon } from '../../../../platform/ui/admin/icons.tsx';
import { ListFooter, ListStatus } from '../../../../platform/ui/admin/ListStatus.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import SearchField from '../../../../platform/ui/admin/SearchField.tsx';
import { dangerSmallButtonClass, rowClass, smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { titleIn, type NewsArticle } from './news-types.ts';
import { DataTable } from '../../../../platform/ui/admin/DataTable.tsx';

/** A search reads every article (drafts included, in batches) and matches either language's title. */
const BATCH = 100;
const MAX_BATCHES = 50;

async function fetchPage(query: string, page: number): Promise<Loaded<NewsArticle>> {
  if (!query) {
    const res = await api<NewsArticle[]>(`/news?all=true&limit=${PAGE_SIZE}&offset=${pageOffset(page)}`);
    return res.ok ? { ok: true, data: res.data, total: res.total ?? res.data.length } : res;
  }
  const all: NewsArticle[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const res = await api<NewsArticle[]>(`/news?all=true&limit=${BATCH}&offset=${i * BATCH}`);
    if (!res.ok) return res;
    all.push(...res.data);
    if (res.data.length < BATCH || all.length >= (res.total ?? 0)) break;
  }
  const matches = all.filter((a) => matchesSearch(`${a.title?.it ?? ''}\n${a.title?.en ?? ''}`, query));
  return { ok: true, data: matches.slice(pageOffset(page), pageOffset(page) + PAGE_SIZE), total: matches.length };
}

/** /dashboard/news: drafts and published articles, with publish/unpublish, edit and delete. */
export default function NewsList({ t, locale }: SectionProps) {
  const list = useAdminList<NewsArticle>({ load: fetchPage, loadError: (code) => t.error(code) });
  const { search, setSearch, query, page, data, loading, failure, pendingDelete, setPendingDelete, deleting } = list;
  const [toggling, setToggling] = useState<string | null>(null);
  const untitled = t('news.admin.list.untitled');

  const togglePublished = async (article: NewsArticle) => {
    setToggling(article.id);
    const body = { published: !article.published };
    const res = await api<NewsArticle>(`/news/${encodeURIComponent(article.id)}`, { method: 'PUT', body });
    setToggling(null);
    if (!res.ok) {
      toast.error(t.error(res.code));
      return;
    }
    const title = titleIn(res.data, locale, untitled);
    toast.success(t(res.data.published ? 'news.admin.list.publishedToast' : 'news.admin.list.unpublishedToast', { title }));
    list.updateRows((rows) => rows.map((r) => (r.id === res.data.id ? res.data : r)));
  };

  const confirmDelete = () =>
    list.confirmDelete(`/news/${encodeURIComponent(pendingDelete?.id ?? '')}`, (result) => {
      if (result.ok) toast.success(t('news.admin.list.deleted', { title: pendingDelete ? titleIn(pendingDelete, locale, untitled) : '' }));
      else toast.error(t.error(result.code));
    });

  const editHref = (id: string) => localizePath(sectionPath('newsEdit', { id }), locale);

  return (
    <div className="mt-6 space-y-5" data-testid="news-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField id="news-search" label={t('news.admin.list.searchLabel')} placeholder={t('news.admin.list.searchPlaceholder')} value={search} onChange={setSearch} />
        <a href={localizePath(sectionPath('newsNew'), locale)} className={primaryButtonClass} data-testid="news-new">
          <span aria-hidden="true">+</span> {t('news.admin.list.new')}
        </a>
      </div>

      <ListStatus
        testId="news"
        failed={!!failure && !data}
        ready={!!data}
        empty={data?.rows.length === 0}
        filtered={query !== ''}
        texts={{
          error: t('news.admin.list.loadError'),
          retry: t('dashboard.common.retry'),
          loading: t('news.admin.list.loading'),
          empty: t('news.admin.list.empty'),
          noMatch: t('news.admin.list.noMatch'),
        }}
        onRetry={list.retry}
      >
        {data && (
          <DataTable
            caption={t('news.admin.list.caption', { total: data.total })}
            testId="news-table"
            loading={loading}
            columns={[{ label: t('news.admin.list.columns.title') }, { label: t('news.admin.list.columns.status') }, { label: t('news.admin.list.columns.date') }, { label: t('news.admin.list.columns.actions'), align: 'right' }]}
          >
            {data.rows.map((article) => {
              const title = titleIn(article, locale, untitled);
              const when = article.publishedAt ?? article.updatedAt ?? article.createdAt;
              return (
                <tr key={article.id} className={rowClass} data-testid={`news-row-${article.id}`}>
                  <th scope="row" className={`${tdClass} max-w-[18rem] font-semibold text-white`}>
                    <div className="flex items-center gap-3">
                      {article.image ? (
                        <img src={article.image} alt="" loading="lazy" className="h-10 w-14 shrink-0 rounded-md border border-line object-cover" />
                      ) : (
                        <span aria-hidden="true" className="h-10 w-14 shrink-0 rounded-md border border-dashed border-line" />
                      )}
                      <a href={editHref(article.id)} className={`${linkClass} block min-w-0 truncate text-slate-100`} title={title} data-testid="news-row-title">
                        {title}
                      </a>
                    </div>
                  </th>
                  <td className={tdClass} data-testid="news-row-status" data-published={article.published}>
                    <span
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${article.published ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40' : 'bg-slate-500/15 text-slate-300 ring-slate-500/40'}`}
                    >
                      {article.published ? t('news.admin.list.published') : t('news.admin.list.draft')}
                    </span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
                    <time dateTime={when}>{formatDateTime(when, locale)}</time>
                  </td>
                  <td className={`${tdClass} text-right`}>
                    <div className="flex justify-end gap-2">
                      <button
                        type="button"
                        className={smallButtonClass}
                        onClick={() => togglePublished(article)}
                        disabled={toggling === article.id}
                        aria-label={t(article.published ? 'news.admin.list.unpublishLabel' : 'news.admin.list.publishLabel', { title })}
                        data-testid="news-row-toggle"
                      >
                        {article.published ? t('news.admin.list.unpublish') : t('news.admin.list.publish')}
                      </button>
                      <a href={editHref(article.id)} className={`${smallButtonClass} px-2`} aria-label={t('news.admin.list.editLabel', { title })} title={t('dashboard.common.edit')} data-testid="news-row-edit">
                        <EditIcon />
                      </a>
                      <button
                        type="button"
                        className={`${dangerSmallButtonClass} px-2`}
                        onClick={() => setPendingDelete(article)}
                        aria-label={t('news.admin.list.deleteLabel', { title })}
                        title={t('dashboard.common.delete')}
                        data-testid="news-row-delete"
                      >
                        <DeleteIcon />
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </ListStatus>

      <ListFooter page={page} total={data?.total ?? 0} onPageChange={list.setPage} testId="news-pagination" summaryTestId="news-summary" navLabel={t('news.admin.list.paginationLabel')} t={t} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('news.admin.list.deleteTitle')}
        message={t('news.admin.list.deleteMessage', { title: pendingDelete ? titleIn(pendingDelete, locale, untitled) : '' })}
        confirmLabel={deleting ? t('dashboard.common.deleting') : t('dashboard.common.delete')}
        cancelLabel={t('dashboard.common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
        busy={deleting}
        danger
        testId="news-delete-dialog"
      />
    </div>
  );
}
