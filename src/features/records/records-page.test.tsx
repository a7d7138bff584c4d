import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  columnHeaderOf,
  columns,
  header,
  orders,
  statusLine,
} from './testing/records-page-fixtures';
import {
  badRequest,
  column,
  fakeClient,
  renderedSearch,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

beforeEach(() => stubLayout());

describe('RecordsPage', () => {
  it('shows the table name, description, rows and a status line', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders(57) });
    renderRecordsPage(client);
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Every order placed in the shop')).toBeInTheDocument();
    expect(await screen.findByText('Order 0')).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent('All 57 records');
    expect(statusLine()).toHaveTextContent('Orders, in the order they were added');
    const grid = screen.getByRole('grid', { name: 'Orders' });
    expect(grid).toHaveAttribute('aria-rowcount', '58');
    expect(grid).toHaveAttribute('aria-colcount', '4');
    // Virtualized: a 600 px viewport draws a few dozen rows, not all 57.
    expect(within(grid).getAllByRole('row').length).toBeLessThan(57);
  });

  it('draws the rows its element shows when the element is smaller than the window, each once', async () => {
    // An embedded view or a narrow window: 300 px where the window has 768.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    let removedRows = 0;
    const observer = new MutationObserver((records) => {
      for (const change of records)
        for (const node of change.removedNodes)
          if (node instanceof Element && Number(node.getAttribute('data-row-index') ?? -1) >= 0)
            removedRows++;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { client } = fakeClient({ table: { columns }, records: orders(57) });
    renderRecordsPage(client);
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('Order 0');
    // 300 px less the 66 px header shows rows 1-7; 3 more are drawn below them.
    // Record rows only: the header row takes part in the keyboard navigation too.
    const drawn = within(grid)
      .getAllByRole('row')
      .filter((row) => Number(row.getAttribute('data-row-index') ?? -1) >= 0);
    expect(drawn.map((row) => row.getAttribute('aria-rowindex'))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 2)),
    );
    await act(async () => {});
    observer.disconnect();
    // None drawn for a guessed size and dropped once the element was measured.
    expect(removedRows).toBe(0);
  });

  it('cycles a header through ascending, descending and no sort', async () => {
    const user = userEvent.setup();
    const { client, listRecords } = fakeClient({ table: { columns }, records: orders(30) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'none');

    await user.click(header('amount'));
    await waitFor(() => expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'ascending'));
    expect(renderedSearch().get('sort')).toBe('amount:asc');
    await waitFor(() =>
      expect(listRecords).toHaveBeenLastCalledWith(
        'tbl-orders',
        { sort: { column: 'amount', direction: 'asc' }, filters: {} },
        expect.objectContaining({ cursor: null }),
      ),
    );

    await user.click(header('amount'));
    await waitFor(() =>
      expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'descending'),
    );
    expect(renderedSearch().get('sort')).toBe('amount:desc');
    expect(await screen.findByText('Order 29')).toBeInTheDocument();
    expect(listRecords).toHaveBeenLastCalledWith(
      'tbl-orders',
      { sort: { column: 'amount', direction: 'desc' }, filters: {} },
      expect.anything(),
    );
    expect(statusLine()).toHaveTextContent('sorted by amount, highest first');

    await user.click(header('amount'));
    await waitFor(() => expect(columnHeaderOf('amount')).toHaveAttribute('aria-sort', 'none'));
    expect(renderedSearch().has('sort')).toBe(false);
    // Three sorts, each a request and a render: room for a loaded machine.
  }, 15_000);

  it('applies a typed filter after a pause, and at once on Enter', async () => {
    const user = userEvent.setup();
    const { client, listRecords } = fakeClient({ table: { columns }, records: orders(30) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const callsBefore = listRecords.mock.calls.length;

    // An empty filter's box comes in a render after the first rows (issue 31).
    await user.type(await screen.findByRole('textbox', { name: 'Filter status' }), 'paid');
    // Nothing is sent per keystroke.
    expect(listRecords.mock.calls.length).toBe(callsBefore);
    await waitFor(() => expect(renderedSearch().get('filter[status]')).toBe('paid'));
    await waitFor(() =>
      expect(listRecords).toHaveBeenLastCalledWith(
        'tbl-orders',
        { sort: null, filters: { status: 'paid' } },
        expect.anything(),
      ),
    );
    expect(listRecords.mock.calls.length).toBe(callsBefore + 1);
    await waitFor(() => expect(screen.queryByText('Order 0')).not.toBeInTheDocument());
    expect(statusLine()).toHaveTextContent('Orders where status is paid');

    await user.type(screen.getByRole('textbox', { name: 'Filter name' }), 'Order 3{Enter}');
    // Enter does not wait for the pause.
    expect(renderedSearch().get('filter[name]')).toBe('Order 3');
    expect(await screen.findByText('1 record', { exact: false })).toBeInTheDocument();
  });

  it('offers to clear filters when nothing matches', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: orders(5) });
    renderRecordsPage(client, '?filter%5Bstatus%5D=refunded');
    expect(await screen.findByText('No records match these filters')).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent('No records');
    expect(statusLine()).not.toHaveTextContent('All 0');
    expect(screen.getByRole('textbox', { name: 'Filter status' })).toHaveValue('refunded');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Order 0')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Filter status' })).toHaveValue('');
  });

  it('shows a rejected filter under its input and keeps the other filter, the text and the rows', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({
      table: { columns: [...columns, column('total', 'TEXT', { orderIndex: 4 })] },
      records: orders(20),
      failWhen: (query) =>
        query.filters.total !== undefined
          ? badRequest('filter[total]', 'Filter total needs a number, like 12.5.')
          : null,
    });
    renderRecordsPage(client, '?filter%5Bstatus%5D=paid');
    expect(await screen.findByText('Order 1')).toBeInTheDocument();

    await user.type(await screen.findByRole('textbox', { name: 'Filter total' }), 'abc{Enter}');
    const totalInput = screen.getByRole('textbox', { name: 'Filter total' });
    await waitFor(() =>
      expect(totalInput).toHaveAccessibleDescription('Filter total needs a number, like 12.5.'),
    );
    expect(totalInput).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Filter total needs a number');
    expect(totalInput).toHaveValue('abc');
    expect(screen.getByRole('textbox', { name: 'Filter status' })).toHaveValue('paid');
    expect(renderedSearch().get('filter[status]')).toBe('paid');
    // The rows of the last view that loaded stay on screen.
    expect(screen.getByText('Order 1')).toBeInTheDocument();
  });

  it('explains an unknown sort column from the URL and offers to reset it', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({
      table: { columns },
      records: orders(3),
      failWhen: (query) =>
        query.sort?.column === 'nope'
          ? badRequest('sort', 'There is no column named "nope" to sort by.', 'invalid_sort')
          : null,
    });
    renderRecordsPage(client, '?sort=nope:desc');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no column named "nope"');
    await user.click(screen.getByRole('button', { name: 'Remove this sort' }));
    expect(await screen.findByText('Order 0')).toBeInTheDocument();
    expect(renderedSearch().has('sort')).toBe(false);
  });

  it('opens a record in a panel with Enter, closes it with Escape and returns focus', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { client } = fakeClient({ table: { columns }, records: orders(5) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');

    const firstCell = screen.getAllByRole('gridcell')[0] as HTMLElement;
    act(() => firstCell.focus());
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toHaveTextContent('10');
    await user.keyboard('{Enter}');
    // Named after the record's first text column, not its id (which it still shows).
    const panel = await screen.findByRole('dialog', { name: 'Order 1' });
    expect(within(panel).getByText('rec-1')).toBeInTheDocument();
    // The title, and the name field among all the fields.
    expect(within(panel).getAllByText('Order 1')).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: 'Copy as JSON' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"id": "rec-1"'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveTextContent('10'));
  });

  it('names each column header after its column alone, and skips to the cell last used', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: orders(5) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    expect(screen.getByRole('columnheader', { name: 'amount' })).toBe(columnHeaderOf('amount'));

    const cells = screen.getAllByRole('gridcell');
    act(() => (cells[0] as HTMLElement).focus());
    await user.keyboard('{ArrowDown}{ArrowRight}');
    act(() => screen.getByRole('button', { name: 'Skip to records' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('10'));
    expect(document.activeElement).toHaveAttribute('role', 'gridcell');
  });

  it('says so when the table does not exist', async () => {
    const { client } = fakeClient({ records: [] });
    vi.mocked(client.getTable).mockRejectedValue(
      Object.assign(badRequest('', 'No table with that id.'), { status: 404 }),
    );
    renderRecordsPage(client);
    expect(await screen.findByRole('heading', { name: 'Table not found' })).toBeInTheDocument();
  });

  it('infers columns from records when the service does not describe them', async () => {
    const { client } = fakeClient({ records: orders(3) });
    renderRecordsPage(client);
    expect(await screen.findByText('Order 2')).toBeInTheDocument();
    expect(header('amount')).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Filter amount' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter paid' })).toBeInTheDocument();
  });
});
