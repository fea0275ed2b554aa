import { useState } from 'react';
import { toast } from 'sonner';
import { useAdminList, searchingEveryPage } from '../../../../platform/ui/admin/use-admin-list.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { NewsApi } from '../../endpoints.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { EditorPagesList } from '../../../../platform/ui/admin/EditorPagesList.tsx';
import type { SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { smallButtonClass, tdClass } from '../../../../platform/ui/admin/ui.ts';
import { PublishIcon, UnpublishIcon } from '../../../../platform/ui/admin/icons.tsx';
import { titleIn, type NewsArticle } from './news-types.ts';
import { newsSorts } from '../../contract.ts';

const call: TypedCall<NewsApi> = api;

/** A search reads every article (drafts included, in batches) and matches either language's title. */
const loadIn = (locale: SectionProps['locale']) =>
  searchingEveryPage<NewsArticle>(
    (limit, offset, { values }) =>
      call<'GET /news'>(
        `/news?${new URLSearchParams({
          all: 'true',
          limit: String(limit),
          offset: String(offset),
          sort: values.sort!,
          lang: locale,
        })}`,
      ),
    (a) => `${a.title?.it ?? ''}\n${a.title?.en ?? ''}`,
  );

// on a phone the title needs the room beside the row's three actions more than the cover does
const thumbClass = 'hidden h-10 w-14 shrink-0 rounded-md border sm:block';

/** /dashboard/news: drafts and published articles, with publish/unpublish, edit and delete. */
export default function NewsList({ t, locale }: SectionProps) {
  const [load] = useState(() => loadIn(locale));
  const list = useAdminList<NewsArticle>({
    load,
    params: { sort: { values: newsSorts, initial: 'newest' } },
    loadError: (code) => t.error(code),
  });
  const [toggling, setToggling] = useState<string | null>(null);
  const untitled = t('news.admin.list.untitled');

  const togglePublished = async (article: NewsArticle) => {
    setToggling(article.id);
    const body = { published: !article.published };
    const res = await call<'PUT /news/:id'>(`/news/${encodeURIComponent(article.id)}`, { method: 'PUT', body });
    setToggling(null);
    if (!res.ok) {
      toast.error(t.error(res.code));
      return;
    }
    const title = titleIn(res.data, locale, untitled);
    toast.success(
      t(res.data.published ? 'news.admin.list.publishedToast' : 'news.admin.list.unpublishedToast', { title }),
    );
    list.updateRows((rows) => rows.map((r) => (r.id === res.data.id ? res.data : r)));
  };

  const titleOf = (article: NewsArticle) => titleIn(article, locale, untitled);

  return (
    <EditorPagesList
      section="news"
      locale={locale}
      actions={{ list, t, ns: 'news.admin.list', testId: 'news', compact: true }}
      id="news"
      columns={[{ key: 'title', sort: 'title' }, { key: 'status' }, { key: 'date', sort: 'date' }]}
      rowId={(article) => article.id}
      vars={(article) => ({ title: titleOf(article) })}
      remove={(article) => call<'DELETE /news/:id'>(`/news/${encodeURIComponent(article.id)}`, { method: 'DELETE' })}
      rowButtons={(article) => {
        const toggleText = article.published ? t('news.admin.list.unpublish') : t('news.admin.list.publish');
        return (
          <button
            type="button"
            className={`${smallButtonClass} max-sm:px-2`}
            onClick={() => togglePublished(article)}
            disabled={toggling === article.id}
            aria-label={t(article.published ? 'news.admin.list.unpublishLabel' : 'news.admin.list.publishLabel', {
              title: titleOf(article),
            })}
            title={toggleText}
            data-testid="news-row-toggle"
          >
            {/* on a phone the icon alone, as edit and delete beside it */}
            {article.published ? <UnpublishIcon /> : <PublishIcon />}{' '}
            <span className="max-sm:hidden">{toggleText}</span>
          </button>
        );
      }}
    >
      {(article, editHref) => {
        const title = titleOf(article);
        const when = article.publishedAt ?? article.updatedAt ?? article.createdAt;
        return (
          <>
            <th scope="row" className={`${tdClass} max-w-[18rem] font-semibold text-white`}>
              <div className="flex items-center gap-3">
                {article.image ? (
                  <img src={article.image} alt="" loading="lazy" className={`${thumbClass} border-line object-cover`} />
                ) : (
                  <span aria-hidden="true" className={`${thumbClass} border-dashed border-line`} />
                )}
                <a
                  href={editHref}
                  className={`${linkClass} block min-w-0 truncate text-slate-100`}
                  title={title}
                  data-testid="news-row-title"
                >
                  {title}
                </a>
              </div>
            </th>
            <td className={tdClass} data-testid="news-row-status" data-published={article.published}>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
                  article.published
                    ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40'
                    : 'bg-slate-500/15 text-slate-300 ring-slate-500/40'
                }`}
              >
                {article.published ? t('news.admin.list.published') : t('news.admin.list.draft')}
              </span>
            </td>
            <td className={`${tdClass} whitespace-nowrap text-slate-300`}>
              <time dateTime={when}>{formatDateTime(when, locale)}</time>
            </td>
          </>
        );
      }}
    </EditorPagesList>
  );
}
