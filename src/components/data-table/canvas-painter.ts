/**
 * The grid's body drawn on a canvas while it scrolls (decision 066): what a frame draws
 * where, from the rows and columns as they are at draw time. Pure over a 2D context (the
 * few calls it makes, so a test can record them); data-table-canvas.tsx sizes the canvas,
 * reads the theme and calls it on every scroll event.
 */

/** What a cell draws: plain text, or text in a tone, or chips (a SELECT's values). */
export type DrawnCell =
  | string
  | { text: string; tone?: DrawnTone }
  | { chips: readonly string[]; more?: string };

export type DrawnTone = 'muted' | 'link' | 'good';

/** A column as the canvas draws it: its left edge in the row and its width, in pixels. */
export interface PaintColumn {
  start: number;
  width: number;
  alignEnd: boolean;
}

/** The colours and fonts of the grid's body, read from the page once per theme. */
export interface PaintTheme {
  background: string;
  text: string;
  muted: string;
  link: string;
  good: string;
  line: string;
  placeholder: string;
  chipBackground: string;
  chipText: string;
  markBackground: string;
  font: string;
  chipFont: string;
}

/** A loaded row: its cells' text by column, and whether it carries a mark (data-mark). */
export interface PaintRow {
  cell: (columnIndex: number) => DrawnCell;
  marked: boolean;
}

export interface PaintFrame {
  /** The body's viewport in CSS pixels (below the sticky header, inside the scrollbars). */
  width: number;
  height: number;
  /** Row pixels above the viewport's top edge (the virtual offset, scale applied). */
  rowOffset: number;
  rowHeight: number;
  rowCount: number;
  scrollLeft: number;
  columns: readonly PaintColumn[];
  /** The column that stays at the left edge (drawn over the others), or -1. */
  frozen: number;
  /** The row at an index now, or undefined while it is not loaded (a placeholder bar). */
  rowAt: (rowIndex: number) => PaintRow | undefined;
  theme: PaintTheme;
  /**
   * Text widths already measured in the chip font, by text (kept by the caller while the
   * font stays): a chip's width is measured once, not once a frame.
   */
  textWidths?: Map<string, number>;
}

/** The calls of CanvasRenderingContext2D the painter makes. */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | 'fillRect'
  | 'fillText'
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'rect'
  | 'clip'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'measureText'
  | 'getTransform'
  | 'setTransform'
  | 'fillStyle'
  | 'strokeStyle'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'lineWidth'
>;

/** What a frame drew: the highest loaded row in it (-1 for none), for the bench's probe. */
export interface PaintResult {
  firstRow: number;
  lastRow: number;
  lastLoadedRow: number;
}

/** A cell's padding (the DOM cells' px-2). */
export const CELL_PADDING = 8;
const CHIP_PADDING = 6;
const CHIP_GAP = 4;
const CHIP_HEIGHT = 20;
const PLACEHOLDER_HEIGHT = 12;

/** The rows a frame shows: those overlapping the viewport. */
export function rowsInView(
  rowOffset: number,
  height: number,
  rowHeight: number,
  rowCount: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(rowOffset / rowHeight));
  const last = Math.min(rowCount - 1, Math.ceil((rowOffset + height) / rowHeight) - 1);
  return { first, last };
}

/** Where a column is drawn: its start less the sideways scroll, the frozen one held at 0. */
export function columnLeft(column: PaintColumn, frozen: boolean, scrollLeft: number): number {
  const left = column.start - scrollLeft;
  return frozen ? Math.max(0, left) : left;
}

