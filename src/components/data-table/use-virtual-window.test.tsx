import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVirtualWindow } from './use-virtual-window';

const VIEWPORT = 400;
const ESTIMATE = 100;

/**
 * ResizeObserver as the browser runs it, reported by hand: `report(element, height)` is the
 * observation that comes after a layout.
 */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  static report(target: Element, height: number) {
    for (const observer of FakeResizeObserver.all) {
      if (!observer.targets.has(target)) continue;
      const entry = { target, borderBoxSize: [{ blockSize: height, inlineSize: 390 }] };
      observer.callback([entry as unknown as ResizeObserverEntry], observer as never);
    }
  }
}

/** A list of measured items (as the phone's cards are), each showing its own index. */
function Items({ count }: { count: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useVirtualWindow({
    scrollRef,
    count,
    itemHeight: ESTIMATE,
    measured: true,
    topInset: 0,
    overscan: 1,
  });
  return (
    <div ref={scrollRef} data-testid="scroller">
      <ul>
        {win.items.map((item) => (
          <li
            key={item.key}
            ref={win.measureElement}
            data-index={item.index}
            style={{ transform: `translateY(${win.positionOf(item)}px)` }}
          >
            item {item.index}
          </li>
        ))}
      </ul>
    </div>
  );
}

function drawn() {
  return Array.from(document.querySelectorAll('li'), (item) => ({
    index: Number(item.dataset.index),
    text: item.textContent,
    top: Number(/translateY\((-?[\d.]+)px\)/.exec(item.style.transform)?.[1]),
  }));
}

async function renderItems(count = 1_000) {
  const sized = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.dataset.testid === 'scroller' ? VIEWPORT : (sized?.get?.call(this) ?? 0);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  await act(async () => {
    render(<Items count={count} />);
  });
  const scroller = screen.getByTestId('scroller');
  let top = 0;
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
    },
  });
  return {
    scrollTo(offset: number) {
      scroller.scrollTop = offset;
      scroller.dispatchEvent(new Event('scroll'));
    },
  };
}

beforeEach(() => {
  FakeResizeObserver.all = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a list of measured items (the phone cards)', () => {
  it('draws the items at the place scrolled to, each showing its own index', async () => {
    const list = await renderItems();
    expect(drawn().map((item) => item.index)).toEqual([0, 1, 2, 3, 4]);
    for (const offset of [150, 320, 610]) await act(async () => list.scrollTo(offset));
    const items = drawn();
    // In view: 610–1010 px, items 6 to 10, and one beyond each edge.
    expect(items.map((item) => item.index)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    for (const item of items) {
      expect(item.text).toBe(`item ${item.index}`);
      expect(item.top).toBe(item.index * ESTIMATE);
    }
  });

  it('draws a leap of more than a screen in the scroll event itself (no blank frame)', async () => {
    const list = await renderItems();
    await act(async () => {
      list.scrollTo(5_000);
      // Read before React's scheduled work runs: the items in view are already there.
      expect(drawn().map((item) => item.index)).toEqual(expect.arrayContaining([50, 51, 52, 53]));
    });
    for (const item of drawn()) expect(item.text).toBe(`item ${item.index}`);
  });

  it('places items by their measured heights, the others at the estimate, and keeps them on the way back', async () => {
    const list = await renderItems();
    const element = (index: number) =>
      document.querySelector(`li[data-index="${index}"]`) as Element;
    await act(async () => {
      FakeResizeObserver.report(element(0), 214);
      FakeResizeObserver.report(element(1), 222);
    });
    const tops = new Map(drawn().map((item) => [item.index, item.top]));
    expect(tops.get(1)).toBe(214);
    expect(tops.get(2)).toBe(436);
    await act(async () => list.scrollTo(600));
    const below = new Map(drawn().map((item) => [item.index, item.top]));
    expect(below.get(3)).toBe(436 + ESTIMATE);
    expect(below.get(4)).toBe(436 + 2 * ESTIMATE);
    // Scrolled back to the top, the measured heights hold: nothing overlaps or moves.
    for (const offset of [900, 600, 300, 0]) await act(async () => list.scrollTo(offset));
    const back = new Map(drawn().map((item) => [item.index, item.top]));
    expect(back.get(1)).toBe(214);
    expect(back.get(2)).toBe(436);
  });
});

/** A grid's rows (fixed heights) whose renders are held while `hold.held` says so. */
function Rows({
  hold,
  onRange,
  expose,
}: {
  hold: { held: boolean };
  onRange: (range: unknown) => void;
  expose?: (win: ReturnType<typeof useVirtualWindow>) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useVirtualWindow({
    scrollRef,
    count: 1_000,
    itemHeight: ESTIMATE,
    topInset: 0,
    overscan: 1,
    onRangeChange: onRange,
    holdRender: () => hold.held,
  });
  expose?.(win);
  return (
    <div ref={scrollRef} data-testid="scroller" data-scrolling={String(win.scrolling)}>
      <ul>
        {win.items.map((item) => (
          <li key={item.key} data-index={item.index}>
            item {item.index}
          </li>
        ))}
      </ul>
    </div>
  );
}

describe('a list of fixed heights (the grid) whose renders are held while painting', () => {
  it('reports each range at once without rendering, and renders where it stopped', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
      const hold = { held: false };
      const ranges: unknown[] = [];
      await act(async () => {
        render(<Rows hold={hold} onRange={(range) => ranges.push(range)} />);
      });
      const scroller = screen.getByTestId('scroller');
      let top = 0;
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top });
      const scrollTo = (offset: number) => {
        top = offset;
        scroller.dispatchEvent(new Event('scroll'));
      };
      await act(async () => scrollTo(100));
      const shown = drawnIndices();
      hold.held = true;
      await act(async () => scrollTo(2_000));
      await act(async () => scrollTo(5_000));
      // Not rendered: the rows drawn before stay; the ranges were reported all the same.
      expect(drawnIndices()).toEqual(shown);
      expect(ranges.at(-1)).toEqual({ startIndex: 49, endIndex: 54 });
      // The scrolling stops: the rows where it stopped.
      await act(async () => vi.advanceTimersByTime(500));
      expect(scroller.dataset.scrolling).toBe('false');
      expect(drawnIndices()).toEqual([49, 50, 51, 52, 53, 54]);
    } finally {
      vi.useRealTimers();
    }
  });
});

