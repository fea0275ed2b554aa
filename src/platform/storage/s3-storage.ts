import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { serviceUnavailable } from '../errors/app-error.ts';
import { assertObjectName, BUCKET_PATTERN, NAME_PATTERN, type MediaStorage } from './media-storage.ts';

/** Where the S3-compatible store is and how long it may take (MEDIA_STORAGE=s3, src/platform/http/config.ts). */
export interface S3StorageOptions {
  /** the one S3 bucket every agency's images go to, as `{agency}/{name}` keys */
  bucket: string;
  /** another S3-compatible service (R2, MinIO, a local s3rver); unset: AWS itself */
  endpoint?: string;
  region: string;
  /** unset: the SDK's default chain (environment, shared files, instance or task role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO, s3rver) */
  forcePathStyle: boolean;
  /** longest one read or write may take, retry included (S3_TIMEOUT_MS) */
  timeoutMs: number;
  /** keys a listing asks for per page; unset, S3's most: 1,000 */
  listPageKeys?: number;
}

export interface S3StorageLog {
  warn(obj: object, msg: string): void;
}

/** Seconds a client is asked to wait after a storage fault: about one timeout. */
const RETRY_AFTER_SECONDS = 3;

/**
 * Images in one S3-compatible bucket, shared by every host. Each object carries its type and an
 * immutable cache policy, so a CDN or a browser reading the bucket directly keeps it as /media does.
 *
 * A store that is down or slow must not hold a request: the connection has a second at most, each
 * attempt half the budget, one retry, and the whole call is cut at `timeoutMs` (the body included).
 * Any failure but "no such key" is then 503 SERVICE_UNAVAILABLE, as a database fault is; a missing
 * object is null, so the route answers 404 as with disk.
 */
export function createS3Storage(options: S3StorageOptions, log?: S3StorageLog): MediaStorage {
  const attemptMs = Math.max(1, Math.ceil(options.timeoutMs / 2));
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: 2,
    // since 3.729 the SDK adds CRC32 checksum headers to every write, which some S3-compatible
    // services refuse (R2 answered 501 NotImplemented); only where an operation requires one
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: Math.min(1000, attemptMs),
      requestTimeout: attemptMs,
      throwOnRequestTimeout: true,
      socketTimeout: attemptMs,
    },
  });
  const key = (bucket: string, name: string) => {
    assertObjectName(bucket, name);
    return `${bucket}/${name}`;
  };
  const unavailable = (e: unknown, op: string, objectKey: string) => {
    log?.warn({ err: e, key: objectKey }, `media storage unavailable (S3 ${op})`);
    return serviceUnavailable(RETRY_AFTER_SECONDS);
  };
  return {
    async put(bucket, name, data, contentType) {
      const Key = key(bucket, name);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: data,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal: AbortSignal.timeout(options.timeoutMs) },
        );
      } catch (e) {
        throw unavailable(e, 'put', Key);
      }
    },
    async get(bucket, name) {
      let Key: string;
      try {
        Key = key(bucket, name);
      } catch {
        return null;
      }
      // one signal for the answer and its body: a store that stalls halfway through is cut too
      const abortSignal = AbortSignal.timeout(options.timeoutMs);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }), { abortSignal });
        if (!answer.Body) return Buffer.alloc(0);
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (e) {
        if (isMissing(e)) return null;
        throw unavailable(e, 'get', Key);
      }
    },
    async *list(bucket) {
      if (!BUCKET_PATTERN.test(bucket)) throw new Error(`invalid media bucket ${bucket}`);
      const Prefix = `${bucket}/`;
      // Each page starts after the last key of the one before (keys come in order): the first listing call
      // (ListObjects with a Marker), which every S3-compatible store answers alike. The second's continuation tokens
      // are each store's own, and s3rver makes them with DES, which the OpenSSL of current Node no longer offers.
      let Marker: string | undefined;
      for (;;) {
        const page = await client
          .send(new ListObjectsCommand({ Bucket: options.bucket, Prefix, Marker, MaxKeys: options.listPageKeys }), {
            abortSignal: AbortSignal.timeout(options.timeoutMs),
          })
          .catch((e: unknown) => {
            throw unavailable(e, 'list', Prefix);
          });
        const contents = page.Contents ?? [];
        for (const object of contents) {
          const name = object.Key?.slice(Prefix.length) ?? '';
          if (!NAME_PATTERN.test(name) || !object.LastModified) continue;
          yield { name, bytes: object.Size ?? 0, writtenAt: endOfSecond(object.LastModified) };
        }
        if (!page.IsTruncated || !contents.length) return;
        Marker = contents[contents.length - 1].Key;
      }
    },
    async delete(bucket, name, opts = {}) {
      const Key = key(bucket, name);
      const abortSignal = () => AbortSignal.timeout(options.timeoutMs);
      try {
        // S3 has no delete on the condition "not written since" (If-Match names the bytes, which a put of the same
        // picture repeats), so the time is read just before: a put landing between the two calls is lost, a window
        // of one round trip on an object no row named when the sweep looked
        if (opts.writtenBefore) {
          const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key }), {
            abortSignal: abortSignal(),
          });
          if (head.LastModified && endOfSecond(head.LastModified) >= opts.writtenBefore) return 'rewritten';
        }
        // S3 answers a delete of an absent key as done, so without the read before it an absent object is 'deleted'
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }), { abortSignal: abortSignal() });
        return 'deleted';
      } catch (e) {
        if (isMissing(e)) return 'missing';
        throw unavailable(e, 'delete', Key);
      }
    },
    async ping(abortSignal) {
      await client.send(new HeadBucketCommand({ Bucket: options.bucket }), { abortSignal });
    },
    close() {
      client.destroy();
    },
  };
}

/** S3 keeps whole seconds: the object was written within the second it names, so at the latest at its end. */
const endOfSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000 + 999);

/** No such key; a missing bucket is a configuration fault and stays a 503 with its log line. */
function isMissing(e: unknown): boolean {
  return (
    e instanceof S3ServiceException &&
    e.name !== 'NoSuchBucket' &&
    (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404)
  );
}
