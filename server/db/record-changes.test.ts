import { describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../seed/demo-seed';
import { fileTestServer } from '../testing/file-test-server';
import { addRecord, changeRecordFields } from './record-changes';
import { WorkspaceDb } from './workspace-db';

interface RecordsBody {
  records: {
    id: string;
    fields: Record<string, unknown>;
    created_at: string;
    updated_at: string;
  }[];
}

const server = fileTestServer();

async function newestOrders(query = ''): Promise<RecordsBody['records']> {
  const response = await server.get(
    `/api/public/v1/tables/${TABLE_IDS.orders}/records?sort=updated_at:desc&limit=5${query}`,
  );
  return ((await response.json()) as RecordsBody).records;
}

describe('record changes (tests and dev tools)', () => {
  it('a change made by another connection is served at once: newest first, fields merged, sort and filter keys updated', async () => {
    const before = await newestOrders();
    const target = before.at(-1);
    if (!target) throw new Error('no orders');
    const other = new WorkspaceDb(`${server.dir}/test.sqlite`);
    try {
      changeRecordFields(
        other,
        TABLE_IDS.orders,
        target.id,
        { status: 'refunded' },
        '2030-01-02T03:04:05.000Z',
      );
    } finally {
      other.close();
    }
    const [first] = await newestOrders();
    expect(first?.id).toBe(target.id);
    expect(first?.updated_at).toBe('2030-01-02T03:04:05.000Z');
    expect(first?.created_at).toBe(target.created_at);
    // The other fields are kept.
    expect({ ...first?.fields, status: target.fields.status }).toEqual(target.fields);
    // The filter key follows the new value.
    const filtered = await newestOrders('&filter[status]=refunded');
    expect(filtered[0]?.id).toBe(target.id);
  });

  it('adds a record created now', async () => {
    const id = addRecord(
      server.db,
      TABLE_IDS.orders,
      { status: 'paid' },
      '2031-01-01T00:00:00.000Z',
    );
    const [first] = await newestOrders();
    expect(first).toMatchObject({ id, created_at: '2031-01-01T00:00:00.000Z' });
  });

  it('refuses an unknown column, record or table, and a date that is not one', async () => {
    const id = (await newestOrders())[0]?.id;
    const at = '2030-01-01T00:00:00.000Z';
    expect(() =>
      changeRecordFields(server.db, TABLE_IDS.orders, id ?? '', { 'x" = 1; --': 1 }, at),
    ).toThrow(/No column/);
    expect(() => changeRecordFields(server.db, TABLE_IDS.orders, 'missing', {}, at)).toThrow(
      /No such record/,
    );
    expect(() => changeRecordFields(server.db, 'missing', 'missing', {}, at)).toThrow(
      /No such table/,
    );
    expect(() => addRecord(server.db, TABLE_IDS.orders, {}, 'yesterday')).toThrow(/not a date/);
  });
});
