import { describe, expect, test } from 'vitest';
import { loadConfig, parseMediaStorage } from '../../../src/platform/http/config.ts';

describe('MEDIA_STORAGE and the S3_* variables', () => {
  test('the disk is the default', () => {
    expect(parseMediaStorage({})).toEqual({ kind: 'disk' });
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'disk' });
  });

  test('s3 with a bucket only: AWS in us-east-1 through the SDK’s credential chain, virtual-hosted addresses', () => {
    expect(parseMediaStorage({ MEDIA_STORAGE: 's3', S3_BUCKET: 'arena-media' })).toEqual({
      kind: 's3',
      bucket: 'arena-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      timeoutMs: 5000,
    });
  });

  test('an endpoint (R2, MinIO) with keys: path-style unless told otherwise', () => {
    const base = {
      MEDIA_STORAGE: 'S3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_TIMEOUT_MS: '2500',
    };
    expect(parseMediaStorage(base)).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      region: 'auto',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      timeoutMs: 2500,
    });
    expect(parseMediaStorage({ ...base, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
  });

  test.each([
    [{ MEDIA_STORAGE: 'gcs' }, /MEDIA_STORAGE="gcs" is not "disk" or "s3"/],
    [{ MEDIA_STORAGE: 's3' }, /needs S3_BUCKET/],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'My_Bucket' }, /S3_BUCKET="My_Bucket" is not a valid bucket name/],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' },
      /S3_ENDPOINT="minio:9000" is not an http\(s\) URL/,
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, /go together/],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' },
      /S3_FORCE_PATH_STYLE="maybe" is not true or false/,
    ],
    [{ S3_BUCKET: 'media' }, /S3_BUCKET set but MEDIA_STORAGE is "disk"/],
    [
      { MEDIA_STORAGE: 'disk', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1' },
      /S3_ENDPOINT, S3_REGION set but MEDIA_STORAGE is "disk"/,
    ],
  ])('%o stops the start: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('MEDIA_SWEEP and MEDIA_SWEEP_GRACE_HOURS', () => {
  test('off by default, with a day of grace', () => {
    expect(loadConfig({})).toMatchObject({ mediaSweep: false, mediaSweepGraceHours: 24 });
  });

  test('on, with the grace asked for; a grace under an hour or not a whole number keeps the day', () => {
    expect(loadConfig({ MEDIA_SWEEP: 'true', MEDIA_SWEEP_GRACE_HOURS: '72' })).toMatchObject({
      mediaSweep: true,
      mediaSweepGraceHours: 72,
    });
    for (const grace of ['0', '-5', '1.5', 'soon'])
      expect(loadConfig({ MEDIA_SWEEP_GRACE_HOURS: grace }).mediaSweepGraceHours, grace).toBe(24);
  });
});
