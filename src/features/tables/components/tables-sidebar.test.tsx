import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppLinksProvider } from '../../../components/app-links';
import { CurrentPathProvider } from '../../../components/nav-anchor';
import type { PageRequest, TableSummary } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { TablesSidebar } from './tables-sidebar';

// Every part of the sidebar speaks: counting its calls of `useT` counts its renders.
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/i18n/i18n-react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/i18n/i18n-react')>();
  return {
    ...actual,
    useT: () => {
      drawn.count++;
      return actual.useT();
    },
  };
});

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

  it('is not drawn again when only the query string changes (a sort or a filter), and follows the open table', async () => {
    const listTables = vi.fn(async () => ({ items: firstPage, nextCursor: null }));
    const { router } = renderWithProviders(
      // As the workspace layout draws it: its links read the path alone.
      <AppLinksProvider>
        <CurrentPathProvider>
          <TablesSidebar />
        </CurrentPathProvider>
      </AppLinksProvider>,
      {
        client: createFakeApiClient({ listTables }),
        routePath: '/tables/:tableId',
        initialPath: '/tables/t2',
      },
    );
    const orders = await screen.findByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveAttribute('href', '/tables/t2');
    const before = drawn.count;

    await act(() => router.navigate('/tables/t2?sort=Name:desc'));
    await act(() => router.navigate('/tables/t2?sort=Name:desc&filter=Name:eq:x'));
    expect(router.state.location.search).toBe('?sort=Name:desc&filter=Name:eq:x');
    expect(drawn.count).toBe(before);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Customers' }));
    expect(router.state.location.pathname).toBe('/tables/t1');
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });
});
