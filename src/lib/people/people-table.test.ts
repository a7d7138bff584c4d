import { describe, expect, it, vi } from 'vitest';
import { record } from '../testing/api-rows';
import { createFakeApiClient } from '../testing/fake-api-client';
import { PeopleTableError, readPeopleTable } from './people-table';
import { teamTable } from './people-test-fixtures';

const table = teamTable('member id');

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
