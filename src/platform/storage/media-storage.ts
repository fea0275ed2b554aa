import type { Dir } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

/** An object as a listing finds it. */
export interface StoredObject {
  name: string;
  bytes: number;
  /**
   * When it was last written, at the latest: a store that keeps whole seconds (S3) answers the end of that second,
   * so an object is never taken for older than it is.
   */
  writtenAt: Date;
}

/** What a delete did: the object went, it was written again since the given instant (so it stays), or it was gone. */
export type DeleteOutcome = 'deleted' | 'rewritten' | 'missing';

/**
 * Where uploaded images live. The disk implementation (below) suits one host; several hosts share
 * one S3-compatible bucket (s3-storage.ts, MEDIA_STORAGE=s3). Our "bucket" is the agency's folder,
 * the first part of the address /media/{bucket}/{name}.
 */
export interface MediaStorage {
  put(bucket: string, name: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(bucket: string, name: string): Promise<Buffer | null>;
  /** Every object of a bucket whose name is one we give (NAME_PATTERN), read a page at a time. */
  list(bucket: string): AsyncIterable<StoredObject>;
  /**
   * Removes an object. With `writtenBefore`, an object written at or after that instant stays ('rewritten'): a put
   * of the same picture while the media sweep decided it was an orphan makes it a new upload again.
   */
  delete(bucket: string, name: string, opts?: { writtenBefore?: Date }): Promise<DeleteOutcome>;
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
        if (isAbsent(e)) return null;
        throw e;
      }
    },
    async *list(bucket) {
      if (!BUCKET_PATTERN.test(bucket)) throw new Error(`invalid media bucket ${bucket}`);
      let dir: Dir;
      try {
        dir = await fs.opendir(path.join(root, bucket), { bufferSize: 256 });
      } catch (e) {
        if (isAbsent(e)) return;
        throw e;
      }
      // the folder is read as it goes, never whole; a put's `.tmp` file and a delete's `.sweep` one are not objects
      for await (const entry of dir) {
        if (!entry.isFile() || !NAME_PATTERN.test(entry.name)) continue;
        const stat = await fs.stat(path.join(root, bucket, entry.name)).catch((e: unknown) => {
          if (isAbsent(e)) return null;
          throw e;
        });
        if (stat) yield { name: entry.name, bytes: stat.size, writtenAt: stat.mtime };
      }
    },
    async delete(bucket, name, opts = {}) {
      const file = fileOf(bucket, name);
      // Moved aside first, then judged by the file moved: a put that lands after the move writes a new file in
      // its place, and one that landed before it is seen as written since and moved back (a put of a name always
      // writes the same bytes, so moving back over a newer put loses nothing).
      const aside = `${file}.${randomBytes(4).toString('hex')}.sweep`;
      try {
        await fs.rename(file, aside);
      } catch (e) {
        if (isAbsent(e)) return 'missing';
        throw e;
      }
      const { mtime } = await fs.stat(aside);
      if (opts.writtenBefore && mtime >= opts.writtenBefore) {
        await fs.rename(aside, file);
        return 'rewritten';
      }
      await fs.unlink(aside);
      return 'deleted';
    },
  };
}

const isAbsent = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

declare module 'fastify' {
  interface FastifyInstance {
    /** uploaded images; disk under DATA_DIR/media by default, or S3 (MEDIA_STORAGE) */
    mediaStorage: MediaStorage;
  }
}
