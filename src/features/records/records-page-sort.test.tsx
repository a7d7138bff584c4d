import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/types';
import { columnHeaderOf, columns, header } from './testing/records-page-fixtures';
import {
  fakeClient,
  record,
  renderedSearch,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

beforeEach(() => stubLayout());

/** Orders whose amounts run backwards: sorted by amount, the last one added comes first. */
const backwards = Array.from({ length: 30 }, (_, i) =>
  record(`rec-${i}`, { name: `Order ${i}`, amount: (30 - i) * 10, status: 'open', paid: false }),
);

/** The service, with the first page of the amount's order held until `release` is called. */
function heldAmountOrder() {
  const { client, listRecords } = fakeClient({ table: { columns }, records: backwards });
  // Each request as it leaves, before the service answers it.
  const asked = vi.fn<ApiClient['listRecords']>();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slowClient: ApiClient = {
    ...client,
    listRecords: async (tableId, query, request) => {
      asked(tableId, query, request);
      if (query.sort?.column === 'amount') await held;
      return listRecords(tableId, query, request);
    },
  };
  return { client: slowClient, asked, release: () => release() };
}

const firstRow = () =>
  screen.getByRole('grid', { name: 'Orders' }).querySelector('[aria-rowindex="2"]');

describe('A header click on the records grid', () => {
  it('draws the new order once, with its rows: no loading rows in between when its page comes at once', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: backwards });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const grid = screen.getByRole('grid', { name: 'Orders' });
    // Every state the first row and the amount's header go through after the click.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const row = firstRow();
      const state = `${columnHeaderOf('amount').getAttribute('aria-sort')}: ${
        row?.getAttribute('aria-busy') === 'true' ? 'loading' : row?.textContent
      }`;
      if (seen.at(-1) !== state) seen.push(state);
    });
    observer.observe(grid, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });

    await user.click(header('amount'));
    await waitFor(() => expect(firstRow()).toHaveTextContent('Order 29'));
    observer.disconnect();
    expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(renderedSearch().get('sort')).toBe('amount:asc');
    // The old order under the old header, then the new one under the new header.
    expect(seen.filter((state) => state.includes('loading'))).toEqual([]);
    expect(
      seen.filter((state) => state.startsWith('ascending') && state.includes('Order 0 ')),
    ).toEqual([]);
  });

  it('shows the new order as loading when its page is slow, never the old rows under it', async () => {
    const user = userEvent.setup();
    const { client, release } = heldAmountOrder();
    renderRecordsPage(client);
    await screen.findByText('Order 0');

    await user.click(header('amount'));
    await waitFor(() => expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'ascending'));
    expect(renderedSearch().get('sort')).toBe('amount:asc');
    const grid = screen.getByRole('grid', { name: 'Orders' });
    expect(firstRow()).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).queryByText('Order 0')).not.toBeInTheDocument();

    release();
    await waitFor(() => expect(firstRow()).toHaveTextContent('Order 29'));
  });

  it('counts a second click from the first, even while the first waits for its page', async () => {
    const user = userEvent.setup();
    const { client, asked, release } = heldAmountOrder();
    renderRecordsPage(client);
    await screen.findByText('Order 0');

    await user.click(header('amount'));
    await user.click(header('amount'));
    await waitFor(() =>
      expect(asked).toHaveBeenCalledWith(
        'tbl-orders',
        { sort: { column: 'amount', direction: 'desc' }, filters: {} },
        expect.anything(),
      ),
    );
    release();
    await waitFor(() =>
      expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'descending'),
    );
    expect(renderedSearch().get('sort')).toBe('amount:desc');
    expect(firstRow()).toHaveTextContent('Order 0');
  });
});
