import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { FIRST_PAGE_SIZE } from './api/record-queries';
import {
  badRequest,
  column,
  fakeClient,
  record,
  renderedSearch,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

const columns = [
  column('name', 'TEXT', { orderIndex: 0 }),
  column('amount', 'NUMBER', { orderIndex: 1 }),
  column('status', 'TEXT', { orderIndex: 2 }),
  column('paid', 'BOOLEAN', { orderIndex: 3 }),
];

function orders(count: number) {
  return Array.from({ length: count }, (_, i) =>
    record(`rec-${i}`, {
      name: `Order ${i}`,
      amount: i * 10,
      status: i % 2 ? 'paid' : 'open',
      paid: i % 2 === 1,
    }),
  );
}

function statusLine() {
  return screen.getAllByRole('status').find((element) => element.textContent?.includes('Orders'));
}

function header(name: string) {
  return screen.getByRole('button', { name });
}

function columnHeaderOf(name: string) {
  const columnHeader = header(name).closest('th');
  if (!columnHeader) throw new Error(`no columnheader for ${name}`);
  return columnHeader;
}

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

    await user.type(screen.getByRole('textbox', { name: 'Filter status' }), 'paid');
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

    await user.type(screen.getByRole('textbox', { name: 'Filter total' }), 'abc{Enter}');
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

  it('requests the next page once when scrolled near the end of what is loaded', async () => {
    const { client, listRecords } = fakeClient({ table: { columns }, records: orders(700) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    expect(listRecords).toHaveBeenCalledTimes(1);
    expect(statusLine()).toHaveTextContent('100 records loaded · more available');

    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    // Scroll to the last loaded rows; several scroll events while the page is on its way.
    for (const top of [2900, 3000, 3100]) {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    }
    await waitFor(() => expect(statusLine()).toHaveTextContent('600 records loaded'));
    expect(listRecords).toHaveBeenCalledTimes(2);
    expect(listRecords.mock.calls[1]?.[2]).toMatchObject({ cursor: String(FIRST_PAGE_SIZE) });
  });

  it('moves no row element while scrolling and puts the rows back in reading order once it stops', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders(90) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const grid = screen.getByRole('grid');
    const scroller = grid.parentElement as HTMLElement;
    const recordRows = () =>
      within(grid)
        .getAllByRole('row')
        .filter((row) => Number(row.getAttribute('data-row-index') ?? -1) >= 0);
    const before = recordRows();
    let moved = 0;
    const observer = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) if (before.includes(node as HTMLElement)) moved++;
    });
    observer.observe(grid, { childList: true, subtree: true });
    // Two rows at a time, as a wheel does: rows leaving at the top lend their elements to
    // rows coming in at the bottom.
    for (const top of [72, 144, 216]) {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
      await act(async () => {});
    }
    observer.disconnect();
    expect(screen.getByText('Order 22')).toBeInTheDocument();
    expect(moved).toBe(0);
    // Stopped: the DOM reads top to bottom again.
    await waitFor(() => {
      const indices = recordRows().map((row) => Number(row.getAttribute('data-row-index')));
      expect(indices).toEqual([...indices].sort((a, b) => a - b));
      expect(indices[0]).toBeGreaterThan(0);
    });
  });

  it('shows an inline Retry when a next page fails, keeping the rows', async () => {
    const user = userEvent.setup();
    let failNext = true;
    const { client } = fakeClient({
      table: { columns },
      records: orders(300),
      failWhen: (_query, cursor) => {
        if (cursor !== null && failNext) {
          failNext = false;
          return badRequest('cursor', 'The service is busy.', 'x');
        }
        return null;
      },
    });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    scroller.scrollTop = 3000;
    fireEvent.scroll(scroller);
    expect(await screen.findByText(/Could not load more records/)).toBeInTheDocument();
    // Just below the rows in view: a leap draws those alone until the scrolling stops.
    expect(await screen.findByText('Order 99')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('All 300 records'));
  });

  it('says it is waiting when the service asks it to slow down, then carries on', async () => {
    let throttled = true;
    const { client } = fakeClient({
      table: { columns },
      records: orders(300),
      failWhen: (_query, cursor) => {
        if (cursor === null || !throttled) return null;
        throttled = false;
        return new ApiError({
          kind: 'http',
          status: 429,
          code: 'rate_limited',
          reason: null,
          message: 'Too many requests.',
          retryAfterSeconds: 2,
        });
      },
    });
    // The app's policy waits Retry-After before trying again; here, one retry after 1 s.
    renderRecordsPage(client, '', { retry: 1, retryDelay: 1_000 });
    await screen.findByText('Order 0');
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    scroller.scrollTop = 3000;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(statusLine()).toHaveTextContent('The service is busy; trying again in 2 seconds.'),
    );
    expect(await screen.findByText('Order 99')).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('All 300 records'), {
      timeout: 4_000,
    });
  });

  it('ends paging with a warning when the service repeats a cursor, showing no record twice', async () => {
    const { client, listRecords } = fakeClient({
      table: { columns },
      records: orders(1_200),
      // The second page points back at itself.
      tamper: (page, cursor) => (cursor === '100' ? { ...page, nextCursor: '100' } : page),
    });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    scroller.scrollTop = 3000;
    fireEvent.scroll(scroller);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /next-page link it had already sent \(after page 2\).*nothing is shown twice/,
    );
    expect(statusLine()).toHaveTextContent('600 records loaded · loading stopped');
    expect(screen.queryByRole('button', { name: 'Jump to end' })).toBeNull();
    scroller.scrollTop = 21_000;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(statusLine()).toHaveTextContent('600 records loaded'));
    expect(listRecords).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('grid')).not.toHaveAttribute('aria-rowcount', '602');
  });

  it('drops a page that repeats a record already shown and says which', async () => {
    const { client } = fakeClient({
      table: { columns },
      records: orders(700),
      tamper: (page, cursor) =>
        cursor === '100'
          ? { ...page, items: [...page.items.slice(0, 10), record('rec-3', {})] }
          : page,
    });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    scroller.scrollTop = 3000;
    fireEvent.scroll(scroller);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service sent a record it had already sent (on page 2, id rec-3).',
    );
    expect(statusLine()).toHaveTextContent('100 records loaded · loading stopped');
    // The page with the repeat is not shown at all: the rows end with the first page.
    expect(await screen.findByText('Order 99')).toBeInTheDocument();
    expect(screen.queryByText('Order 100')).toBeNull();
  });

  it('stops Jump to end on a cursor loop instead of running on', async () => {
    const user = userEvent.setup();
    const { client, listRecords } = fakeClient({
      table: { columns },
      records: orders(5_000),
      // Page 4 (from cursor 1100) sends page 3's cursor again: a loop of 500 records.
      tamper: (page, cursor) => (cursor === '1100' ? { ...page, nextCursor: '600' } : page),
    });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    await user.click(screen.getByRole('button', { name: 'Jump to end' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already sent \(after page 4\)/);
    await waitFor(() =>
      expect(statusLine()).toHaveTextContent('1,600 records loaded · loading stopped'),
    );
    expect(listRecords).toHaveBeenCalledTimes(4);
  });

  it('announces a failed jump at the top with Retry, and Retry carries on from where it was', async () => {
    const user = userEvent.setup();
    let failures = 0;
    const { client, listRecords } = fakeClient({
      table: { columns },
      records: orders(1_600),
      failWhen: (_query, cursor) => {
        if (cursor !== '600' || failures >= 4) return null;
        failures += 1;
        return new ApiError({
          kind: 'http',
          status: 400,
          code: 'bad_request',
          reason: 'invalid_cursor',
          message: 'The cursor does not belong to this list.',
          serviceMessage: 'The cursor does not belong to this list.',
        });
      },
    });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    await user.click(screen.getByRole('button', { name: 'Jump to end' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not load these records. The cursor does not belong to this list.',
    );
    failures = 4;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('All 1,600 records'));
    const cursors = listRecords.mock.calls.map((call) => call[2]?.cursor ?? null);
    expect(cursors).toEqual([null, '100', '600', '600', '1100']);
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
    expect(screen.getByRole('spinbutton', { name: 'Filter amount' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter paid' })).toBeInTheDocument();
  });
});

describe('a record has its own URL', () => {
  beforeEach(() => stubLayout());

  it('/tables/<id>/records/<recordId> opens that record, fetched on its own when not loaded', async () => {
    const rows = orders(FIRST_PAGE_SIZE + 5);
    const { client } = fakeClient({ table: { columns }, records: rows });
    renderRecordsPage(client, `/records/rec-${FIRST_PAGE_SIZE + 3}`);
    const panel = await screen.findByRole('dialog', { name: `Order ${FIRST_PAGE_SIZE + 3}` });
    expect(within(panel).getByText(`rec-${FIRST_PAGE_SIZE + 3}`)).toBeInTheDocument();
    expect(client.getRecord).toHaveBeenCalledWith(
      expect.any(String),
      `rec-${FIRST_PAGE_SIZE + 3}`,
      expect.anything(),
    );
  });

  it('a record that is gone says so, and the grid still works', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders(3) });
    renderRecordsPage(client, '/records/gone');
    const panel = await screen.findByRole('dialog', { name: 'Record not found' });
    expect(panel).toHaveTextContent('gone');
    expect(await screen.findByText('Order 0')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
