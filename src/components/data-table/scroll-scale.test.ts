import { describe, expect, it } from 'vitest';
import { drawnPosition, MAX_SCROLL_HEIGHT, scrollAreaHeight, scrollScale } from './scroll-scale';

describe('scroll scaling', () => {
  it('leaves ordinary tables unscaled', () => {
    expect(scrollScale(36_000, 600)).toBe(1);
    expect(drawnPosition(720, 500, 1)).toBe(720);
  });

  it('keeps a million rows under the browser limit and the last row reachable', () => {
    const rowHeight = 36;
    const total = 1_000_000 * rowHeight;
    const viewport = 600;
    const area = scrollAreaHeight(total);
    expect(area).toBe(MAX_SCROLL_HEIGHT);
    const scale = scrollScale(total, viewport);
    const maxScrollTop = area - viewport;
    // At the bottom of the scroll range the rows' offset shows the last row at the bottom.
    expect(maxScrollTop * scale).toBeCloseTo(total - viewport, 3);
    const lastRowStart = total - rowHeight;
    const drawn = drawnPosition(lastRowStart, maxScrollTop * scale, scale);
    expect(drawn).toBeCloseTo(maxScrollTop + viewport - rowHeight, 3);
    expect(drawn + rowHeight).toBeLessThanOrEqual(area + 1e-6);
  });
});
