import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { measureItem } from './measure-item';

/** The parts of a virtualizer measureItemWith reads: keys, heights so far, the estimate. */
function virtualizerWith(sizes: Map<number, number>, estimate = 176) {
  return {
    options: { getItemKey: (index: number) => index, estimateSize: () => estimate },
    indexFromElement: (element: Element) => Number(element.getAttribute('data-index')),
    itemSizeCache: sizes,
  } as unknown as Virtualizer<HTMLElement, Element>;
}

function card(index: number): Element {
  const element = document.createElement('li');
  element.setAttribute('data-index', String(index));
  // A layout read would give these; a card attaching must not read them.
  for (const read of ['offsetHeight', 'clientHeight'])
    Object.defineProperty(element, read, {
      get: () => {
        throw new Error('forced layout');
      },
    });
  element.getBoundingClientRect = () => {
    throw new Error('forced layout');
  };
  return element;
}

const observed = (height: number) =>
  ({ borderBoxSize: [{ blockSize: height, inlineSize: 366 }] }) as unknown as ResizeObserverEntry;

describe("a measured item's height", () => {
  it("is the ResizeObserver's border box once it reports", () => {
    expect(measureItem(card(0), observed(213.6), virtualizerWith(new Map()))).toBe(214);
  });

  it('as an item attaches: the height it had, else the estimate, without reading the layout', () => {
    const virtualizer = virtualizerWith(new Map([[3, 222]]));
    expect(measureItem(card(3), undefined, virtualizer)).toBe(222);
    expect(measureItem(card(4), undefined, virtualizer)).toBe(176);
  });
});
