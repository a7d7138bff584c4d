import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../seed/demo-seed';
import { fileTestServer } from '../testing/file-test-server';
import { errorOf } from '../testing/test-server';
import { API_DOCUMENT_PATH, buildApiDocument } from './document';
import type { OpenApiDocument } from './openapi-types';
import { type RequestChecker, requestChecker } from './request-check';

/**
 * Schemathesis-style checks of the parameters, in TypeScript: values made from each
 * parameter's schema (positive) and values around and outside it (negative) are sent over
 * HTTP, and the server must accept exactly what the document allows: a 200 when the
 * document's request checker finds nothing wrong, a 400 naming the parameter when it does
 * (decision 055). `cursor` and `view` can have the right form and still name no page or no
 * view: a well-formed one may also be a 400, for that reason alone.
 */

const V1 = '/api/public/v1';

const server = fileTestServer({ orders: 40 });
let apiChecker: RequestChecker;
beforeAll(() => {
  apiChecker = requestChecker(buildApiDocument());
});

/** Values any parameter may be sent: near-misses of numbers, booleans, dates and ids. */
const TRICKY = [
  '',
  ' ',
  '5',
  ' 5',
  '5 ',
  '+5',
  '%205',
  '05',
  '5.0',
  '5.',
  '.5',
  '-5',
  '0',
  '-0',
  '1e3',
  '1E+2',
  '1e400',
  'Infinity',
  'NaN',
  '0x10',
  'true',
  'false',
  'TRUE',
  'False',
  'null',
  '2026-03-01',
  '2026-02-29',
  '2028-02-29',
  '0000-01-01',
  '2026-3-1',
  '2026-03-01T09:30:00Z',
  '2026-03-01t09:30:00.5z',
  '2026-03-01T09:30:00.123456+05:30',
  '2026-03-01T09:30Z',
  '2026-03-01 09:30:00Z',
  '2026-03-01T09:30:00',
  '2026-03-01T24:00:00Z',
  '2026-03-01T23:59:60Z',
  '2026-03-01T09:30:00+0530',
  '2026-03-01T09:30:00+24:00',
  '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  '6F1C2D3E-4A5B-4C6D-8E7F-001122334455',
  'urn:uuid:6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  '{6f1c2d3e-4a5b-4c6d-8e7f-001122334455}',
  'amount:desc',
  'amount:DESC',
  'created_at',
  'created_at:Asc',
  'paid',
  'gift',
  'Gift',
];

/** Values made from a schema of each kind, as a generated client would send them. */
const FROM_SCHEMAS = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.boolean().map(String),
  fc.string({ maxLength: 12 }),
);

/** The parameter name a 400 must give in `details.param`. */
type Rule = 'exact' | 'semantic';

/**
 * Sends `url` with `name=value` and checks the answer against what `checker` says of it.
 * Returns the disagreement, or null.
 */
async function disagreement(
  checker: RequestChecker,
  path: string,
  name: string,
  value: string,
  rule: Rule,
  key?: string,
): Promise<string | null> {
  const url = `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams([[name, value]])}`;
  const problems = checker.problems('GET', url);
  if (problems === null) return `${url} is not documented`;
  const response = await server.get(url, key === undefined ? {} : { key });
  const allowed = problems.length === 0;
  if (response.status === 200) return allowed ? null : `${url}: 200, but ${problems.join('; ')}`;
  if (response.status !== 400) return `${url}: ${response.status}`;
  const error = await errorOf(response);
  if (error.details?.param !== name) return `${url}: a 400 about ${error.details?.param}`;
  if (!allowed) return null;
  const semantic =
    error.details.reason === 'invalid_cursor' || error.details.reason === 'unknown_view';
  return rule === 'semantic' && semantic
    ? null
    : `${url}: 400 ${error.details.reason}, though the document allows it`;
}

/** Every tricky value, then `runs` values from the schemas' kinds and `extra`. */
async function checkParameter(
  checker: RequestChecker,
  path: string,
  name: string,
  options: { rule?: Rule; extra?: readonly string[]; runs?: number; key?: string } = {},
): Promise<void> {
  const rule = options.rule ?? 'exact';
  const found: string[] = [];
  for (const value of [...TRICKY, ...(options.extra ?? [])]) {
    const problem = await disagreement(checker, path, name, value, rule, options.key);
    if (problem !== null) found.push(problem);
  }
  const generated = options.extra?.length
    ? fc.oneof(FROM_SCHEMAS, fc.constantFrom(...options.extra))
    : FROM_SCHEMAS;
  await fc.assert(
    fc.asyncProperty(generated, async (value) => {
      const problem = await disagreement(checker, path, name, value, rule, options.key);
      if (problem !== null) found.push(problem);
    }),
    { numRuns: options.runs ?? 25, seed: 55 },
  );
  expect(found).toEqual([]);
}

async function tableDocument(tableId: string, key?: string): Promise<OpenApiDocument> {
  const response = await server.get(
    `${V1}/tables/${tableId}/openapi.json`,
    key === undefined ? {} : { key },
  );
  return (await response.json()) as OpenApiDocument;
}

interface DocumentedParameter {
  name: string;
  schema: Record<string, unknown>;
}