/** A stretch of the viewport, in CSS pixels from its top (canvas-band.ts). */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * Draws one frame of the body: background, rows' cells column by column, grid lines; or,
 * given bands, only those stretches (clipped to them: the rows crossing them are drawn
 * whole beneath the clip, so a band's pixels are those of a full frame).
 */
export function paintFrame(
  context: PaintContext,
  frame: PaintFrame,
  bands?: readonly Band[],
): PaintResult {
  const { width, height, rowOffset, rowHeight, rowCount, theme } = frame;
  const { first, last } = rowsInView(rowOffset, height, rowHeight, rowCount);
  // Each row read once a frame: the row at an index is what rowAt gives now.
  let lastLoadedRow = -1;
  const rows: DrawnRow[] = [];
  for (let index = first; index <= last; index++) {
    const row = frame.rowAt(index);
    if (row) lastLoadedRow = index;
    const top = index * rowHeight - rowOffset;
    if (!bands || crosses(bands, top, rowHeight)) rows.push({ row, top });
  }
  if (bands) {
    if (bands.length === 0) return { firstRow: first, lastRow: last, lastLoadedRow };
    clipToBands(context, bands, width);
  }
  context.fillStyle = theme.background;
  // Under a band's clip, a pixel more each side: the clip's edge is the band's.
  if (bands)
    for (const band of bands) context.fillRect(0, band.top - 1, width, band.bottom - band.top + 2);
  else context.fillRect(0, -1, width, height + 2);
  for (const { row, top } of rows) {
    if (row?.marked) {
      context.fillStyle = theme.markBackground;
      context.fillRect(0, top, width, rowHeight);
    }
  }
  context.textBaseline = 'middle';
  for (let columnIndex = 0; columnIndex < frame.columns.length; columnIndex++) {
    if (columnIndex !== frame.frozen) paintColumn(context, frame, rows, columnIndex);
  }
  if (frame.frozen >= 0) paintColumn(context, frame, rows, frame.frozen);
  // Row lines (the rows' border-b).
  context.strokeStyle = theme.line;
  context.lineWidth = 1;
  context.beginPath();
  for (const { top } of rows) {
    const y = top + rowHeight - 0.5;
    context.moveTo(0, y);
    context.lineTo(width, y);
  }
  context.stroke();
  if (bands) context.restore();
  return { firstRow: first, lastRow: last, lastLoadedRow };
}

/**
 * Clips to the bands (inside a save()) on whole device pixels, set in device space: a band's
 * edge in CSS pixels times a ratio such as 1.5 lands a hair off the pixel, and the clip's
 * soft edge would blend the row drawn with the one kept there.
 */
function clipToBands(context: PaintContext, bands: readonly Band[], width: number) {
  context.save();
  const transform = context.getTransform();
  const ratio = transform.a;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.beginPath();
  for (const band of bands) {
    const top = Math.round(band.top * ratio);
    context.rect(0, top, Math.ceil(width * ratio), Math.round(band.bottom * ratio) - top);
  }
  context.clip();
  context.setTransform(transform);
}

/**
 * Whether a row from `top`, `height` high, reaches any of the bands: within a pixel, since
 * its line's soft edge falls on the next device pixel where a row's edge is not on one.
 */
function crosses(bands: readonly Band[], top: number, height: number): boolean {
  for (const band of bands) if (top < band.bottom + 1 && top + height > band.top - 1) return true;
  return false;
}

/** A row as a frame draws it: the row (undefined: a placeholder) and its top edge. */
interface DrawnRow {
  row: PaintRow | undefined;
  top: number;
}

function paintColumn(
  context: PaintContext,
  frame: PaintFrame,
  rows: readonly DrawnRow[],
  columnIndex: number,
) {
  const column = frame.columns[columnIndex];
  if (!column) return;
  const frozen = columnIndex === frame.frozen;
  const left = columnLeft(column, frozen, frame.scrollLeft);
  if (left >= frame.width || left + column.width <= 0) return;
  const { theme, rowHeight, height } = frame;
  context.save();
  context.beginPath();
  // A pixel past the top and the bottom: the canvas's edges clip there, and a soft edge
  // here (a height such as 369.33 px at 1.5) would draw its last line unlike a band does.
  context.rect(left, -1, column.width, height + 2);
  context.clip();
  // Set inside this save() only, so restore() leaves nothing the pen does not know.
  const pen: Pen = { context, font: '', fill: '', align: '' };
  if (frozen) {
    // Opaque: the other columns scroll beneath it.
    fill(pen, theme.background);
    context.fillRect(left, -1, column.width, height + 2);
  }
  for (const { row, top } of rows) {
    if (frozen && row?.marked) {
      fill(pen, theme.markBackground);
      context.fillRect(left, top, column.width, rowHeight);
    }
    const middle = top + rowHeight / 2;
    if (!row) {
      fill(pen, theme.placeholder);
      const barWidth = Math.max(0, (column.width - 2 * CELL_PADDING) * (2 / 3));
      context.fillRect(
        left + CELL_PADDING,
        middle - PLACEHOLDER_HEIGHT / 2,
        barWidth,
        PLACEHOLDER_HEIGHT,
      );
      continue;
    }
    paintCell(pen, frame, row.cell(columnIndex), left, column, middle);
  }
  // The cell's right border.
  context.strokeStyle = theme.line;
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(left + column.width - 0.5, -1);
  context.lineTo(left + column.width - 0.5, height + 1);
  context.stroke();
  context.restore();
}

/**
 * The context's font, colour and alignment as last set: each is set only when it changes,
 * since every set parses its string (a font or an oklch() colour per cell was most of a
 * frame's drawing on a slow CPU).
 */
interface Pen {
  context: PaintContext;
  font: string;
  fill: string;
  align: string;
}

function fill(pen: Pen, colour: string) {
  if (pen.fill === colour) return;
  pen.fill = colour;
  pen.context.fillStyle = colour;
}

function font(pen: Pen, value: string) {
  if (pen.font === value) return;
  pen.font = value;
  pen.context.font = value;
}

function align(pen: Pen, value: CanvasTextAlign) {
  if (pen.align === value) return;
  pen.align = value;
  pen.context.textAlign = value;
}

function paintCell(
  pen: Pen,
  { theme, textWidths }: PaintFrame,
  drawn: DrawnCell,
  left: number,
  column: PaintColumn,
  middle: number,
) {
  if (typeof drawn === 'string' || 'text' in drawn) {
    const text = typeof drawn === 'string' ? drawn : drawn.text;
    if (text === '') return;
    const tone = typeof drawn === 'string' ? undefined : drawn.tone;
    font(pen, theme.font);
    fill(
      pen,
      tone === 'muted'
        ? theme.muted
        : tone === 'link'
          ? theme.link
          : tone === 'good'
            ? theme.good
            : theme.text,
    );
    if (column.alignEnd) {
      align(pen, 'right');
      pen.context.fillText(text, left + column.width - CELL_PADDING, middle);
    } else {
      align(pen, 'left');
      pen.context.fillText(text, left + CELL_PADDING, middle);
    }
    return;
  }
  font(pen, theme.chipFont);
  align(pen, 'left');
  const { context } = pen;
  let x = left + CELL_PADDING;
  const right = left + column.width;
  for (const chip of drawn.chips) {
    if (x >= right) return;
    let textWidth = textWidths?.get(chip);
    if (textWidth === undefined) {
      textWidth = context.measureText(chip).width;
      textWidths?.set(chip, textWidth);
    }
    fill(pen, theme.chipBackground);
    context.fillRect(x, middle - CHIP_HEIGHT / 2, textWidth + 2 * CHIP_PADDING, CHIP_HEIGHT);
    fill(pen, theme.chipText);
    context.fillText(chip, x + CHIP_PADDING, middle);
    x += textWidth + 2 * CHIP_PADDING + CHIP_GAP;
  }
  if (drawn.more && x < right) {
    fill(pen, theme.muted);
    context.fillText(drawn.more, x, middle);
  }
}
