import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { measureCard } from './board-column';

/** The parts of a virtualizer measureCard reads: item keys and the heights measured so far. */
function virtualizerWith(sizes: Map<string, number>) {
  return {
    options: { getItemKey: (index: number) => `r${index}` },
    indexFromElement: (element: Element) => Number(element.getAttribute('data-index')),
    itemSizeCache: sizes,
  } as unknown as Virtualizer<HTMLDivElement, Element>;
}

function card(index: number): Element {
  const element = document.createElement('li');
  element.setAttribute('data-index', String(index));
  // A layout read would give this; measureCard must not read it as a card attaches.
  Object.defineProperty(element, 'offsetHeight', {
    get: () => {
      throw new Error('forced layout');
    },
  });
  return element;
}

describe("a board card's height", () => {
  it("is the ResizeObserver's border box once it reports", () => {
    const entry = { borderBoxSize: [{ blockSize: 181.6, inlineSize: 272 }] };
    expect(
      measureCard(card(0), entry as unknown as ResizeObserverEntry, virtualizerWith(new Map())),
    ).toBe(182);
  });

  it('as a card attaches: the height it had, else the estimate, without reading the layout', () => {
    const sizes = new Map([['r3', 166]]);
    expect(measureCard(card(3), undefined, virtualizerWith(sizes))).toBe(166);
    expect(measureCard(card(4), undefined, virtualizerWith(sizes))).toBe(170);
  });
});
