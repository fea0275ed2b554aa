import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import S3rver from 's3rver';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaStorageConfig } from '../../../src/platform/http/config.ts';

/**
 * A local S3-protocol server (s3rver) in this process, on a free loopback port, keeping its
 * objects in a temporary folder, with the one bucket the app's S3 store writes into. `config`
 * is the app's MEDIA_STORAGE=s3 setting pointing at it; `stop()` takes it down (a fault test's
 * "S3 is down"), `close()` also removes its folder.
 */
export interface LocalS3 {
  endpoint: string;
  port: number;
  bucket: string;
  config(overrides?: Partial<Extract<MediaStorageConfig, { kind: 's3' }>>): Extract<MediaStorageConfig, { kind: 's3' }>;
  /** an object as S3 holds it (the key is `{agency}/{name}`), read with the SDK; null when absent */
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; bytes: Buffer } | null>;
  /** writes any key, one the app's store would refuse included */
  putRaw(key: string, body: Buffer): Promise<void>;
  /** makes an object look last written at `at` (s3rver answers its file's modification time as LastModified) */
  writtenAt(key: string, at: Date): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'arena-media'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  readsItsWrites(server);
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver checks signatures against its one fixed key pair
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    endpoint,
    port,
    bucket,
    config: (overrides = {}) => ({
      kind: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials,
      forcePathStyle: true,
      // s3rver answers from the test's own process: on a loaded machine a call waits for that event loop too, so the
      // budget is wide; the fault tests name their own
      timeoutMs: 10_000,
      ...overrides,
    }),
    async head(key) {
      const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          contentType: answer.ContentType,
          cacheControl: answer.CacheControl,
          bytes: Buffer.from(await answer.Body!.transformToByteArray()),
        };
      } catch (e) {
        if ((e as Error).name === 'NoSuchKey') return null;
        throw e;
      } finally {
        client.destroy();
      }
    },
    async putRaw(key, body) {
      const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
      } finally {
        client.destroy();
      }
    },
    async writtenAt(key, at) {
      const store = (server as unknown as { store: S3rverStore }).store;
      await fs.utimes(store.getResourcePath(bucket, key, 'object'), at, at);
    },
    stop,
    async close() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The parts of s3rver's file store that its PUT goes through. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string, kind: 'object'): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: ObjectWrite): Promise<{ size: number; md5: string }>;
}
interface ObjectWrite {
  bucket: string;
  key: string;
  content: Buffer | AsyncIterable<Buffer>;
  metadata: Record<string, string>;
}

/**
 * S3 gives back an object as soon as its PUT has answered. s3rver 3.7 answers once the body has been
 * hashed, while its file may still be unwritten, so a read right after can find the object empty (seen
 * on a loaded machine). Its store's write is replaced by one that answers after the file is on disk.
 */
function readsItsWrites(server: S3rver) {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(chunk);
    const content = Buffer.concat(chunks);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    const md5 = createHash('md5').update(content).digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  };
}
