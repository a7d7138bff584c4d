import {
  type Band,
  type PaintColumn,
  type PaintFrame,
  type PaintRow,
  rowsInView,
} from './canvas-painter';

/**
 * What a vertical scroll step draws on the canvas (decision 066): the pixels already drawn
 * are moved by the step, in whole device pixels (text stays crisp), and only the band the
 * step exposes is drawn, with any row kept on screen that is no longer what it was drawn
 * from (a placeholder whose page has arrived, another record, a mark). A row count that
 * moved (a page arriving) draws the rows it added and blanks those it took, no more.
 * Everything else is a full draw: the first frame, a sideways scroll, other columns, size
 * or theme, a step of a viewport or more. Pure: the caller moves the pixels.
 */

/** What the canvas shows: enough to tell what the next frame may keep. */
export interface DrawnState {
  width: number;
  height: number;
  ratio: number;
  rowHeight: number;
  rowCount: number;
  scrollLeft: number;
  frozen: number;
  columns: readonly PaintColumn[];
  theme: PaintFrame['theme'];
  /** The row offset the pixels show (a step's fraction of a device pixel is left out). */
  rowOffset: number;
  /** The first row in view, and each row in view as drawn (undefined: a placeholder). */
  first: number;
  rows: readonly (PaintRow | undefined)[];
  /** Each row's mark as drawn (a kept row's `marked` may change in place). */
  marks: readonly boolean[];
}

export interface FramePlan {
  /** The row offset this frame draws at: the scroll's, less a fraction of a device pixel. */
  rowOffset: number;
  /** Device pixels to move the kept pixels up (down when negative) before drawing. */
  shift: number;
  /** Everything is drawn (no band: the whole viewport). */
  full: boolean;
  /** What to draw, when not full: the bands exposed and the rows gone stale, merged. */
  bands: Band[];
  /** The row at each index in view, read once for this frame (first = state.first). */
  state: DrawnState;
}

function sameColumns(a: readonly PaintColumn[], b: readonly PaintColumn[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index];
    const y = b[index];
    if (!x || !y || x.start !== y.start || x.width !== y.width || x.alignEnd !== y.alignEnd)
      return false;
  }
  return true;
}

/** Whether the pixels of `drawn` can be kept for `frame` (moved at most vertically). */
function canKeep(drawn: DrawnState, frame: PaintFrame, ratio: number): boolean {
  return (
    drawn.width === frame.width &&
    drawn.height === frame.height &&
    drawn.ratio === ratio &&
    drawn.rowHeight === frame.rowHeight &&
    drawn.scrollLeft === frame.scrollLeft &&
    drawn.frozen === frame.frozen &&
    drawn.theme === frame.theme &&
    sameColumns(drawn.columns, frame.columns)
  );
}

/** Bands sorted and merged where they touch or overlap. */
export function mergeBands(bands: readonly Band[]): Band[] {
  const sorted = bands.filter((band) => band.bottom > band.top).sort((a, b) => a.top - b.top);
  const merged: Band[] = [];
  for (const band of sorted) {
    const last = merged.at(-1);
    if (last && band.top <= last.bottom) last.bottom = Math.max(last.bottom, band.bottom);
    else merged.push({ ...band });
  }
  return merged;
}

/**
 * The plan of the next frame, from what the canvas shows (undefined: nothing yet) and the
 * frame as it is now at `ratio` device pixels per CSS pixel. Reads each row in view once.
 */
export function planFrame(
  drawn: DrawnState | undefined,
  frame: PaintFrame,
  ratio: number,
): FramePlan {
  const deviceHeight = Math.round(frame.height * ratio);
  let rowOffset = frame.rowOffset;
  let shift = 0;
  let full = !drawn || !canKeep(drawn, frame, ratio);
  if (drawn && !full) {
    shift = Math.round((frame.rowOffset - drawn.rowOffset) * ratio);
    if (Math.abs(shift) >= deviceHeight) full = true;
    // The fraction of a device pixel not moved stays in the offset the next step starts at.
    else rowOffset = drawn.rowOffset + shift / ratio;
  }
  if (full) {
    rowOffset = frame.rowOffset;
    shift = 0;
  }
  const { first, last } = rowsInView(rowOffset, frame.height, frame.rowHeight, frame.rowCount);
  const rows: (PaintRow | undefined)[] = [];
  const marks: boolean[] = [];
  for (let index = first; index <= last; index++) {
    const row = frame.rowAt(index);
    rows.push(row);
    marks.push(row?.marked ?? false);
  }
  const state: DrawnState = {
    width: frame.width,
    height: frame.height,
    ratio,
    rowHeight: frame.rowHeight,
    rowCount: frame.rowCount,
    scrollLeft: frame.scrollLeft,
    frozen: frame.frozen,
    columns: frame.columns,
    theme: frame.theme,
    rowOffset,
    first,
    rows,
    marks,
  };
  if (full || !drawn) return { rowOffset, shift: 0, full: true, bands: [], state };
  const bands: Band[] = [];
  if (shift > 0) bands.push({ top: (deviceHeight - shift) / ratio, bottom: frame.height });
  else if (shift < 0) bands.push({ top: 0, bottom: -shift / ratio });
  // A row kept on screen that is not what it was drawn from is drawn again, whole (its
  // edges rounded out to device pixels: a clip on whole pixels repaints them cleanly).
  for (let index = first; index <= last; index++) {
    const before = index - drawn.first;
    const now = index - first;
    const kept = before >= 0 && before < drawn.rows.length;
    if (kept && drawn.rows[before] === rows[now] && drawn.marks[before] === marks[now]) continue;
    const top = index * frame.rowHeight - rowOffset;
    bands.push({
      top: Math.max(0, Math.floor(top * ratio) / ratio),
      bottom: Math.min(frame.height, Math.ceil((top + frame.rowHeight) * ratio) / ratio),
    });
  }
  // A row count that moved: what lies below the table's end, as it was and as it is, is
  // drawn again (rows it added are new to the kept ones anyway; rows it took are blanked).
  if (drawn.rowCount !== frame.rowCount) {
    const end = Math.min(drawn.rowCount, frame.rowCount) * frame.rowHeight - rowOffset;
    if (end < frame.height)
      bands.push({ top: Math.max(0, Math.floor(end * ratio) / ratio), bottom: frame.height });
  }
  return { rowOffset, shift, full: false, bands: mergeBands(bands), state };
}
