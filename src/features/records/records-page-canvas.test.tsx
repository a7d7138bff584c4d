import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canvas,
  drawnIndices,
  grid,
  scroller,
  scrollGridTo as scrollTo,
} from './testing/painted-grid';
import { stubRecordingCanvas } from './testing/recording-canvas';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

/**
 * While the person scrolls, the grid's body is drawn on a canvas and the DOM rows wait;
 * when the scrolling stops, the DOM rows are those of the new place and the canvas goes
 * (decision 066). jsdom draws no canvas: a recording 2D context stands in for it.
 */

function service() {
  const orders = Array.from({ length: 300 }, (_, i) =>
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

/** The text drawn on the canvas since the last `texts.length = 0`. */
const texts: string[] = [];

beforeEach(() => {
  stubLayout();
  texts.length = 0;
  stubRecordingCanvas((text) => texts.push(text));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The rows loaded, then the clock held: the scrolling stops only when the test says so
 * (the virtual window's isScrolling ends 150 ms of the clock's time after the last scroll
 * event: scroll-rest.ts reads performance.now(), so it is held too).
 */
async function renderLoaded() {
  renderRecordsPage(service());
  await screen.findByText('Order 0');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
}

async function scrollingStops() {
  await act(async () => {
    vi.advanceTimersByTime(200);
  });
}

describe('RecordsPage: the grid drawn on a canvas while it scrolls', () => {
  it('draws the rows in view on the canvas while the DOM rows wait, then DOM rows for the new place', async () => {
    await renderLoaded();
    expect(canvas()).not.toBeVisible();
    const before = drawnIndices();

    await scrollTo(50 * 36);
    expect(canvas()).toBeVisible();
    // The DOM rows are the ones drawn before; the canvas drew the records now in view.
    expect(drawnIndices()).toEqual(before);
    expect(texts).toContain('Order 50');
    expect(texts).not.toContain('Order 0');
    expect(canvas().dataset.lastDrawnRow).toMatch(/^6\d$/);

    // Stopped: the DOM rows of the new place, the canvas hidden.
    await scrollingStops();
    expect(canvas()).not.toBeVisible();
    expect(drawnIndices()).toContain(50);
    expect(drawnIndices()).not.toContain(0);
    expect(screen.getByText('Order 50')).toBeInTheDocument();
  });

  it('a tap on the canvas ends it at once: DOM rows where the scroll is', async () => {
    await renderLoaded();
    await scrollTo(80 * 36);
    expect(canvas()).toBeVisible();
    // A whole tap, so no listener of its outlives the test (canvas-click-through.ts).
    fireEvent.pointerDown(canvas(), { pointerType: 'touch', pointerId: 1 });
    expect(canvas()).not.toBeVisible();
    expect(drawnIndices()).toContain(80);
    fireEvent.touchEnd(grid());
  });

  it('a key that moves past the view scrolls in DOM rows, the canvas never up', async () => {
    await renderLoaded();
    const first = within(grid()).getByRole('gridcell', { name: 'Order 0' });
    first.focus();
    fireEvent.keyDown(first, { key: 'PageDown' });
    fireEvent.scroll(scroller());
    await act(async () => {});
    expect(canvas()).not.toBeVisible();
    expect(texts).toEqual([]);
  });
});
