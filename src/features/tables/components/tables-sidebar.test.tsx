import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PageRequest, TableSummary } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { TablesSidebar } from './tables-sidebar';

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

const firstPage = [tableNamed('t1', 'Customers'), tableNamed('t2', 'Orders')];
const secondPage = [tableNamed('t3', 'Invoices')];

function renderSidebar() {
  const listTables = vi.fn(async (request?: PageRequest) =>
    request?.cursor === 'page-2'
      ? { items: secondPage, nextCursor: null }
      : { items: firstPage, nextCursor: 'page-2' },
  );
  renderWithProviders(<TablesSidebar />, {
    client: createFakeApiClient({ listTables }),
    routePath: '/tables/:tableId',
    initialPath: '/tables/t2',
  });
  return listTables;
}

describe('tables sidebar', () => {
  it('marks the open table as current', async () => {
    renderSidebar();
    expect(await screen.findByRole('link', { name: 'Orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Customers' })).not.toHaveAttribute('aria-current');
  });

  it('loads the next page on next_cursor and searches what is loaded', async () => {
    const listTables = renderSidebar();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more tables' }));
    expect(await screen.findByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    expect(listTables).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'page-2' }));
    expect(screen.queryByRole('button', { name: 'Load more tables' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'VOI');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Customers' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Invoices' })).toBeInTheDocument();
  });
});
