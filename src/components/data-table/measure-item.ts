import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * The height of a measured item (the phone's cards) for the virtualizer, without reading
 * the layout (decision 067, as decision 058 does for the board's cards): the
 * ResizeObserver's border box once it reports, which comes after the layout the browser
 * does anyway; as an item attaches, the height it had, else the estimate. Read from the
 * element as it attaches (`offsetHeight`, the virtualizer's default whenever the list is
 * not scrolling), each new item laid the page out inside React's commit, once per item.
 *
 * The estimate stays the caller's fixed one: an estimate that followed the heights
 * measured would move every item not measured yet above the view (after a jump or a
 * restored place) as soon as the measurements are rebuilt (a page arriving).
 */
export function measureItem(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  );
}
