import { describe, expect, it } from 'vitest';
import {
  CELL_PADDING,
  type DrawnCell,
  type PaintContext,
  type PaintFrame,
  type PaintRow,
  paintFrame,
  rowsInView,
} from './canvas-painter';

interface Drawn {
  text: string;
  x: number;
  y: number;
  align: string;
  fill: string;
  /** The clip rectangle's left edge and width when it was drawn. */
  clip: { left: number; width: number } | null;
}

/** A context that records the text drawn, its place, alignment, colour and clip. */
function recordingContext() {
  const texts: Drawn[] = [];
  const rects: { x: number; y: number; width: number; height: number; fill: string }[] = [];
  let pendingRect: { left: number; width: number } | null = null;
  const clips: ({ left: number; width: number } | null)[] = [null];
  const context = {
    fillStyle: '',
    strokeStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    lineWidth: 1,
    fillRect(x: number, y: number, width: number, height: number) {
      rects.push({ x, y, width, height, fill: String(this.fillStyle) });
    },
    fillText(text: string, x: number, y: number) {
      texts.push({
        text,
        x,
        y,
        align: String(this.textAlign),
        fill: String(this.fillStyle),
        clip: clips[clips.length - 1] ?? null,
      });
    },
    save() {
      clips.push(clips[clips.length - 1] ?? null);
    },
    restore() {
      clips.pop();
    },
    beginPath() {
      pendingRect = null;
    },
    rect(left: number, _top: number, width: number) {
      pendingRect = { left, width };
    },
    clip() {
      clips[clips.length - 1] = pendingRect;
    },
    moveTo() {},
    lineTo() {},
    stroke() {},
    measureText: (text: string) => ({ width: text.length * 7 }) as TextMetrics,
  };
  return { context: context as unknown as PaintContext, texts, rects };
}

const THEME = {
  background: 'white',
  text: 'ink',
  muted: 'grey',
  link: 'blue',
  good: 'green',
  line: 'line',
  placeholder: 'bar',
  chipBackground: 'chip',
  chipText: 'chip-ink',
  markBackground: 'amber',
  font: '14px sans-serif',
  chipFont: '12px sans-serif',
};

/** Records "r<index>" with cells "r<index>c<column>". */
function recordRows(count: number, loaded = (_index: number) => true) {
  return (index: number): PaintRow | undefined =>
    index < count && loaded(index)
      ? { cell: (column) => `r${index}c${column}`, marked: false }
      : undefined;
}

function frame(overrides: Partial<PaintFrame> = {}): PaintFrame {
  return {
    width: 400,
    height: 100,
    rowOffset: 0,
    rowHeight: 36,
    rowCount: 1000,
    scrollLeft: 0,
    columns: [
      { start: 0, width: 150, alignEnd: false },
      { start: 150, width: 100, alignEnd: true },
      { start: 250, width: 200, alignEnd: false },
    ],
    frozen: -1,
    rowAt: recordRows(1000),
    theme: THEME,
    ...overrides,
  };
}

describe('rowsInView', () => {
  it('is the rows overlapping the viewport, clamped to the list', () => {
    expect(rowsInView(0, 100, 36, 1000)).toEqual({ first: 0, last: 2 });
    expect(rowsInView(40, 100, 36, 1000)).toEqual({ first: 1, last: 3 });
    expect(rowsInView(35_900, 100, 36, 1000)).toEqual({ first: 997, last: 999 });
    expect(rowsInView(0, 100, 36, 0)).toEqual({ first: 0, last: -1 });
  });
});

