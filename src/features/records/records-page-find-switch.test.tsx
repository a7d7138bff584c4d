import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROW_HEIGHT } from '../../components/data-table/data-table';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

/**
 * A find takes the records grid for its matches and gives it back (decision 061's
 * addendum): the grid stays mounted (a fresh grid was laid out and painted in one long
 * frame as the find began), the matches show from the top, and clearing the find returns
 * to the view's row the person had scrolled to. Each row drawn is either a match or a row
 * of the view, never one shown as the other, and never twice.
 */

const HADDADS = new Set([7, 57, 107, 157, 207, 257]);
const ORDERS = Array.from({ length: 300 }, (_, n) =>
  record(`rec-${n}`, { name: HADDADS.has(n) ? `Order ${n} Haddad` : `Order ${n}` }),
);
const TOP = 40;

function service() {
  return fakeClient({
    table: { columns: [column('name', 'TEXT', { isPrimary: true })] },
    records: ORDERS,
  }).client;
}

const grid = () => screen.getByRole('grid', { name: 'Orders' });
const scroller = () => grid().parentElement as HTMLElement;
const findBox = () =>
  screen.getAllByRole('textbox', { name: 'Find in this table' })[0] as HTMLElement;
const findStatus = () =>
  within(screen.getByRole('region', { name: 'Find' })).getAllByRole('status')[0];

/** The rows drawn with a record: their place in the list, record id and name. */
function drawnRows() {
  return within(grid())
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-row-id') !== null)
    .map((row) => ({
      index: Number(row.getAttribute('data-row-index')),
      id: row.getAttribute('data-row-id') ?? '',
      name: row.querySelector('[data-column-index="0"]')?.textContent ?? '',
    }));
}

/** The browser's scroll event after the grid's scroll position was set (jsdom sends none). */
async function scrolled(top?: number) {
  if (top !== undefined) scroller().scrollTop = top;
  fireEvent.scroll(scroller());
  await act(async () => {});
}

beforeEach(() => stubLayout());

describe('a find takes the records grid and gives it back', () => {
  it('shows the matches from the top in the same grid, then the view at the row left', async () => {
    renderRecordsPage(service());
    await screen.findByText('Order 0');
    const before = grid();
    await scrolled(TOP * ROW_HEIGHT);
    await waitFor(() => expect(drawnRows().map((row) => row.index)).toContain(TOP));

    fireEvent.change(findBox(), { target: { value: 'haddad' } });
    await waitFor(() => expect(findStatus()).toHaveTextContent('whole view'));
    // The same grid, at its top, drawing the matches alone: each once, in the view's order.
    expect(grid()).toBe(before);
    await waitFor(() => expect(scroller().scrollTop).toBe(0));
    await scrolled();
    const matches = [...HADDADS].map((n) => ({ id: `rec-${n}`, name: `Order ${n} Haddad` }));
    await waitFor(() =>
      expect(drawnRows()).toEqual(matches.map((match, index) => ({ index, ...match }))),
    );

    fireEvent.change(findBox(), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Find' })).toBeNull());
    // Back at the view's row, each row drawn the view's own record at its own place.
    expect(grid()).toBe(before);
    await waitFor(() => expect(scroller().scrollTop).toBe(TOP * ROW_HEIGHT));
    await scrolled();
    await waitFor(() => expect(drawnRows().map((row) => row.index)).toContain(TOP));
    const rows = drawnRows();
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const row of rows) {
      // The rows about the view's row (a few drawn above it), none from the list's top.
      expect(row.index).toBeGreaterThanOrEqual(TOP - 3);
      expect(row.id).toBe(`rec-${row.index}`);
      expect(row.name).toBe(ORDERS[row.index]?.fields.name);
    }
  });
});
