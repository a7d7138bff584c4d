import { describe, expect, it } from 'vitest';
import type { RecordRow, TableDetail } from '../../../lib/api/types';
import { blobSink } from '../export/file-sink';
import { parseCsv } from '../export/testing/parse-csv';
import { column, record } from '../testing/records-test-utils';
import { exportView } from './run-walk';
import type { ViewWalker } from './view-walk';

const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const customer = column('customer', 'REFERENCE', {
  settings: { table_id: CUSTOMERS, multiple: false },
});
const orderNo = column('order_no', 'SERIAL');

/** Pages of 10 orders, order n linking to customer n % 7; `failAt` throws instead of that page. */
function walker(pages: number, failAt?: number): ViewWalker {
  return async ({ onPage }) => {
    for (let page = 0; page < pages; page++) {
      if (page === failAt) throw new Error('page failed');
      await onPage(
        Array.from({ length: 10 }, (_, i) => {
          const n = page * 10 + i;
          return record(`o${n}`, { order_no: n, customer: idOf(n % 7) });
        }),
      );
    }
  };
}

/** Names that arrive slowly and out of order, so the next page is fetched meanwhile. */
const nameSource = {
  readRecord: async (_table: string, id: string): Promise<RecordRow> => {
    await new Promise((resolve) => setTimeout(resolve, 1 + (Number(id.slice(-1)) % 3) * 3));
    return record(id, { name: `Customer ${Number(id.slice(-12))}` });
  },
  readTable: async () =>
    ({ columns: [column('name', 'TEXT', { isPrimary: true })] }) as unknown as TableDetail,
};

async function run(pages: number, failAt?: number) {
  let saved: Blob | null = null;
  const sink = blobSink(
    { baseName: 'Orders', extension: 'csv', mimeType: 'text/csv', description: 'CSV' },
    {
      download: (blob) => {
        saved = blob;
      },
    },
  );
  const result = await exportView(
    walker(pages, failAt),
    {
      client: {} as never,
      tableId: 'orders',
      query: {} as never,
      signal: new AbortController().signal,
    },
    [orderNo, customer],
    {
      format: 'csv',
      bom: false,
      exportColumns: [orderNo, customer],
      nameSource,
      sink,
      describeError: () => 'It failed.',
    },
    { onRecords: () => {}, onWait: () => {} },
  );
  const text = saved ? await (saved as Blob).text() : '';
  return { result, rows: parseCsv(text) };
}

describe('exportView with names', () => {
  it('writes every page in order, each row with its own customer’s name', async () => {
    const { result, rows } = await run(5);
    expect(result.outcome.kind).toBe('complete');
    expect(rows[0]).toEqual([
      'id',
      'order_no',
      'customer',
      'customer id',
      'created_at',
      'updated_at',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual(
      Array.from({ length: 50 }, (_, n) => [`o${n}`, String(n), `Customer ${n % 7}`, idOf(n % 7)]),
    );
    expect(result.names).toEqual({ read: 7, needed: 7, unreadable: 0, walking: [] });
  });

  it('a page that fails: every page before it is written, in order, then the marker', async () => {
    const { result, rows } = await run(5, 3);
    expect(result.outcome.kind).toBe('failed');
    const marker = rows.pop();
    expect(marker?.[0]).toMatch(/^INCOMPLETE EXPORT: .* after 30 records\. It failed\./);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      Array.from({ length: 30 }, (_, n) => `o${n}`),
    );
  });
});
