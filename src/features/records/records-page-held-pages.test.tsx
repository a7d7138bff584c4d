import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/types';
import { PageTrail } from './api/page-trail';
import { canvas, drawnIndices, grid, ordersService, scrollGridTo } from './testing/painted-grid';
import { stubRecordingCanvas } from './testing/recording-canvas';
import { renderRecordsPage, stubLayout } from './testing/records-test-utils';

/**
 * A page that arrives while the grid paints (decision 068, issue 31): the canvas draws its
 * rows at their own indices and the records view does not render for it; the view renders
 * once the scrolling rests, with the DOM rows of the new place. jsdom draws no canvas: a
 * recording 2D context stands in for it.
 */

/**
 * Renders of the records view: each makes its view's query options, which read the page
 * trail's resume point (a spy on the class: this project's unit tests share modules).
 */
let viewRenders: MockInstance<() => unknown>;

/** The second page (rows 100–599) waits until the test lets it go. */
function service() {
  const client = ordersService(700);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: (string | null)[] = [];
  const listRecords: ApiClient['listRecords'] = async (tableId, query, request) => {
    const cursor = request?.cursor ?? null;
    asked.push(cursor);
    if (cursor === '100') await released;
    return client.listRecords(tableId, query, request);
  };
  return { client: { ...client, listRecords }, release: () => release(), asked };
}

/** Text drawn on the canvas, with where (the row's middle, in canvas pixels). */
const drawn: { text: string; y: number }[] = [];

beforeEach(() => {
  stubLayout();
  drawn.length = 0;
  viewRenders = vi.spyOn(PageTrail.prototype, 'resumePoint', 'get');
  stubRecordingCanvas((text, _x, y) => drawn.push({ text, y }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lastY = (text: string) => drawn.findLast((entry) => entry.text === text)?.y;

/** A person's scroll; the page asked for from the range report comes in a task of its own. */
const scrollTo = (top: number) => scrollGridTo(top, () => vi.advanceTimersByTime(0));

describe('RecordsPage: a page arriving while the grid paints', () => {
  it('is drawn by the canvas at its own rows without a render of the view, then shown in DOM rows at the rest', async () => {
    const fake = service();
    renderRecordsPage(fake.client);
    await screen.findByText('Order 0');
    // The scrolling rests after 150 ms of the person's time (scroll-rest.ts): the clock
    // held, it rests only when the test says so.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'],
    });

    await scrollTo(50 * 36);
    expect(canvas()).toBeVisible();
    expect(fake.asked).toContain('100');
    await scrollTo(90 * 36);
    const before = drawnIndices();
    // Rows 100 on are not loaded yet: placeholders on the canvas.
    expect(canvas().dataset.lastDrawnRow).toBe('100');
    expect(drawn.some((entry) => entry.text === 'Order 100')).toBe(false);
    // A render the scroll set going may still be on its way (React schedules it on a real
    // macrotask, which the held clock does not hold): drawn before the page is let go, so
    // only what the page's arrival renders is counted (it failed 1 run in 3 under load).
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    const rendersBefore = viewRenders.mock.calls.length;
    expect(screen.queryByText(/All 700 records/)).toBeNull();

    await act(async () => fake.release());
    await act(async () => {
      // TanStack Query tells its observers in a timeout of its own.
      vi.advanceTimersByTime(0);
    });

    // Drawn where rows 100 on are, ten rows below row 90; the view did not render.
    expect(viewRenders.mock.calls.length).toBe(rendersBefore);
    expect(canvas()).toBeVisible();
    const y90 = lastY('Order 90');
    const y100 = lastY('Order 100');
    expect(y90).toBeDefined();
    expect(y100).toBe((y90 ?? 0) + 10 * 36);
    expect(Number(canvas().dataset.lastDrawnRow)).toBeGreaterThan(100);
    expect(drawnIndices()).toEqual(before);
    // Each cursor once: the held page asked for nothing twice.
    expect(fake.asked.filter((cursor) => cursor === '100')).toHaveLength(1);

    // The paging goes on from the held page: near its end, the next page is asked for.
    await scrollTo(560 * 36);
    await act(async () => {});
    expect(fake.asked).toContain('600');
    await scrollTo(90 * 36);

    // The rest: the DOM rows of the new place, the view rendered for what it held.
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await act(async () => {});
    expect(canvas()).not.toBeVisible();
    expect(viewRenders.mock.calls.length).toBeGreaterThan(rendersBefore);
    const row100 = grid().querySelector('[data-row-index="100"]') as HTMLElement;
    expect(within(row100).getByText('Order 100')).toBeInTheDocument();
    // The status line says what is loaded now: the held pages reached the view's end.
    expect(screen.getByText(/All 700 records/)).toBeInTheDocument();
  });
});
