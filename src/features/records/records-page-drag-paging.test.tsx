import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/types';
import { canvas, grid, ordersService, scroller } from './testing/painted-grid';
import { stubRecordingCanvas } from './testing/recording-canvas';
import { renderRecordsPage, stubLayout } from './testing/records-test-utils';

/**
 * A scrollbar dragged far down (issue 31, decisions 066 and 068): the pointer stays down on
 * the scroller the whole way, the grid paints, and the walk waits at the end of what is
 * loaded for each page, long enough to rest there. The next page must still be asked for
 * while the pointer holds, whether the page before it landed while painting (handed to the
 * canvas) or at a rest; each cursor once, one request at a time, and every page at its own
 * rows.
 */

const ROW = 36;

/** 2,600 orders; every page waits until the test lets it go. */
function service() {
  const client = ordersService(2_600);
  const asked: (string | null)[] = [];
  const waiting = new Map<string, () => void>();
  const listRecords: ApiClient['listRecords'] = async (tableId, query, request) => {
    const cursor = request?.cursor ?? null;
    asked.push(cursor);
    if (cursor !== null) await new Promise<void>((resolve) => waiting.set(cursor, resolve));
    return client.listRecords(tableId, query, request);
  };
  const release = (cursor: string) => {
    const resolve = waiting.get(cursor);
    if (!resolve) throw new Error(`page ${cursor} was not asked for`);
    waiting.delete(cursor);
    resolve();
  };
  return { client: { ...client, listRecords }, asked, release };
}

const drawn: string[] = [];

beforeEach(() => {
  stubLayout();
  drawn.length = 0;
  stubRecordingCanvas((text) => drawn.push(text));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The DOM rows' group: marked while the canvas covers it (its placeholders do not pulse). */
const rowGroup = () => grid().querySelector('tbody') as HTMLElement;

/** A step of the drag: the scroll only (the pointer down is what makes it the person's). */
async function dragTo(row: number) {
  scroller().scrollTop = row * ROW;
  fireEvent.scroll(scroller());
  await act(async () => {
    // The page asked for from the range report, in a task of its own.
    vi.advanceTimersByTime(0);
  });
}

/** A page lets go; TanStack Query tells its observers in a timeout of its own. */
async function land(fake: ReturnType<typeof service>, cursor: string) {
  await act(async () => fake.release(cursor));
  await act(async () => {
    vi.advanceTimersByTime(0);
  });
  await act(async () => {});
}

describe('RecordsPage: a scrollbar held down across many pages', () => {
  it('asks for each next page while the pointer holds, at a rest or while painting, each cursor once', async () => {
    const fake = service();
    renderRecordsPage(fake.client);
    await screen.findByText('Order 0');
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'],
    });
    const pointer = { pointerId: 7, pointerType: 'mouse', buttons: 1 };
    fireEvent.pointerDown(scroller(), pointer);

    // The first page (100 rows) crossed: the next is asked for, and the drag shows the canvas.
    await dragTo(60);
    expect(canvas()).toBeVisible();
    expect(rowGroup()).toHaveAttribute('data-painting');
    expect(fake.asked).toEqual([null, '100']);

    // The walk waits at the end of what is loaded, long enough to rest (pointer still down).
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    await land(fake, '100');
    // The drag goes on over the page that landed at the rest.
    await dragTo(200);
    await dragTo(400);
    expect(canvas()).toBeVisible();
    expect(fake.asked).toEqual([null, '100', '600']);

    // This page lands while the grid paints (handed to the canvas, no rest between).
    await land(fake, '600');
    expect(canvas()).toBeVisible();
    await dragTo(700);
    await dragTo(900);
    expect(fake.asked).toEqual([null, '100', '600', '1100']);
    expect(drawn).toContain('Order 900');

    // Another rest while the page is on its way; steps that move nothing ask nothing.
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    await dragTo(1_000);
    await dragTo(1_000);
    await land(fake, '1100');
    await dragTo(1_400);
    await land(fake, '1600');
    await dragTo(1_900);
    expect(fake.asked).toEqual([null, '100', '600', '1100', '1600', '2100']);
    await land(fake, '2100');
    await dragTo(2_560);
    expect(drawn).toContain('Order 2560');
    // The list's end: nothing more to ask for.
    expect(fake.asked).toEqual([null, '100', '600', '1100', '1600', '2100']);

    // Let go: the rest draws the DOM rows where the drag ended.
    fireEvent.pointerUp(window, pointer);
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    await act(async () => {});
    expect(canvas()).not.toBeVisible();
    expect(rowGroup()).not.toHaveAttribute('data-painting');
    const row = grid().querySelector('[data-row-index="2560"]') as HTMLElement;
    expect(within(row).getByText('Order 2560')).toBeInTheDocument();
    expect(screen.getByText(/All 2,600 records/)).toBeInTheDocument();
  });
});
