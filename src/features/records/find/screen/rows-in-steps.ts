import { startTransition, useEffect, useReducer, useRef } from 'react';

/**
 * Matches that join a list of fewer than a screenful are drawn this many a frame: a new
 * grid row costs ~1 ms of script at 1× and its style, layout and paint as much again
 * (decision 065), and the first screenful of a find's matches drawn in one frame was one
 * task of ~50 ms of thread time at the mid-tier phone's 2.6× (decision 061).
 */
export const ROWS_A_FRAME = 5;
/**
 * The first frame of a list that was empty draws this many: most of a desk's screenful, so
 * the first matches read as one list rather than three steps (a keystroke's answer waited
 * 2–3 frames of ~25 ms for its screenful at 2.6×). Its cost, from the frames traced at 2.6×
 * (5 rows 20–27 ms, 15 rows 39–51 ms of thread time: ~10–15 ms a frame and ~2 ms a row),
 * is ~31–41 ms at the bench's 2.4×: inside the 50 ms a task may take (decision 061's sixth
 * addendum).
 */
export const FIRST_FRAME_ROWS = 12;
/**
 * Rows past this many are not drawn when they join (the grid draws those in view, ~20 on a
 * desk): the list takes every match at once from here.
 */
export const SCREENFUL = 60;

/**
 * How many of `total` rows to draw now: all of them, but while fewer than a screenful are
 * drawn, at most FIRST_FRAME_ROWS into an empty list and ROWS_A_FRAME more than were drawn
 * at the last commit, and the rest a frame
 * later each, drawn as transitions. A list that shrinks (a find begun again, a narrower
 * word) is drawn at once, and grows again in steps.
 */
export function useRowsInSteps(total: number): number {
  // What the last commit drew: read as committed, so a render thrown away changes nothing.
  const drawn = useRef(0);
  const [, nextFrame] = useReducer((frame: number) => frame + 1, 0);
  const limit = drawn.current + (drawn.current === 0 ? FIRST_FRAME_ROWS : ROWS_A_FRAME);
  const shown = drawn.current >= SCREENFUL || total <= limit ? total : limit;
  useEffect(() => {
    drawn.current = shown;
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => startTransition(nextFrame));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return shown;
}
