import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '../../lib/api/api-client-context';
import type { ApiClient } from '../../lib/api/types';
import { ViewMemoryProvider } from '../../lib/view-memory/view-memory-context';
import type { WorkspaceViewMemory } from '../../lib/view-memory/workspace-view-memory';
import { RecordsPage } from './records-page';
import { column, fakeClient, record, stubLayout, TABLE_ID } from './testing/records-test-utils';

let search = '';
function Probe() {
  search = useLocation().search;
  return null;
}

/** A view memory holding one table's last view. */
function memoryWith(lastView: string): WorkspaceViewMemory {
  const kept = new Map<string, unknown>([[`where:table:${TABLE_ID}`, lastView]]);
  return {
    readPlace: () => null,
    writePlace: () => undefined,
    readSaved: () => null,
    writeSaved: () => undefined,
    keepsRows: false,
    readKept: (kind, key) => kept.get(`${kind}:${key}`) ?? null,
    writeKept: (kind, key, data) => {
      kept.set(`${kind}:${key}`, data);
    },
  };
}

function renderFrom(start: string, client: ApiClient, memory: WorkspaceViewMemory) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <ViewMemoryProvider memory={memory}>
          <MemoryRouter initialEntries={[start]}>
            <Routes>
              <Route path="/tasks" element={<Link to={`/tables/${TABLE_ID}`}>Orders</Link>} />
              <Route
                path="/tables/:tableId/*"
                element={
                  <div style={{ height: 600 }}>
                    <RecordsPage />
                  </div>
                }
              />
            </Routes>
            <Probe />
          </MemoryRouter>
        </ViewMemoryProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

const columns = [column('name', 'TEXT', { orderIndex: 0 }), column('amount', 'NUMBER')];
const records = [record('r1', { name: 'One', amount: 1 })];

beforeEach(() => stubLayout());

describe('coming back to a table', () => {
  it('a link without view parameters opens the table at its last view', async () => {
    const { client } = fakeClient({ table: { columns }, records });
    renderFrom('/tasks', client, memoryWith('sort=amount%3Adesc&filter%5Bname%5D=One'));
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(new URLSearchParams(search).get('sort')).toBe('amount:desc'));
    expect(new URLSearchParams(search).get('filter[name]')).toBe('One');
  });

  it('a link that names its own view keeps it', async () => {
    const { client } = fakeClient({ table: { columns }, records });
    renderFrom(`/tables/${TABLE_ID}?sort=name:asc`, client, memoryWith('sort=amount%3Adesc'));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(new URLSearchParams(search).get('sort')).toBe('name:asc');
  });
});
