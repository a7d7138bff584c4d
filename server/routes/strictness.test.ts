import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { defaultServerConfig } from '../config';
import { buildApiDocument } from '../openapi/document';
import { PROJECT_IDS, skillIdOf, TABLE_IDS } from '../seed/demo-seed';
import { VIEW_IDS } from '../seed/demo-views';
import { fileTestServer } from '../testing/file-test-server';
import { errorOf, startTestServer } from '../testing/test-server';

/**
 * The API refuses exactly what its documents say it refuses (decision 055), one rule at a
 * time; parameters.property.test.ts checks the same rules with generated values.
 */

const V1 = '/api/public/v1';
const ORDERS = `${V1}/tables/${TABLE_IDS.orders}`;

const server = fileTestServer({ orders: 40 });

async function refusal(path: string): Promise<{ status: number; param?: string; reason?: string }> {
  const response = await server.get(path);
  if (response.status === 200) return { status: 200 };
  const error = await errorOf(response);
  return { status: response.status, param: error.details?.param, reason: error.details?.reason };
}

/** A 400 with this `details.param` and `details.reason`. */
async function expectRefused(path: string, param: string, reason: string): Promise<void> {
  expect(await refusal(path), path).toEqual({ status: 400, param, reason });
}

async function body(path: string): Promise<unknown> {
  const response = await server.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

describe('sort directions are lower case, as the documents list them', () => {
  it.each(['amount:DESC', 'amount:Desc', 'amount:ASC', 'created_at:Asc'])('%s is a 400', (sort) =>
    expectRefused(`${ORDERS}/records?sort=${sort}`, 'sort', 'invalid_sort'),
  );

  it('amount:desc and amount alone are read', async () => {
    expect((await refusal(`${ORDERS}/records?sort=amount:desc`)).status).toBe(200);
    expect((await refusal(`${ORDERS}/records?sort=amount`)).status).toBe(200);
  });
});

describe('limit is a whole decimal number from 1, or a 400', () => {
  it.each(['%205', '+5', '%2B5', '5%20', '05', '5.0', '1e1', '0', '-5', ''])(
    'limit=%s is a 400',
    (limit) => expectRefused(`${V1}/tasks?limit=${limit}`, 'limit', 'invalid_limit'),
  );

  it('5 gives 5 items; a number above the maximum is capped', async () => {
    const five = (await body(`${V1}/tasks?limit=5`)) as { tasks: unknown[] };
    expect(five.tasks).toHaveLength(5);
    const capped = (await body(`${ORDERS}/records?limit=99999999999`)) as { records: unknown[] };
    expect(capped.records).toHaveLength(40);
  });
});

describe('ids are UUIDs in any case, in a path as in a filter', () => {
  it('every item path answers the same item for the upper-case id', async () => {
    const task = ((await body(`${V1}/tasks?limit=1`)) as { tasks: { id: string }[] }).tasks[0];
    const record = ((await body(`${ORDERS}/records?limit=1`)) as { records: { id: string }[] })
      .records[0];
    const paths = [
      `${V1}/tasks/${task?.id}`,
      `${V1}/projects/${PROJECT_IDS.acmeWebsite}`,
      `${V1}/skills/${skillIdOf('acme', 3)}`,
      `/v1/skills/${skillIdOf('acme', 3)}`,
      ORDERS,
      `${ORDERS}/records/${record?.id}`,
      `${ORDERS}/openapi.json`,
    ];
    for (const path of paths) {
      const upper = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, (id) => id.toUpperCase());
      expect(upper).not.toBe(path);
      expect(await body(upper), upper).toEqual(await body(path));
    }
  });

  it('a task filter, a REFERENCE filter and a view match alike in either case', async () => {
    const project = PROJECT_IDS.acmeWebsite;
    expect(await body(`${V1}/tasks?project_id=${project.toUpperCase()}`)).toEqual(
      await body(`${V1}/tasks?project_id=${project}`),
    );
    const first = (await body(`${ORDERS}/records?limit=1`)) as {
      records: { fields: { customer: string } }[];
    };
    const customer = first.records[0]?.fields.customer ?? '';
    const byCustomer = (await body(`${ORDERS}/records?filter[customer]=${customer}`)) as {
      records: unknown[];
    };
    expect(byCustomer.records.length).toBeGreaterThan(0);
    expect(await body(`${ORDERS}/records?filter[customer]=${customer.toUpperCase()}`)).toEqual(
      byCustomer,
    );
    expect(await body(`${ORDERS}/records?view=${VIEW_IDS.refunds.toUpperCase()}`)).toEqual(
      await body(`${ORDERS}/records?view=${VIEW_IDS.refunds}`),
    );
  });

  it('something that is no UUID is a 404 in a path and a 400 in a filter', async () => {
    expect((await refusal(`${V1}/tasks/not-an-id`)).status).toBe(404);
    expect((await refusal(`${V1}/tasks/urn:uuid:${PROJECT_IDS.acmeWebsite}`)).status).toBe(404);
    expect(await refusal(`${V1}/tasks?project_id=not-an-id`)).toMatchObject({
      status: 400,
      reason: 'invalid_filter',
    });
  });
});