function drawnIndices() {
  return Array.from(document.querySelectorAll('li'), (item) => Number(item.dataset.index));
}

describe('a scroll event while the renders are held', () => {
  it("reads no layout and renders nothing; a render meanwhile and the rest draw the scroll's rows", async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
      const extentReads = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get');
      const hold = { held: false };
      const ranges: unknown[] = [];
      const latest: { win: ReturnType<typeof useVirtualWindow> | null } = { win: null };
      let renders = 0;
      const view = await act(async () =>
        render(
          <Rows
            hold={hold}
            onRange={(range) => ranges.push(range)}
            expose={(exposed) => {
              latest.win = exposed;
              renders += 1;
            }}
          />,
        ),
      );
      const scroller = screen.getByTestId('scroller');
      let top = 0;
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top });
      const scrollTo = (offset: number) => {
        top = offset;
        scroller.dispatchEvent(new Event('scroll'));
      };
      await act(async () => scrollTo(100));
      const shown = drawnIndices();
      hold.held = true;
      extentReads.mockClear();
      const rendered = renders;
      await act(async () => scrollTo(2_000));
      await act(async () => scrollTo(3_050));
      // The frozen rows need nothing: no render, no read of the list's extent (a layout).
      expect(renders).toBe(rendered);
      expect(extentReads).not.toHaveBeenCalled();
      expect(drawnIndices()).toEqual(shown);
      // Pages are still asked for: the range is reported, and the top row is where it is.
      expect(ranges.at(-1)).toEqual({ startIndex: 29, endIndex: 35 });
      expect(latest.win?.topIndex()).toBe(30);
      // A render while held (a page arriving) is where the scroll is, not where it was told.
      await act(async () => scrollTo(5_000));
      view.rerender(<Rows hold={hold} onRange={(range) => ranges.push(range)} />);
      // (A leap of more than a screen since the last render draws the rows in view only.)
      expect(drawnIndices()).toEqual([50, 51, 52, 53]);
      await act(async () => scrollTo(7_000));
      // The rest: the rows of the offset it stopped at.
      await act(async () => vi.advanceTimersByTime(500));
      expect(scroller.dataset.scrolling).toBe('false');
      expect(drawnIndices()).toEqual([69, 70, 71, 72, 73, 74]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('scrolling the grid to a row it is at', () => {
  it("neither reads nor writes the element's offset there, and still scrolls from elsewhere", async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
      const exposed: { win: ReturnType<typeof useVirtualWindow> | null } = { win: null };
      await act(async () => {
        render(
          <Rows
            hold={{ held: false }}
            onRange={() => {}}
            expose={(win) => {
              exposed.win = win;
            }}
          />,
        );
      });
      const scroller = screen.getByTestId('scroller');
      let top = 0;
      const touched: string[] = [];
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        // A read or write of the offset lays out what a commit just changed (a forced layout).
        get: () => {
          touched.push('read');
          return top;
        },
        set: (value: number) => {
          touched.push(`write ${value}`);
          top = value;
        },
      });
      const scrollToRow = (row: number) => exposed.win?.scrollIndexIntoView(row, 'start');
      // A find's switch to its matches, the grid at its top already.
      act(() => scrollToRow(0));
      expect(touched).toEqual([]);
      // Scrolled down by the person, and come to rest: back to the top is written.
      await act(async () => {
        top = 2_000;
        scroller.dispatchEvent(new Event('scroll'));
      });
      await act(async () => vi.advanceTimersByTime(500));
      touched.length = 0;
      act(() => scrollToRow(0));
      expect(touched).toContain('write 0');
      expect(top).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
