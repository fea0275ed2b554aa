import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Where uploaded images live. The disk implementation (below) suits one host; several hosts share
 * one S3-compatible bucket (s3-storage.ts, MEDIA_STORAGE=s3). Our "bucket" is the agency's folder,
 * the first part of the address /media/{bucket}/{name}.
 */
export interface MediaStorage {
  put(bucket: string, name: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(bucket: string, name: string): Promise<Buffer | null>;
  /** releases connections; called when the app closes */
  close?(): void;
  /** resolves when a remote store answers (the readiness check); a local disk has none */
  ping?(signal: AbortSignal): Promise<void>;
}

/** Bucket and object names are ours (checked here too), so no path can leave the root. */
export const BUCKET_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

/**
 * The name of stored bytes is derived from them (the first 128 bits of their sha256), so one image
 * has one address, which may be cached for good: the same name can never hold other bytes. Names
 * given before were random hex of the same shape and stay readable.
 */
export function contentName(data: Buffer, ext: string): string {
  return `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${ext}`;
}

/** Checks a bucket and name before any store touches them; the routes check the same patterns first. */
export function assertObjectName(bucket: string, name: string) {
  if (!BUCKET_PATTERN.test(bucket) || !NAME_PATTERN.test(name))
    throw new Error(`invalid media object ${bucket}/${name}`);
}

export function createDiskStorage(root: string): MediaStorage {
  const fileOf = (bucket: string, name: string) => {
    assertObjectName(bucket, name);
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
    /** uploaded images; disk under DATA_DIR/media by default, or S3 (MEDIA_STORAGE) */
    mediaStorage: MediaStorage;
  }
}