describe('a filter value is read by its column, exactly as the table document types it', () => {
  it.each([
    ['amount', 'Inf'],
    ['amount', '%2042'],
    ['amount', '.5'],
    ['amount', '1e400'],
    ['order_no', '5.0'],
    ['order_no', '1e1'],
    ['paid', 'TRUE'],
    ['paid', 'yes'],
    ['ordered_at', '2026-03-01T09:30Z'],
    ['ordered_at', '2026-02-30'],
    ['ordered_at', '2026-03-01T24:00:00Z'],
    ['customer', 'Dana'],
  ])('filter[%s]=%s is a 400', (column, value) =>
    expectRefused(
      `${ORDERS}/records?filter[${column}]=${value}`,
      `filter[${column}]`,
      'invalid_filter',
    ),
  );

  it('each filter parameter of a table document has its column type', async () => {
    const document = (await body(`${ORDERS}/openapi.json`)) as {
      paths: Record<string, { get: { parameters: { name: string; schema: JsonObject }[] } }>;
    };
    const schemas = Object.fromEntries(
      (document.paths[`${ORDERS}/records`]?.get.parameters ?? []).map((p) => [p.name, p.schema]),
    );
    expect(schemas['filter[amount]']).toEqual({ type: 'number' });
    expect(schemas['filter[order_no]']).toEqual({ type: 'integer' });
    expect(schemas['filter[paid]']).toEqual({ type: 'boolean' });
    expect(schemas['filter[customer]']).toMatchObject({ type: 'string', format: 'uuid' });
    expect(JSON.stringify(schemas['filter[ordered_at]'])).toContain('"format":"date-time"');
    expect(schemas['filter[status]']).toMatchObject({
      type: 'string',
      examples: ['pending', 'paid', 'shipped', 'refunded', 'cancelled'],
    });
    expect(schemas.view).toMatchObject({ type: 'string', format: 'uuid' });
    expect(schemas.cursor).toMatchObject({ type: 'string', maxLength: 4096 });
    expect(String(schemas.cursor?.pattern)).toMatch(/\{22\}/);
  });
});

type JsonObject = Record<string, unknown>;

describe('an unknown API path is the API’s 404, whatever is served beside the API', () => {
  const dist = mkdtempSync(join(tmpdir(), 'wds-strict-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each([
    ['no dashboard', {}],
    ['a dashboard', { dashboardDir: dist }],
    ['the demo', { dashboardDir: dist, demoKey: 'svc_live_demo_for_test' }],
    ['the demo without files', { demoKey: 'svc_live_demo_for_test' }],
  ])('with %s', async (_, config) => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workspace Browser</title>');
    const app = createApp({ db: server.db, config: defaultServerConfig(config) });
    for (const path of [
      '/api/public/v1/nope',
      '/api/public/v2/tables',
      '/api',
      '/v1/nope',
      `${ORDERS}/x/y`,
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await app.request(path, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
        if (method === 'GET') {
          const error = await errorOf(response);
          expect(error.code).toBe('not_found');
          expect(error.message).toContain('/api/public/v1/');
        }
      }
    }
  });
});

describe("the API's own document", () => {
  it('names its license', () => {
    const { info } = buildApiDocument() as unknown as { info: { license?: { name: string } } };
    expect(info.license?.name).toMatch(/license/i);
  });

  it('needs no key, and an address that asks too often without one is told to wait', async () => {
    const limited = startTestServer({
      orders: 0,
      config: { authFailureBurst: 2, authFailuresPerMinute: 1 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.get(`${V1}/openapi.json`, { key: null })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await limited.get(`${V1}/openapi.json`, { key: null });
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await errorOf(refused)).code).toBe('rate_limited');
    } finally {
      limited.close();
    }
  });
});