function recordsParameters(document: OpenApiDocument, tableId: string): DocumentedParameter[] {
  const operation = document.paths[`${V1}/tables/${tableId}/records`]?.get as {
    parameters: DocumentedParameter[];
  };
  return operation.parameters;
}

describe('every list: limit is a whole decimal number from 1, or a 400', () => {
  it.each(['tables', 'skills', 'tasks', 'pages', 'projects'])('/%s', async (list) => {
    await checkParameter(apiChecker, `${V1}/${list}`, 'limit', { extra: ['1', '200', '201'] });
  });

  it('/tables/{tableId}/records', async () => {
    await checkParameter(apiChecker, `${V1}/tables/${TABLE_IDS.orders}/records`, 'limit', {
      extra: ['1', '500', '501', '99999999999'],
    });
  });
});

describe('the tasks filters', () => {
  it.each(['status', 'project_id', 'assignee'])('%s', async (name) => {
    await checkParameter(apiChecker, `${V1}/tasks`, name, {
      extra: ['done', 'in_review', 'Done', 'in-review'],
    });
  });
});

describe("a table's own document: each parameter as the server reads it", () => {
  const tables: [string, keyof typeof TABLE_IDS][] = [
    ['Orders', 'orders'],
    ['Kitchen sink', 'kitchenSink'],
    ['Customers', 'customers'],
    ['Column names', 'columnNames'],
    ['Team', 'team'],
  ];

  it.each(tables)('%s: every filter[<column>], by its column', async (_, table) => {
    const tableId = TABLE_IDS[table];
    const document = await tableDocument(tableId);
    const checker = requestChecker(document);
    const filters = recordsParameters(document, tableId).filter((p) =>
      p.name.startsWith('filter['),
    );
    expect(filters.length).toBeGreaterThan(0);
    for (const filter of filters) {
      const examples = (filter.schema.examples as string[] | undefined) ?? [];
      await checkParameter(checker, `${V1}/tables/${tableId}/records`, filter.name, {
        extra: examples,
        runs: 15,
      });
    }
  });

  it.each(tables)('%s: sort lists every column both ways, in lower case', async (_, table) => {
    const tableId = TABLE_IDS[table];
    const document = await tableDocument(tableId);
    const sort = recordsParameters(document, tableId).find((p) => p.name === 'sort');
    const values = (sort?.schema.enum as string[] | undefined) ?? [];
    expect(values).toContain('created_at:desc');
    const near = values.slice(0, 12).flatMap((value) => [value.toUpperCase(), `${value} `]);
    await checkParameter(requestChecker(document), `${V1}/tables/${tableId}/records`, 'sort', {
      extra: [...values.slice(0, 40), ...near],
    });
  });

  it('view: a UUID in any case; one that is no view of this table is a 400', async () => {
    const tableId = TABLE_IDS.orders;
    const document = await tableDocument(tableId);
    const view = recordsParameters(document, tableId).find((p) => p.name === 'view');
    const views = (view?.schema.examples as string[] | undefined) ?? [];
    expect(views.length).toBeGreaterThan(0);
    await checkParameter(requestChecker(document), `${V1}/tables/${tableId}/records`, 'view', {
      rule: 'semantic',
      extra: [...views, ...views.map((id) => id.toUpperCase())],
    });
    for (const id of views) {
      const response = await server.get(`${V1}/tables/${tableId}/records?view=${id.toUpperCase()}`);
      expect(response.status).toBe(200);
    }
  });

  it("cursor: its form, then the page it names; another list's or a changed one is a 400", async () => {
    const path = `${V1}/tables/${TABLE_IDS.orders}/records?limit=3`;
    const first = (await (await server.get(path)).json()) as { next_cursor: string };
    const real = first.next_cursor;
    const changed = [
      real,
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      `${real}A`,
      real.slice(0, -1),
      real.replace('.', ''),
      `x${real}`,
      'x'.repeat(5000),
      `${'x'.repeat(4074)}.${'A'.repeat(22)}`,
    ];
    const document = await tableDocument(TABLE_IDS.orders);
    await checkParameter(requestChecker(document), path, 'cursor', {
      rule: 'semantic',
      extra: changed,
    });
    const next = await server.get(`${path}&cursor=${encodeURIComponent(real)}`);
    expect(next.status).toBe(200);
  });
});

describe('the OpenAPI documents themselves', () => {
  it("every example in the whole API's document holds on every demo table", async () => {
    const document = (await (await server.get(API_DOCUMENT_PATH, { key: null })).json()) as {
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { examples?: string[] } }[] } }
      >;
    };
    const records = document.paths[`${V1}/tables/{tableId}/records`]?.get.parameters ?? [];
    const examples = records.flatMap((parameter) =>
      (parameter.schema.examples ?? []).map((value) => [parameter.name, value] as const),
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const tableId of Object.values(TABLE_IDS)) {
      const key = tableId === TABLE_IDS.shipments || tableId === TABLE_IDS.suppliers;
      for (const [name, value] of examples) {
        const response = await server.get(
          `${V1}/tables/${tableId}/records?${new URLSearchParams([[name, value]])}`,
          key ? { key: server.globexKey } : {},
        );
        expect(response.status, `${name}=${value} on ${tableId}`).toBe(200);
      }
    }
  });
});
