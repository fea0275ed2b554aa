import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '../../../src/platform/browser/typed-api.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The browser's typed calls (TypedCall over each feature's endpoints.ts) are checked by tsc against
 * these maps only: every key must be a route the app serves, with that method and path, a JSON body
 * exactly when the map gives one, the map's query parameters, and the map's answer as its `data`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const featuresDir = path.resolve('src/features');
async function endpointMaps(): Promise<[string, Record<string, Endpoint>][]> {
  const maps: [string, Record<string, Endpoint>][] = [];
  for (const feature of fs.readdirSync(featuresDir).sort()) {
    const file = path.join(featuresDir, feature, 'endpoints.ts');
    if (!fs.existsSync(file)) continue;
    const mod: Record<string, unknown> = await import(file);
    for (const [name, value] of Object.entries(mod))
      maps.push([`${feature}.${name}`, value as Record<string, Endpoint>]);
  }
  return maps;
}

/** 'PUT /users/pp/:id' → the OpenAPI path '/api/users/pp/{id}' and method 'put'. */
function openApiKey(key: string) {
  const [method, route] = key.split(' ') as [string, string];
  return { method: method.toLowerCase(), path: `/api${route.replace(/:(\w+)/g, '{$1}')}` };
}

test('every entry of the endpoint maps is a route of the app, with its body, query and answer', async () => {
  const doc: any = t.app.swagger();
  const maps = await endpointMaps();
  expect(maps.map(([name]) => name)).toEqual(
    expect.arrayContaining(['accounts.accountsApi', 'reminders.remindersApi']),
  );
  const problems: string[] = [];
  let checked = 0;
  for (const [name, map] of maps) {
    for (const [key, endpoint] of Object.entries(map)) {
      checked++;
      const { method, path: p } = openApiKey(key);
      const op = doc.paths[p]?.[method];
      if (!op) {
        problems.push(`${name} '${key}': no such route`);
        continue;
      }
      const hasBody = Boolean(op.requestBody?.content?.['application/json']);
      if (hasBody !== Boolean(endpoint.body)) problems.push(`${name} '${key}': body ${hasBody ? 'missing' : 'extra'}`);
      const query = (op.parameters ?? []).filter((x: { in: string }) => x.in === 'query').map((x: any) => x.name);
      const mapped = endpoint.query ? Object.keys((endpoint.query as z.ZodObject).shape) : [];
      if (query.sort().join() !== mapped.sort().join())
        problems.push(`${name} '${key}': query ${query.join() || '-'} ≠ map ${mapped.join() || '-'}`);
      const success = op.responses?.['200'] ?? op.responses?.['201'];
      const data = success?.content?.['application/json']?.schema?.properties?.data;
      const expected = z.toJSONSchema(endpoint.response, { io: 'output', unrepresentable: 'any' });
      if (!data || JSON.stringify(shape(data)) !== JSON.stringify(shape(expected)))
        problems.push(`${name} '${key}': the answer's data ${JSON.stringify(shape(data))} is not the map's response`);
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThan(10);
});

/**
 * The property names and types of a JSON schema, nested: what a client reads of an answer (the
 * OpenAPI document and zod write "or null" differently, so null is left out).
 */
function shape(schema: any): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.anyOf) {
    const options = schema.anyOf.filter((o: any) => o.type !== 'null');
    return options.length === 1 ? shape(options[0]) : { anyOf: options.map(shape) };
  }
  if (Array.isArray(schema.type)) return shape({ ...schema, type: schema.type.find((x: string) => x !== 'null') });
  if (schema.type === 'array') return { array: shape(schema.items) };
  if (schema.type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries<any>(schema.properties ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return schema.type ?? (schema.const !== undefined ? 'const' : schema.enum ? 'enum' : 'any');
}
