import { describe, expect, it, vi } from 'vitest';
import type { Column, RecordRow, TableDetail } from '../api/types';
import { createFakeApiClient } from '../testing/fake-api-client';
import { PeopleTableError, readPeopleTable } from './people-table';

const column = (name: string): Column => ({
  id: name,
  name,
  description: null,
  type: 'TEXT',
  settings: null,
  orderIndex: 0,
  required: false,
  isPrimary: false,
  inferred: false,
});

const table: TableDetail = {
  id: 'team',
  aliasId: null,
  name: 'Team',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [column('name'), column('member id')],
  views: [],
};

const record = (id: string, fields: Record<string, unknown>): RecordRow => ({
  id,
  fields,
  createdAt: null,
  updatedAt: null,
});

const source = {
  kind: 'table',
  tableId: 'team',
  idColumn: 'member id',
  nameColumn: 'name',
} as const;

describe('a people table', () => {
  it('reads every page through the paging guard, skipping records without an id or a name', async () => {
    const listRecords = vi.fn(
      async (_table: string, _query: unknown, request?: { cursor?: string | null }) =>
        request?.cursor
          ? { items: [record('r3', { name: 'Bot', 'member id': 'bot-1' })], nextCursor: null }
          : {
              items: [
                record('r1', { name: 'Ana', 'member id': 'user-1' }),
                record('r2', { name: null, 'member id': 'user-2' }),
              ],
              nextCursor: 'c2',
            },
    );
    const client = createFakeApiClient({ getTable: async () => table, listRecords });
    const result = await readPeopleTable(client, source, new AbortController().signal);
    expect(result).toEqual({
      people: new Map([
        ['user-1', 'Ana'],
        ['bot-1', 'Bot'],
      ]),
      truncated: false,
    });
    expect(listRecords).toHaveBeenCalledTimes(2);
  });

  it('names a column the table does not have', async () => {
    const client = createFakeApiClient({ getTable: async () => table });
    await expect(
      readPeopleTable(client, { ...source, idColumn: 'user_id' }, new AbortController().signal),
    ).rejects.toEqual(new PeopleTableError({ kind: 'unknown-column', column: 'user_id' }));
  });

  it('stops at a page the service sends twice instead of reading forever', async () => {
    const listRecords = vi.fn(async () => ({
      items: [record('r1', { name: 'Ana', 'member id': 'user-1' })],
      nextCursor: 'again',
    }));
    const client = createFakeApiClient({ getTable: async () => table, listRecords });
    await expect(
      readPeopleTable(client, source, new AbortController().signal),
    ).rejects.toMatchObject({ name: 'PagingError' });
    expect(listRecords.mock.calls.length).toBeLessThanOrEqual(3);
  });
});
