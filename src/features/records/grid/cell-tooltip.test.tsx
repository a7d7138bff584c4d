import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from '../testing/records-test-utils';

const columns = [
  column('name', 'TEXT', { orderIndex: 0 }),
  column('notes', 'LONGTEXT', { orderIndex: 1 }),
];

/** Longer than a cell shows (200 characters): the tooltip is where the rest is. */
const noteOf = (index: number) => `Note ${index}: ${'a long remark '.repeat(20)}end.`;

function notes(count: number) {
  return Array.from({ length: count }, (_, i) =>
    record(`rec-${i}`, { name: `Order ${i}`, notes: noteOf(i) }),
  );
}

function cellOf(text: string | RegExp): HTMLElement {
  const cell = screen.getByText(text).closest<HTMLElement>('[role="gridcell"]');
  if (!cell) throw new Error(`no cell shows ${text}`);
  return cell;
}

beforeEach(() => stubLayout());

describe('the grid’s cell tooltip', () => {
  it('shows a cut value in full while the pointer rests on its cell, and describes the cell', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: notes(40) });
    renderRecordsPage(client);
    await screen.findByText('Order 3');
    const cell = cellOf(/^Note 3:/);
    expect(cell.textContent?.length).toBeLessThan(noteOf(3).length);

    await user.hover(cell);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(noteOf(3));
    expect(cell).toHaveAttribute('aria-describedby', tooltip.id);
    // No cell carries a title of its own any more.
    expect(cell.querySelector('[title]')).toBeNull();

    await user.unhover(cell);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(cell).not.toHaveAttribute('aria-describedby');
  });

  it('opens above a cell near the bottom of the screen, and keeps inside it on the right', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: notes(40) });
    renderRecordsPage(client);
    await screen.findByText('Order 3');
    const cell = cellOf(/^Note 3:/);
    // jsdom lays nothing out (stubLayout: a 1200 × 600 screen): a cell 30 px from the
    // bottom-right corner and a 400 × 80 tooltip.
    cell.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 1000, y: 560, width: 190, height: 30 });
    const tooltip = document.querySelector<HTMLElement>('[role="tooltip"]');
    if (!tooltip) throw new Error('the grid has no tooltip element');
    Object.defineProperty(tooltip, 'offsetWidth', { configurable: true, get: () => 400 });
    Object.defineProperty(tooltip, 'offsetHeight', { configurable: true, get: () => 80 });

    await user.hover(cell);
    await screen.findByRole('tooltip');
    // Above the cell (560 − 4 − 80), lined up with the cell's right edge (1190 − 400), as
    // from its left edge it would run off the screen.
    await waitFor(() => expect(tooltip.style.transform).toBe('translate(790px, 476px)'));
    expect(tooltip.style.position).toBe('fixed');
  });

  it('shows the focused cell’s full value from the keyboard, and Escape dismisses it', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: notes(40) });
    renderRecordsPage(client);
    await screen.findByText('Order 0');
    act(() => cellOf('Order 0').focus());
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(cellOf(/^Note 1:/));

    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(noteOf(1));
    expect(document.activeElement).toHaveAttribute('aria-describedby', tooltip.id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(cellOf(/^Note 1:/));
  });

  it('never shows the record a reused row showed before: it goes with the scroll and comes back for the record now under the pointer', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({ table: { columns }, records: notes(100) });
    renderRecordsPage(client);
    await screen.findByText('Order 2');
    const cell = cellOf(/^Note 2:/);
    await user.hover(cell);
    expect((await screen.findByRole('tooltip')).textContent).toBe(noteOf(2));

    // A leap of more than a screen: row 2's elements now show another record.
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    scroller.scrollTop = 40 * 36;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(cell.closest('tr')).not.toHaveAttribute('data-row-index', '2'));
    expect(cell.isConnected).toBe(true);
    expect(screen.queryByRole('tooltip')).toBeNull();

    // The pointer moves on the same element: the tooltip is the record it shows now.
    const shownNow = Number(cell.closest('tr')?.getAttribute('data-row-index'));
    fireEvent.pointerMove(cell);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(noteOf(shownNow));
    expect(cell).toHaveTextContent(`Note ${shownNow}:`);
  });
});
