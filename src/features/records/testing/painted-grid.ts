import { act, fireEvent, screen, within } from '@testing-library/react';
import { column, fakeClient, record } from './records-test-utils';

/**
 * The records grid as the canvas tests read it (decision 066): the grid, its scroll
 * element, the canvas drawn while it scrolls, and the DOM rows drawn. jsdom draws no
 * canvas: recording-canvas.ts stands in for its 2D context.
 */
export const grid = () => screen.getByRole('grid');
export const scroller = () => grid().parentElement as HTMLElement;
export const canvas = () => scroller().querySelector('canvas') as HTMLCanvasElement;

/** The indices of the DOM rows drawn (placeholders and records), in order. */
export const drawnIndices = () =>
  within(grid())
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-row-index'))
    .filter((index) => index !== null)
    .map(Number)
    .sort((a, b) => a - b);

/**
 * A person's scroll: a wheel on the grid, then the scroll it makes (decision 066's arm);
 * `after` runs in the same act (a held clock moved on, say).
 */
export async function scrollGridTo(top: number, after: () => void = () => {}) {
  fireEvent.wheel(scroller());
  scroller().scrollTop = top;
  fireEvent.scroll(scroller());
  await act(async () => {
    after();
  });
}

/** A table of `count` orders (a name and an amount), as the canvas tests page through it. */
export function ordersService(count: number) {
  const orders = Array.from({ length: count }, (_, i) =>
    record(`rec-${i}`, { name: `Order ${i}`, amount: i * 10 }),
  );
  return fakeClient({
    table: {
      columns: [
        column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
        column('amount', 'NUMBER', { orderIndex: 1 }),
      ],
    },
    records: orders,
  }).client;
}
