import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARM_FRAMES, ARM_MS } from './scroll-arming';
import { useCanvasMode } from './use-canvas-mode';

/** The scroll element (a real one: the person's input is listened for on it). */
let scroller: HTMLDivElement;
const scrollRef = { current: null as HTMLElement | null };
/** The clock the arming reads. */
let now = 1_000;
/** Animation frame callbacks waiting for the next frame (drawn by `drawFrames`). */
let frameCallbacks: FrameRequestCallback[] = [];
/** Frames drawn: each runs the callbacks asked for before it. */
function drawFrames(count: number) {
  for (let frame = 0; frame < count; frame++) {
    const run = frameCallbacks;
    frameCallbacks = [];
    for (const callback of run) callback(now);
  }
}

beforeEach(() => {
  scroller = document.createElement('div');
  document.body.append(scroller);
  scrollRef.current = scroller;
  now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  frameCallbacks = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frameCallbacks.push(callback);
    return frameCallbacks.length;
  });
});
afterEach(() => {
  scroller.remove();
  vi.restoreAllMocks();
});

/** The wheel turned over the grid (its scroll event comes after). */
function wheel() {
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true }));
}
/** The scroll element moved to `top` (pass it to onScroll, as its scroll event would). */
function scrolledTo(top: number) {
  scroller.scrollTop = top;
  return scroller;
}
/** A scroll of the person's to `top`: the wheel, then its scroll. */
function scrolledBy(top: number) {
  wheel();
  return scrolledTo(top);
}

/** The hook as the grid drives it: `scrolling` is the virtual window's. */
function renderMode(enabled = true) {
  return renderHook(({ scrolling }) => useCanvasMode(scrollRef, scrolling, enabled), {
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
        const mode = useCanvasMode(scrollRef, scrolling, true);
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
    rerender({ scrolling: false });
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

  it('after a press on the canvas, does not paint the scroll a wheel step asked for before it', () => {
    const { result, rerender } = renderMode();
    act(() => result.current.onScroll(scrolledBy(600)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    // A wheel step, then the press before its scroll arrives.
    now += 16;
    wheel();
    act(() => result.current.end());
    act(() => result.current.onScroll(scrolledTo(630)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
    // A wheel turned after the press paints again.
    act(() => result.current.onScroll(scrolledBy(700)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
  });

  it('stays DOM when the grid opts out (or the browser draws no canvas)', () => {
    const { result, rerender } = renderMode(false);
    act(() => result.current.onScroll(scrolledBy(700)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });

  it('keeps a scroll with no input before it in DOM rows (the browser bringing a cell into view)', () => {
    const { result, rerender } = renderMode();
    act(() => result.current.onScroll(scrolledTo(300)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
    expect(result.current.isPainting()).toBe(false);
    // An input long before (its frames drawn) does not arm it either.
    rerender({ scrolling: false });
    wheel();
    drawFrames(ARM_FRAMES);
    now += ARM_MS + 50;
    act(() => result.current.onScroll(scrolledTo(600)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });

  it('paints a wheel’s scroll that a long task held back past ARM_MS (its frame had not come)', () => {
    const { result, rerender } = renderMode();
    wheel();
    // A slow phone's draw or page arrival runs between the wheel and the frame that scrolls.
    now += ARM_MS + 300;
    act(() => result.current.onScroll(scrolledTo(100)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    // The next step, held back the same way, keeps painting (no DOM rows drawn between).
    drawFrames(ARM_FRAMES);
    wheel();
    now += ARM_MS + 300;
    act(() => result.current.onScroll(scrolledTo(200)));
    rerender({ scrolling: true });
    expect(result.current.isPainting()).toBe(true);
  });

  it('paints a wheel smooth scroll’s frames and a touch fling’s momentum after the finger lifts', () => {
    const { result, rerender } = renderMode();
    scroller.dispatchEvent(new TouchEvent('touchstart', { bubbles: true }));
    now += 16;
    act(() => result.current.onScroll(scrolledTo(40)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    window.dispatchEvent(new TouchEvent('touchend', { bubbles: true }));
    // Momentum: scroll events with no input, each within the arm of the one before.
    for (let frame = 1; frame <= 30; frame++) {
      now += 100;
      act(() => result.current.onScroll(scrolledTo(40 + frame * 50)));
      rerender({ scrolling: true });
      expect(result.current.isPainting()).toBe(true);
    }
    expect(result.current.painting).toBe(true);
    // It rests; a scroll after that with no input is not the person's.
    rerender({ scrolling: false });
    expect(result.current.painting).toBe(false);
    now += 20;
    act(() => result.current.onScroll(scrolledTo(2_000)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });

  it('paints a scrollbar drag while its pointer is down, however slow', () => {
    const { result, rerender } = renderMode();
    scroller.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 7, bubbles: true }));
    now += 1_000;
    act(() => result.current.onScroll(scrolledTo(500)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
    window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 7, bubbles: true }));
    rerender({ scrolling: false });
    now += 1_000;
    act(() => result.current.onScroll(scrolledTo(900)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });

  it('does not take a pointer down on a cell for the scrollbar (a text selection’s autoscroll)', () => {
    const { result, rerender } = renderMode();
    const cell = document.createElement('span');
    scroller.append(cell);
    cell.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 3, bubbles: true }));
    now += ARM_MS + 50;
    act(() => result.current.onScroll(scrolledTo(400)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
  });

  it('paints a key the browser scrolls with, not one the app handled', () => {
    const { result, rerender } = renderMode();
    const handled = new KeyboardEvent('keydown', {
      key: 'PageDown',
      bubbles: true,
      cancelable: true,
    });
    scroller.dispatchEvent(handled);
    handled.preventDefault();
    act(() => result.current.onScroll(scrolledTo(300)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(false);
    rerender({ scrolling: false });
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true }));
    act(() => result.current.onScroll(scrolledTo(700)));
    rerender({ scrolling: true });
    expect(result.current.painting).toBe(true);
  });

  it('tells the virtual window of each scroll input, so its rest waits for it', () => {
    const inputs = vi.fn();
    renderHook(() => useCanvasMode(scrollRef, true, true, inputs));
    wheel();
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true }));
    scroller.dispatchEvent(new TouchEvent('touchmove', { bubbles: true }));
    expect(inputs).toHaveBeenCalledTimes(3);
    // Not a key that scrolls, nor a key typed into a field.
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(inputs).toHaveBeenCalledTimes(3);
  });
});