describe('paintFrame', () => {
  it('draws each row in view at its place, each cell inside its column', () => {
    const { context, texts } = recordingContext();
    const result = paintFrame(context, frame({ rowOffset: 40 }));
    // Rows 1..3 (row 1 starts 4 px above the viewport), middle of each row.
    expect(
      texts.filter((text) => text.text.endsWith('c0')).map((text) => [text.text, text.y]),
    ).toEqual([
      ['r1c0', 36 - 40 + 18],
      ['r2c0', 72 - 40 + 18],
      ['r3c0', 108 - 40 + 18],
    ]);
    const first = texts.find((text) => text.text === 'r2c0');
    expect(first).toMatchObject({ x: CELL_PADDING, align: 'left', clip: { left: 0, width: 150 } });
    // align end: right edge of the column less the padding, clipped to the column.
    expect(texts.find((text) => text.text === 'r2c1')).toMatchObject({
      x: 250 - CELL_PADDING,
      align: 'right',
      clip: { left: 150, width: 100 },
    });
    expect(result).toEqual({ firstRow: 1, lastRow: 3, lastLoadedRow: 3 });
  });

  it('draws a placeholder bar, never text, for a row not loaded, and says the last loaded row', () => {
    const { context, texts, rects } = recordingContext();
    const result = paintFrame(context, frame({ rowAt: recordRows(1000, (index) => index !== 1) }));
    expect(texts.some((text) => text.text.startsWith('r1'))).toBe(false);
    expect(texts.map((text) => text.text)).toContain('r2c2');
    const bars = rects.filter((rect) => rect.fill === 'bar');
    expect(bars).toHaveLength(3);
    expect(bars[0]).toMatchObject({ x: CELL_PADDING, y: 36 + 18 - 6, height: 12 });
    expect(result.lastLoadedRow).toBe(2);
  });

  it('draws what rowAt gives at each frame: a replaced row never shows the record before it', () => {
    const { context, texts } = recordingContext();
    let record = 'alpha';
    const rowAt = (index: number): PaintRow | undefined =>
      index === 0 ? { cell: () => record, marked: false } : undefined;
    paintFrame(context, frame({ rowAt }));
    record = 'beta';
    texts.length = 0;
    paintFrame(context, frame({ rowAt }));
    expect(texts.map((text) => text.text)).toEqual(['beta', 'beta', 'beta']);
  });

  it('follows the sideways scroll and skips columns out of view', () => {
    const { context, texts } = recordingContext();
    paintFrame(context, frame({ scrollLeft: 160, width: 200 }));
    const row0 = texts.filter((text) => text.text.startsWith('r0'));
    // Column 0 (0..150) is scrolled out; column 1 at -10, column 2 at 90.
    expect(row0.map((text) => [text.text, text.x])).toEqual([
      ['r0c1', 150 - 160 + 100 - CELL_PADDING],
      ['r0c2', 250 - 160 + CELL_PADDING],
    ]);
  });

  it('draws the frozen column last, at the left edge, over the others', () => {
    const { context, texts } = recordingContext();
    paintFrame(context, frame({ scrollLeft: 160, frozen: 0 }));
    const row0 = texts.filter((text) => text.text.startsWith('r0'));
    expect(row0.map((text) => text.text)).toEqual(['r0c1', 'r0c2', 'r0c0']);
    expect(row0[2]).toMatchObject({ x: CELL_PADDING, clip: { left: 0, width: 150 } });
  });

  it('draws tones and chips in the theme colours', () => {
    const { context, texts, rects } = recordingContext();
    const cells: DrawnCell[] = [
      { text: 'https://example.com', tone: 'link' },
      { text: '—', tone: 'muted' },
      { chips: ['new', 'urgent'], more: '+2' },
    ];
    paintFrame(
      context,
      frame({
        rowCount: 1,
        rowAt: () => ({ cell: (column) => cells[column] ?? '', marked: true }),
      }),
    );
    expect(texts.map((text) => [text.text, text.fill])).toEqual([
      ['https://example.com', 'blue'],
      ['—', 'grey'],
      ['new', 'chip-ink'],
      ['urgent', 'chip-ink'],
      ['+2', 'grey'],
    ]);
    expect(rects.filter((rect) => rect.fill === 'chip')).toHaveLength(2);
    // A marked row's background.
    expect(rects.some((rect) => rect.fill === 'amber' && rect.y === 0)).toBe(true);
  });

  it('places chips as measured, measuring each chip text once while the widths are kept', () => {
    const measure = (kept?: Map<string, number>) => {
      const { context, texts } = recordingContext();
      let measured = 0;
      const measureText = context.measureText.bind(context);
      context.measureText = (text) => {
        measured += 1;
        return measureText(text);
      };
      const row: PaintRow = { cell: () => ({ chips: ['new', 'urgent'] }), marked: false };
      const options = { rowCount: 3, rowAt: () => row, textWidths: kept };
      paintFrame(context, frame(options));
      paintFrame(context, frame(options));
      return { measured, places: texts.map((text) => [text.text, text.x]) };
    };
    const unkept = measure();
    const kept = measure(new Map());
    expect(kept.places).toEqual(unkept.places);
    expect(unkept.measured).toBe(2 * 3 * 3 * 2);
    expect(kept.measured).toBe(2);
  });
});
