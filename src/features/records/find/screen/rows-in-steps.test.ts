import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FRAME_ROWS, ROWS_A_FRAME, SCREENFUL, useRowsInSteps } from './rows-in-steps';

describe('the first screenful of matches, a few rows a frame', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const frame = () => act(() => vi.advanceTimersToNextFrame());

  it('draws a batch that fills the screen over frames, then every match', () => {
    const { result, rerender } = renderHook(({ total }) => useRowsInSteps(total), {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    // The matches among the rows loaded: fewer than a frame's share, all at once.
    rerender({ total: 3 });
    expect(result.current).toBe(3);
    // The walk's first page: 12 more.
    rerender({ total: 15 });
    expect(result.current).toBe(3 + ROWS_A_FRAME);
    frame();
    expect(result.current).toBe(3 + 2 * ROWS_A_FRAME);
    frame();
    expect(result.current).toBe(15);
    frame();
    expect(result.current).toBe(15);
  });

  it("draws most of a screenful in a keystroke's first frame", () => {
    const { result, rerender } = renderHook(({ total }) => useRowsInSteps(total), {
      initialProps: { total: 0 },
    });
    // The first key's answer from the rows loaded: 85 matches.
    rerender({ total: 85 });
    expect(result.current).toBe(FIRST_FRAME_ROWS);
    frame();
    expect(result.current).toBe(FIRST_FRAME_ROWS + ROWS_A_FRAME);
  });

  it('draws a shrinking list at once, and one past a screenful whole', () => {
    const { result, rerender } = renderHook(({ total }) => useRowsInSteps(total), {
      initialProps: { total: 4 },
    });
    expect(result.current).toBe(4);
    // A narrower word: fewer matches, drawn at once.
    rerender({ total: 2 });
    expect(result.current).toBe(2);
    // A find begun again: no rows, then a batch in steps again.
    rerender({ total: 0 });
    rerender({ total: 200 });
    expect(result.current).toBe(FIRST_FRAME_ROWS);
    for (let drawn = FIRST_FRAME_ROWS; drawn < SCREENFUL; drawn += ROWS_A_FRAME) {
      expect(result.current).toBe(drawn);
      frame();
    }
    expect(result.current).toBeGreaterThanOrEqual(SCREENFUL);
    expect(result.current).toBeLessThan(200);
    frame();
    expect(result.current).toBe(200);
    // Once a screenful is drawn, matches that arrive below it join at once.
    rerender({ total: 900 });
    expect(result.current).toBe(900);
  });
});
