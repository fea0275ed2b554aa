import { isId } from '../../../platform/ids.ts';
import type { Updateable } from 'kysely';
import type { NewsTable } from '../../../platform/db/schema.ts';
import type { NewsArticle, NewsInput, NewsUpdate } from '../contract.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as NewsRepository from './repository.ts';
import {
  audited,
  auditedCreate,
  auditedEdit,
  deleted,
  type Actor,
  type AuditedRecord,
} from '../../audit/server/service.ts';
import type { ServiceContext } from '../../../platform/context.ts';

export const newsNotFound = () => new AppError('notFound', 'NEWS_NOT_FOUND', 'News article not found');

export async function list(
  ctx: ServiceContext,
  q: { limit: number; offset: number; includeDrafts: boolean; sort?: string; lang?: 'it' | 'en' },
) {
  return NewsRepository.list(ctx.db.kysely, ctx.config.ownerId, q);
}

/** One article; a draft only when `includeDrafts` (an admin asks). */
export async function get(ctx: ServiceContext, id: string, includeDrafts: boolean): Promise<NewsArticle> {
  const found = await NewsRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  if (!found || (!found.published && !includeDrafts)) throw newsNotFound();
  return found;
}

/** For on-demand pages (App.Locals.data): published only, null when missing. */
export async function findPublished(ctx: ServiceContext, id: string): Promise<NewsArticle | null> {
  if (!isId(id)) return null;
  const found = await NewsRepository.findById(ctx.db.kysely, ctx.config.ownerId, id);
  return found && found.published ? found : null;
}

/** An article as its audit entries show it (a draft too), read in the write's transaction. */
const articleRecord = (id: string): AuditedRecord<NewsArticle> => ({
  entityType: 'news',
  entityId: id,
  read: (tx) => get(tx, id, true),
});

export function create(ctx: ServiceContext, actor: Actor, input: NewsInput): Promise<NewsArticle> {
  const insert = (tx: ServiceContext) =>
    NewsRepository.insert(tx.db.kysely, ctx.config.ownerId, {
      title_it: input.title.it,
      title_en: input.title.en,
      summary_it: input.summary.it,
      summary_en: input.summary.en,
      body_it: sanitizeRichText(input.body.it),
      body_en: sanitizeRichText(input.body.en),
      image: input.image,
      published: input.published ? 1 : 0,
      published_at: input.published ? new Date().toISOString() : null,
    });
  return auditedCreate(ctx, actor, input.published ? 'news.publish' : 'news.create', insert, articleRecord);
}

export function update(ctx: ServiceContext, actor: Actor, id: string, input: NewsUpdate): Promise<NewsArticle> {
  return audited(ctx, actor, async (tx, audit) => {
    const before = await get(tx, id, true);
    const changes: Updateable<NewsTable> = {};
    if (input.title) Object.assign(changes, { title_it: input.title.it, title_en: input.title.en });
    if (input.summary) Object.assign(changes, { summary_it: input.summary.it, summary_en: input.summary.en });
    if (input.body)
      Object.assign(changes, { body_it: sanitizeRichText(input.body.it), body_en: sanitizeRichText(input.body.en) });
    if (input.image !== undefined) changes.image = input.image;
    if (input.published !== undefined) {
      changes.published = input.published ? 1 : 0;
      // publishing stamps the date when the article goes live; unpublishing clears it
      if (input.published && !before.published) changes.published_at = before.publishedAt ?? new Date().toISOString();
      if (!input.published) changes.published_at = null;
    }
    if (!(await NewsRepository.update(tx.db.kysely, ctx.config.ownerId, id, changes))) throw newsNotFound();
    const after = await get(tx, id, true);
    const action =
      after.published && !before.published
        ? 'news.publish'
        : !after.published && before.published
          ? 'news.unpublish'
          : 'news.update';
    await audit({ action, entityType: 'news', entityId: id, before, after });
    return after;
  });
}

export async function remove(ctx: ServiceContext, actor: Actor, id: string): Promise<void> {
  const removeRow = async (tx: ServiceContext) => {
    if (!(await NewsRepository.remove(tx.db.kysely, ctx.config.ownerId, id))) throw newsNotFound();
  };
  await auditedEdit(ctx, actor, 'news.delete', articleRecord(id), removeRow, deleted);
}
