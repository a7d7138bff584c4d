import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCanvasMode } from './use-canvas-mode';

/** The scroll element, where its scroll is. */
const scroller = { scrollTop: 0, scrollLeft: 0 } as HTMLElement;
/** A scroll of the person's to `top` (its event). */
function scrolledBy(top: number) {
  scroller.scrollTop = top;
  return scroller;
}

/** The hook as the grid drives it: `scrolling` is the virtual window's. */
function renderMode(enabled = true) {
  return renderHook(({ scrolling }) => useCanvasMode(scrolling, enabled), {
    initialProps: { scrolling: false },
  });
}

describe('useCanvasMode', () => {
  it('paints from a scroll the person makes until the scrolling stops', () => {
    const { result, rerender } = renderMode();
    expect(result.current.painting).toBe(false);
    // The scroll event, then the virtual window's render for it.
    act(() => result.current.onScroll(scrolledBy(100)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    expect(result.current.isPainting()).toBe(true);
    // More scroll events: still painting.
    act(() => result.current.onScroll(scrolledBy(200)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    // Stopped: the DOM rows come back (in a transition, flushed by act).
    rerender({ scrolling: false });
    expect(result.current.painting).toBe(false);
    expect(result.current.isPainting()).toBe(false);
  });

  it('does not show the canvas first in the render that ends a scroll (a grid at rest, a click on its way)', () => {
    const drawn: boolean[] = [];
    const { result, rerender } = renderHook(
      ({ scrolling }) => {
        const mode = useCanvasMode(scrolling, true);
        drawn.push(mode.painting);
        return mode;
      },
      { initialProps: { scrolling: false } },
    );
    // A small scroll (the browser bringing a cell into view): no render while it lasts.
    act(() => result.current.onScroll(scrolledBy(20)));
    rerender({ scrolling: false });
    // No render drew the canvas: not even one before a transition takes it away.
    expect(drawn).not.toContain(true);
    // The person's next scroll, rendered while it goes on, paints as before.
    act(() => result.current.onScroll(scrolledBy(500)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
  });

  it('never paints a scroll the app makes itself, and such a scroll ends painting', () => {
    const { result, rerender } = renderMode();
    act(() => {
      result.current.markAppScroll(scrolledBy(300));
      result.current.onScroll(scroller);
    });
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);

    act(() => result.current.onScroll(scrolledBy(400)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    // A key moves the focus to a row out of view: the grid scrolls to it, in DOM rows.
    act(() => result.current.markAppScroll(scrolledBy(900)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
    act(() => result.current.onScroll(scroller));
    expect(result.current.painting).toBe(false);
    // The person's next scroll paints again.
    act(() => result.current.onScroll(scrolledBy(1000)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
  });

  it('takes a scroll elsewhere than the app put it for the person’s', () => {
    const { result, rerender } = renderMode();
    // The app's write moved nothing (no scroll event came for it).
    act(() => result.current.markAppScroll(scrolledBy(0)));
    act(() => result.current.onScroll(scrolledBy(500)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
  });

  it('ends at once on a tap, while the scrolling has not stopped yet', () => {
    const { result, rerender } = renderMode();
    act(() => result.current.onScroll(scrolledBy(600)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    act(() => result.current.end());
    expect(result.current.painting).toBe(false);
    expect(result.current.isPainting()).toBe(false);
  });

  it('stays DOM when the grid opts out (or the browser draws no canvas)', () => {
    const { result, rerender } = renderMode(false);
    act(() => result.current.onScroll(scrolledBy(700)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });
});
