import type { RecordUpload } from '../platform/storage/media-service.ts';
import { audited } from '../features/audit/server/service.ts';

/** An admin's image upload is an admin write like any other: the audit feature records it. */
export const auditUpload: RecordUpload = (ctx, actor, upload) =>
  audited(ctx, actor, (_tx, audit) =>
    audit({ action: 'media.upload', entityType: 'media', entityId: upload.name, before: null, after: upload }),
  );
