import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../src/platform/http/config.ts';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test('health answers once the database does, naming the engine', async () => {
  const { status, json } = await t.call('GET', '/api/health');
  expect(status).toBe(200);
  expect(json).toEqual({
    status: 'SUCCESS',
    data: {
      database: engine,
      cacheChannel: expect.any(String),
      version: expect.any(String),
      commit: expect.any(String),
    },
  });
});

test('the OpenAPI document lists every users path with its method', async () => {
  const { status, json } = await t.call('GET', '/api/openapi.json');
  expect(status).toBe(200);
  expect(json.openapi).toMatch(/^3\./);
  const paths = json.paths as Record<string, Record<string, unknown>>;
  const expected: [string, string][] = [
    ['/api/health', 'get'],
    ['/api/users/authenticate', 'post'],
    ['/api/users/pp', 'post'],
    ['/api/users/me', 'get'],
    ['/api/users/pp/{id}', 'put'],
    ['/api/users/{id}', 'get'],
    ['/api/users/sendReset', 'post'],
    ['/api/users/reset', 'post'],
    ['/api/users/logout', 'post'],
  ];
  for (const [path, method] of expected) expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
  // the login body is documented as JSON with e-mail and password, never as query parameters
  const login = paths['/api/users/authenticate'].post as any;
  expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
    expect.arrayContaining(['email', 'password']),
  );
  expect(login.parameters ?? []).toEqual([]);
});

describe('unknown API paths', () => {
  test.each([
    ['GET', '/api/nope'],
    ['POST', '/api/users/nope/deeper'],
    ['DELETE', '/api/users/pp'],
    ['GET', '/api/users/pp'],
    ['GET', '/api'],
  ] as const)('%s %s is a 404 NOT_FOUND envelope', async (method, url) => {
    const { status, json, res } = await t.call(method, url);
    expect(status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(json).toMatchObject({ status: 'ERROR', error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});

test('rate limits are on unless configured off', () => {
  expect(loadConfig({}).rateLimits).toBe(true);
  expect(loadConfig({ RATE_LIMITS: 'false' }).rateLimits).toBe(false);
  expect(loadConfig({}, { rateLimits: false }).rateLimits).toBe(false);
});
