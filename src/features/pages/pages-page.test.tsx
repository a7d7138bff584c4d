import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageRequest, PageSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../lib/testing/render-with-providers';
import { PagesPage } from './pages-page';

function pageOf(id: string, parentPageId: string | null = null): PageSummary {
  return {
    id,
    aliasId: null,
    name: `Page ${id}`,
    icon: null,
    projectId: null,
    parentPageId,
    isPublic: false,
    updatedAt: null,
  };
}

/** The walk's own requests (a limit of 1 is a scope check). */
const walked = (calls: [PageRequest?][]) =>
  calls.filter(([request]) => request?.limit !== 1).map(([request]) => request?.cursor ?? null);

async function renderPages(listPages: (request?: PageRequest) => Promise<unknown>) {
  const queryClient = createTestQueryClient();
  renderWithProviders(<PagesPage />, {
    client: createFakeApiClient({ listPages: listPages as never }),
    routePath: '/pages',
    queryClient,
  });
  const status = await screen.findByText(/Stopped loading pages/);
  expect(status).toHaveAttribute('role', 'status');
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return status;
}

describe('the page tree against a service whose list never ends', () => {
  it('stops after the page that repeats the first, shows each page once and says so', async () => {
    const listPages = vi.fn(async (_request?: PageRequest) => ({
      items: [pageOf('a'), pageOf('b', 'a')],
      nextCursor: 'loop',
    }));
    const status = await renderPages(listPages);
    expect(status).toHaveTextContent(
      'The service sent a page it had already sent (on page 2, id a). Stopped loading pages so nothing is shown twice. Showing the 2 found so far.',
    );
    expect(walked(listPages.mock.calls)).toEqual([null, 'loop']);
    expect(screen.getAllByRole('treeitem')).toHaveLength(1);
    expect(screen.queryByText(/Loading more pages/)).toBeNull();
  });

  it('walks through two empty pages, and stops at the third in a row', async () => {
    let served = 0;
    const listPages = vi.fn(async (request?: PageRequest) => {
      if (request?.limit === 1) return { items: [pageOf('a')], nextCursor: null };
      served += 1;
      return served === 1
        ? { items: [pageOf('a')], nextCursor: 'c1' }
        : { items: [], nextCursor: `c${served}` };
    });
    const status = await renderPages(listPages);
    expect(status).toHaveTextContent(
      'The service sent 3 pages in a row with no pages but a link to more (up to page 4), so its list may never end. Stopped loading pages. Showing the 1 found so far.',
    );
    expect(walked(listPages.mock.calls)).toEqual([null, 'c1', 'c2', 'c3']);
  });
});
