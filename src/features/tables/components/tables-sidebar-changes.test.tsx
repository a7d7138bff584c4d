import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageRequest, RecordQuery, RecordRow, TableSummary } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { createVisitMemory } from '../../../lib/visit-memory/visit-memory';
import { VisitMemoryProvider } from '../../../lib/visit-memory/visit-memory-context';
import {
  tableScreenKey,
  type WorkspaceVisitMemory,
} from '../../../lib/visit-memory/workspace-visit-memory';
import { TablesSidebar } from './tables-sidebar';

const LAST_VISIT = Date.parse('2026-11-24T14:05:00Z');

function tableNamed(id: string, name: string): TableSummary {
  return {
    id,
    aliasId: null,
    name,
    description: null,
    projectId: null,
    createdAt: null,
    updatedAt: null,
  };
}

function newest(updatedMs: number): RecordRow {
  const at = new Date(updatedMs).toISOString();
  return { id: 'r1', fields: {}, createdAt: at, updatedAt: at };
}

describe('tables sidebar: changed since the last visit', () => {
  it('marks a visited table updated since, asks nothing of tables never visited or open, and names the mark', async () => {
    const memory = createVisitMemory({ session: () => sessionStorage, local: () => null });
    sessionStorage.clear();
    const visits: WorkspaceVisitMemory = {
      read: (key) => memory.read('ws', key, false),
      write: (key, visit) => memory.write('ws', key, visit, false),
      subscribe: memory.subscribe,
      version: memory.version,
    };
    // Customers changed after the visit, Invoices did not, Orders is open, Archive never visited.
    visits.write(tableScreenKey('customers'), { seenAt: LAST_VISIT });
    visits.write(tableScreenKey('invoices'), { seenAt: LAST_VISIT });
    visits.write(tableScreenKey('orders'), { seenAt: LAST_VISIT });
    const listRecords = vi.fn(
      async (tableId: string, _query: RecordQuery, _request?: PageRequest) => ({
        items: [newest(tableId === 'customers' ? LAST_VISIT + 60_000 : LAST_VISIT - 60_000)],
        nextCursor: null,
      }),
    );
    renderWithProviders(
      <VisitMemoryProvider memory={visits}>
        <TablesSidebar />
      </VisitMemoryProvider>,
      {
        client: createFakeApiClient({
          listTables: async () => ({
            items: [
              tableNamed('customers', 'Customers'),
              tableNamed('orders', 'Orders'),
              tableNamed('invoices', 'Invoices'),
              tableNamed('archive', 'Archive'),
            ],
            nextCursor: null,
          }),
          listRecords,
        }),
        routePath: '/tables/:tableId',
        initialPath: '/tables/orders',
      },
    );
    const mark = await screen.findByRole('img', { name: 'Changed since your last visit' });
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAccessibleDescription(
      'Changed since your last visit',
    );
    await waitFor(() => expect(listRecords).toHaveBeenCalledTimes(2));
    expect(listRecords.mock.calls.map(([tableId]) => tableId).sort()).toEqual([
      'customers',
      'invoices',
    ]);
    expect(listRecords.mock.calls[0]?.[1]).toMatchObject({
      sort: { column: 'updated_at', direction: 'desc' },
    });
    expect(listRecords.mock.calls[0]?.[2]).toMatchObject({ limit: 1 });
    expect(screen.getAllByRole('img', { name: 'Changed since your last visit' })).toEqual([mark]);

    // Looked at (here, from elsewhere): the mark goes.
    visits.write(tableScreenKey('customers'), { seenAt: LAST_VISIT + 120_000 });
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Changed since your last visit' })).toBeNull(),
    );
  });
});
