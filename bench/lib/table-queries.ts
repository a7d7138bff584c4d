/**
 * What the server benchmarks ask the reference server for: the big table's query shapes
 * (a column per sort kind, two filters), its records URLs and cursors.
 */

/** The demo seed's big table (docs/demo-data.md); `--records` sets its size. */
const BIG_TABLE_NAME = process.env.BENCH_TABLE ?? 'Orders';

interface ColumnInfo {
  name: string;
  type: string;
  settings: { options?: unknown[] } | null;
}

export interface QueryShapes {
  tableId: string;
  text: ColumnInfo;
  number: ColumnInfo;
  datetime: ColumnInfo;
  filters: Array<[string, string]>;
}

export async function getJson<T>(url: string, key: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${response.status} from ${new URL(url).pathname}`);
  return (await response.json()) as T;
}

function optionValue(option: unknown): string {
  if (typeof option === 'string') return option;
  const record = option as { value?: string; label?: string; name?: string };
  return record.value ?? record.label ?? record.name ?? '';
}

/** Picks one column per sort kind and two equality filters from the table's own columns. */

export async function discoverShapes(baseUrl: string, key: string): Promise<QueryShapes> {
  const { tables } = await getJson<{ tables: Array<{ id: string; name: string }> }>(
    `${baseUrl}/api/public/v1/tables?limit=100`,
    key,
  );
  const table = tables.find((candidate) => candidate.name === BIG_TABLE_NAME);
  if (!table) throw new Error(`no table named ${BIG_TABLE_NAME} in the demo seed`);
  const { columns } = await getJson<{ columns: ColumnInfo[] }>(
    `${baseUrl}/api/public/v1/tables/${table.id}`,
    key,
  );
  const ofType = (...types: string[]) => {
    const column = columns.find((candidate) => types.includes(candidate.type));
    if (!column) throw new Error(`${BIG_TABLE_NAME} has no ${types.join('/')} column`);
    return column;
  };
  const select = ofType('SELECT');
  const boolean = ofType('BOOLEAN');
  // A filter pair that matches a third of Orders (docs/demo-data.md), so every page is full:
  // a filter that matches nothing would measure an empty page.
  const options = (select.settings?.options ?? []).map(optionValue);
  const statusValue = options.includes('paid') ? 'paid' : options[0];
  if (statusValue === undefined) throw new Error(`${select.name} lists no options`);
  return {
    tableId: table.id,
    text: ofType('TEXT', 'EMAIL'),
    number: ofType('NUMBER'),
    datetime: ofType('DATETIME'),
    filters: [
      [select.name, statusValue],
      [boolean.name, 'true'],
    ],
  };
}

export function recordsUrl(
  baseUrl: string,
  shapes: QueryShapes,
  params: { sort?: string; filters?: boolean; cursor?: string; limit?: number },
): string {
  const query = new URLSearchParams();
  if (params.limit) query.set('limit', String(params.limit));
  if (params.sort) query.set('sort', params.sort);
  if (params.filters) {
    for (const [column, value] of shapes.filters) query.set(`filter[${column}]`, value);
  }
  if (params.cursor) query.set('cursor', params.cursor);
  const search = query.toString();
  return `${baseUrl}/api/public/v1/tables/${shapes.tableId}/records${search ? `?${search}` : ''}`;
}

export async function cursorOfPage(
  baseUrl: string,
  shapes: QueryShapes,
  key: string,
  page: number,
) {
  let cursor: string | undefined;
  for (let index = 1; index < page; index++) {
    const body = await getJson<{ next_cursor: string | null }>(
      recordsUrl(baseUrl, shapes, { cursor }),
      key,
    );
    if (!body.next_cursor) throw new Error(`the table ends before page ${page}`);
    cursor = body.next_cursor;
  }
  return cursor;
}

/** Records as json-server wants them: flat objects in one array, per CONTRACT §10's flat shape. */
export async function exportForJsonServer(baseUrl: string, shapes: QueryShapes, key: string) {
  const rows: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  do {
    const body = await getJson<{
      records: Array<{ id: string; fields: Record<string, unknown> }>;
      next_cursor: string | null;
    }>(recordsUrl(baseUrl, shapes, { cursor, limit: 500 }), key);
    for (const record of body.records) rows.push({ id: record.id, ...record.fields });
    cursor = body.next_cursor ?? undefined;
  } while (cursor);
  return rows;
}
