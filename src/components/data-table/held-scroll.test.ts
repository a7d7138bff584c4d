import { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { fixedRange } from './held-scroll';

/** What the virtualizer itself reports for fixed heights at `offset` (its items, overscan in). */
function virtualizerRange(
  offset: number,
  viewport: number,
  itemHeight: number,
  count: number,
  overscan: number,
) {
  let tell: (offset: number, isScrolling: boolean) => void = () => {};
  const element = document.createElement('div');
  const virtualizer = new Virtualizer<HTMLElement, Element>({
    count,
    getScrollElement: () => element,
    estimateSize: () => itemHeight,
    overscan,
    observeElementRect: (_instance, onRect) => onRect({ width: 300, height: viewport }),
    observeElementOffset: (_instance, onOffset) => {
      tell = onOffset;
    },
    scrollToFn: () => {},
  });
  virtualizer._willUpdate();
  tell(offset, true);
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return first && last ? { startIndex: first.index, endIndex: last.index } : null;
}

describe('fixedRange', () => {
  it("is the virtualizer's own range, overscan included, at any offset", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let run = 0; run < 400; run++) {
      const itemHeight = [33, 36, 40][run % 3] ?? 36;
      const count = 1 + Math.floor(random() * 300);
      const viewport = 100 + Math.floor(random() * 700);
      const overscan = Math.floor(random() * 8);
      const end = count * itemHeight;
      // On an item's edge, between edges, at the end, past it.
      const offset = [
        Math.floor(random() * count) * itemHeight,
        random() * end,
        Math.max(0, end - viewport),
        end + 50,
      ][run % 4] as number;
      expect(fixedRange(offset, viewport, itemHeight, count, overscan), `run ${run}`).toEqual(
        virtualizerRange(offset, viewport, itemHeight, count, overscan),
      );
    }
  });

  it('draws nothing in an empty list or a viewport not measured yet', () => {
    expect(fixedRange(0, 400, 36, 0, 4)).toBeNull();
    expect(fixedRange(0, 0, 36, 100, 4)).toBeNull();
  });
});
