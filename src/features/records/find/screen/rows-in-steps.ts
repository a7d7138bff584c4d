import { startTransition, useEffect, useReducer, useRef } from 'react';

/**
 * Matches that join a list of fewer than a screenful are drawn this many a frame: a new
 * grid row costs ~1 ms of script at 1× and its style, layout and paint as much again
 * (decision 065), and the first screenful of a find's matches drawn in one frame was one
 * task of ~50 ms of thread time at the mid-tier phone's 2.6× (decision 061).
 */
export const ROWS_A_FRAME = 5;
/**
 * Rows past this many are not drawn when they join (the grid draws those in view, ~20 on a
 * desk): the list takes every match at once from here.
 */
export const SCREENFUL = 60;

/**
 * How many of `total` rows to draw now: all of them, but while fewer than a screenful are
 * drawn, at most ROWS_A_FRAME more than were drawn at the last commit, and the rest a frame
 * later each, drawn as transitions. A list that shrinks (a find begun again, a narrower
 * word) is drawn at once, and grows again in steps.
 */
export function useRowsInSteps(total: number): number {
  // What the last commit drew: read as committed, so a render thrown away changes nothing.
  const drawn = useRef(0);
  const [, nextFrame] = useReducer((frame: number) => frame + 1, 0);
  const limit = drawn.current + ROWS_A_FRAME;
  const shown = drawn.current >= SCREENFUL || total <= limit ? total : limit;
  useEffect(() => {
    drawn.current = shown;
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => startTransition(nextFrame));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return shown;
}
