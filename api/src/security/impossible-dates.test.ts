/**
 * Issue 32: a day that is on no calendar (2026-02-30) or outside the years the product takes
 * (0000-01-01) in any read's query — every list's from/to, the suspense queue, the report period,
 * the CSV exports — is a 400 naming the parameter, before any byte of an answer: never a 500 from
 * the database, never an export cut off after its 200.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, authHeader } from '../../test/helper';
import { buildListingRoutes } from '../../test/support/security';

type Field = { options?: string[]; unwrap?: () => Field };
const shapeOf = (schema: unknown) => (schema as { shape?: Record<string, Field> }).shape ?? {};

/** The date parameters a query schema declares (zod objects expose their fields as `shape`). */
function dateParameters(schema: unknown): string[] {
  const shape = shapeOf(schema);
  return ['from', 'to', 'start_date', 'end_date'].filter((name) => name in shape);
}

/**
 * What else the query must carry for the date to be read: a report's custom period, an export's
 * list (the first it offers).
 */
function otherParameters(schema: unknown): string {
  const shape = shapeOf(schema);
  const parts: string[] = [];
  if ('period' in shape) parts.push('period=custom');
  const list = shape.list;
  const lists = list?.options ?? list?.unwrap?.().options;
  if (lists?.[0]) parts.push(`list=${lists[0]}`);
  return parts.map((part) => `${part}&`).join('');
}

const IMPOSSIBLE = ['2026-02-30', '0000-01-01', '2026-13-01', '9999-12-31'];

test('every read with a date parameter answers 400 naming it for an impossible day, on lists and exports alike', async (t) => {
  const { testApp, querySchemas } = await buildListingRoutes(t);
  const admin = await authHeader(testApp.app, ADMIN.email, ADMIN.password);
  const dated = [...querySchemas]
    .filter(([route]) => route.startsWith('GET ') && !route.includes(':'))
    .map(([route, schema]) => [route.slice(4), dateParameters(schema), otherParameters(schema)] as const)
    .filter(([, parameters]) => parameters.length > 0);
  const paths = dated.map(([path]) => path);
  // The lists the issue names are among them: a list, the suspense queue, the report, an export.
  for (const path of ['/api/customers', '/api/mpesa/suspense', '/api/exports/customers.csv'] as const) {
    assert.ok(paths.includes(path), `${path} has a date parameter (${paths.join(', ')})`);
  }
  const wrong: string[] = [];
  for (const [path, parameters, others] of dated) {
    for (const parameter of parameters) {
      for (const day of IMPOSSIBLE) {
        const query = `${others}${parameter}=${day}`;
        const response = await testApp.app.inject({ url: `${path}?${query}`, headers: admin });
        const field =
          response.statusCode === 400
            ? response.json<{ errors?: { field: string }[] }>().errors?.[0]?.field
            : undefined;
        if (response.statusCode !== 400 || field !== parameter)
          wrong.push(
            `GET ${path}?${parameter}=${day} → ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
      }
    }
  }
  assert.deepEqual(wrong, [], `${dated.length} routes with date parameters`);
});

test('a real day at the edges of 1900–2199 is read as any other', async (t) => {
  const { testApp } = await buildListingRoutes(t);
  const admin = await authHeader(testApp.app, ADMIN.email, ADMIN.password);
  for (const url of ['/api/customers?from=1900-01-01&to=2199-12-31', '/api/mpesa/suspense?from=2024-02-29']) {
    const response = await testApp.app.inject({ url, headers: admin });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  }
});
