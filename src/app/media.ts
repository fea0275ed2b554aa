import path from 'node:path';
import type { AppConfig } from '../platform/http/config.ts';
import type { RecordUpload } from '../platform/storage/media-service.ts';
import { createDiskStorage, type MediaStorage } from '../platform/storage/media-storage.ts';
import type { S3StorageLog } from '../platform/storage/s3-storage.ts';
import { inTurn } from '../platform/storage/media-references.ts';
import type { MediaReaders } from '../platform/storage/media-sweep.ts';
import { audited } from '../features/audit/server/service.ts';
import * as TournamentRepository from '../features/tournaments/server/repository.ts';
import * as CompetitionRepository from '../features/tournaments/server/competition-repository.ts';
import * as ReportRepository from '../features/results/server/report-repository.ts';
import * as BadgeRepository from '../features/rewards/server/badge-repository.ts';
import * as ProductRepository from '../features/rewards/server/product-repository.ts';
import * as PurchaseRepository from '../features/rewards/server/purchase-repository.ts';
import * as NewsRepository from '../features/news/server/repository.ts';
import * as CampaignRepository from '../features/campaign/server/repository.ts';

/** An admin's image upload is an admin write like any other: the audit feature records it. */
export const auditUpload: RecordUpload = (ctx, actor, upload) =>
  audited(ctx, actor, (_tx, audit) =>
    audit({ action: 'media.upload', entityType: 'media', entityId: upload.name, before: null, after: upload }),
  );

/**
 * The store of uploaded images the configuration names. The S3 client is a large tree of modules: only a process
 * that keeps its media in a bucket loads it, so every other start (each worker of a cluster, each restart of a
 * deploy) skips that work.
 */
export async function openMediaStorage(config: AppConfig, log: S3StorageLog): Promise<MediaStorage> {
  const media = config.mediaStorage;
  return media.kind === 's3'
    ? (await import('../platform/storage/s3-storage.ts')).createS3Storage(media, log)
    : createDiskStorage(path.join(config.dataDir, 'media'));
}

/**
 * Every feature whose rows keep an image address, and its read of them: the media sweep deletes an old upload none
 * of these names. A feature that starts keeping one (a column, or pictures in a rich text) adds its read here.
 * The audit log is left out on purpose: its entries are history, and an image they show (an upload, a replaced
 * picture) goes once no live row names it. Within rewards the products are read before the purchases, which copy
 * their product's picture (media-references.ts, inTurn).
 */
export const mediaReaders: MediaReaders = {
  tournaments: inTurn(TournamentRepository.mediaReferences, CompetitionRepository.mediaReferences),
  results: ReportRepository.mediaReferences,
  rewards: inTurn(
    BadgeRepository.mediaReferences,
    ProductRepository.mediaReferences,
    PurchaseRepository.mediaReferences,
  ),
  news: NewsRepository.mediaReferences,
  campaign: CampaignRepository.mediaReferences,
};
