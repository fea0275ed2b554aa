import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded images live. The disk implementation suits one API process; with several behind
 * a load balancer, an object-store implementation of this interface (S3, R2, GCS: a bucket per
 * agency, the name as key) replaces it without touching the routes.
 */
export interface MediaStorage {
  put(bucket: string, name: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(bucket: string, name: string): Promise<Buffer | null>;
}

/** Bucket and object names are ours (checked here too), so no path can leave the root. */
export const BUCKET_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

export function newObjectName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

export function createDiskStorage(root: string): MediaStorage {
  const fileOf = (bucket: string, name: string) => {
    if (!BUCKET_PATTERN.test(bucket) || !NAME_PATTERN.test(name)) throw new Error(`invalid media object ${bucket}/${name}`);
    return path.join(root, bucket, name);
  };
  return {
    async put(bucket, name, data) {
      const file = fileOf(bucket, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // written aside and renamed, so a reader never sees half a file
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data, { flag: 'wx' });
      await fs.rename(tmp, file);
    },
    async get(bucket, name) {
      if (!BUCKET_PATTERN.test(bucket) || !NAME_PATTERN.test(name)) return null;
      try {
        return await fs.readFile(fileOf(bucket, name));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** uploaded images (DESIGN section 4); disk under DATA_DIR/media by default */
    mediaStorage: MediaStorage;
  }
}
