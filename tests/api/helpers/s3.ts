import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
      timeoutMs: 2000,
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
    stop,
    async close() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
