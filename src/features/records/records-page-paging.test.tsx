import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { FIRST_PAGE_SIZE } from './api/record-queries';
import { columns, orders, statusLine } from './testing/records-page-fixtures';
import {
  badRequest,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

beforeEach(() => stubLayout());

describe('RecordsPage: paging through the service', () => {
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
});
