import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Column, RecordQuery } from '../../../lib/api/types';
import { column, record, stubLayout } from '../testing/records-test-utils';
import { BOARD_COLUMN_FIRST_PAGE_SIZE, BOARD_COLUMN_PAGE_SIZE } from './board-column';
import { cardsOf, orderNo, renderBoard, status } from './board-test-setup';

const columns: Column[] = [
  orderNo,
  status,
  column('amount', 'NUMBER'),
  column('carrier', 'SELECT', { settings: { options: ['ups', 'dhl'] } }),
];

const records = [
  ...Array.from({ length: BOARD_COLUMN_PAGE_SIZE + 5 }, (_, i) =>
    record(`p${i}`, { order_no: i + 1, status: 'pending', amount: i, carrier: 'ups' }),
  ),
  record('paid1', { order_no: 500, status: 'paid', amount: 10, carrier: 'dhl' }),
  record('paid2', { order_no: 501, status: 'paid', amount: 20, carrier: 'ups' }),
  record('none', { order_no: 502, status: null, amount: 5, carrier: 'ups' }),
];

const renderOrders = (query: RecordQuery, narrow = false) =>
  renderBoard({ columns, records, query, narrow });

beforeEach(() => stubLayout());
afterEach(() => vi.restoreAllMocks());

describe('RecordsBoard', () => {
  it('shows a labelled list per option in order, then Empty, each read with its own filter', async () => {
    const { listRecords } = renderOrders({ sort: null, filters: {} });
    const board = screen.getByRole('region', { name: 'Orders as a board by status' });
    await within(board).findByRole('list', { name: /^Empty/ });
    const headings = within(board).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent?.split(',')[0]?.replace(/\d+\+?$/, ''))).toEqual([
      'pending',
      'paid',
      'refunded',
      'Empty',
    ]);
    const filtersAsked = listRecords.mock.calls.map(([, query]) => query.filters.status);
    expect(new Set(filtersAsked)).toEqual(new Set(['pending', 'paid', 'refunded', '']));
    // A small first page each, so every column draws soon after Board is chosen.
    expect(listRecords.mock.calls.map(([, , page]) => page?.limit)).toEqual(
      filtersAsked.map(() => BOARD_COLUMN_FIRST_PAGE_SIZE),
    );
    expect(await cardsOf(/^paid/)).toEqual(['order_no 500', 'order_no 501']);
    expect(await screen.findByRole('heading', { name: /^paid, 2 records$/ })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        name: new RegExp(`^pending, ${BOARD_COLUMN_FIRST_PAGE_SIZE} records so far, more to read$`),
      }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: /^refunded, no records$/ }),
    ).toBeInTheDocument();
    const empty = await screen.findByRole('list', { name: /^Empty/ });
    expect(within(empty).getByRole('button', { name: 'order_no 502' })).toBeInTheDocument();
  });

  it("keeps the view's other filters and sort in every column", async () => {
    const { listRecords } = renderOrders({
      sort: { column: 'amount', direction: 'desc' },
      filters: { carrier: 'ups' },
    });
    expect(await cardsOf(/^paid/)).toEqual(['order_no 501']);
    for (const [, query] of listRecords.mock.calls) {
      expect(query.filters.carrier).toBe('ups');
      expect(query.sort).toEqual({ column: 'amount', direction: 'desc' });
    }
  });

  it('opens a record from its card', async () => {
    const { onOpen } = renderOrders({ sort: null, filters: {} });
    const paid = await screen.findByRole('list', { name: /^paid/ });
    fireEvent.click(within(paid).getByRole('button', { name: 'order_no 500' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'paid1' }));
  });

  it('shows one column at a time on a phone, chosen with tabs', async () => {
    renderOrders({ sort: null, filters: {} }, true);
    const tabs = screen.getByRole('tablist', { name: 'Columns by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['pending', 'paid', 'refunded', 'Empty']);
    expect(await screen.findAllByRole('list')).toHaveLength(1);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'paid' }));
    const panel = screen.getByRole('tabpanel', { name: 'paid' });
    expect(await within(panel).findByRole('button', { name: 'order_no 501' })).toBeInTheDocument();
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'paid' }), { key: 'ArrowRight' });
    expect(within(tabs).getByRole('tab', { name: 'refunded' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('offers the other single-choice columns to group by', async () => {
    const { onGroupChange } = renderOrders({ sort: null, filters: {} });
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), {
      target: { value: 'carrier' },
    });
    expect(onGroupChange).toHaveBeenCalledWith('carrier');
  });
});
