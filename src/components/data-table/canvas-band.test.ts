import { describe, expect, it } from 'vitest';
import { type DrawnState, mergeBands, planFrame } from './canvas-band';
import {
  type PaintContext,
  type PaintFrame,
  type PaintRow,
  type PaintTheme,
  paintFrame,
} from './canvas-painter';

const THEME = {
  background: 'bg',
  text: 'text',
  muted: 'muted',
  link: 'link',
  good: 'good',
  line: 'line',
  placeholder: 'placeholder',
  chipBackground: 'chip',
  chipText: 'chip-text',
  markBackground: 'mark',
  font: '14px sans-serif',
  chipFont: '12px sans-serif',
} satisfies PaintTheme;

const ROW_HEIGHT = 10;
const HEIGHT = 100;

function textRow(text: string, marked = false): PaintRow {
  return { cell: () => text, marked };
}

function frameAt(
  rowOffset: number,
  rowAt: (index: number) => PaintRow | undefined,
  changes: Partial<PaintFrame> = {},
): PaintFrame {
  return {
    width: 200,
    height: HEIGHT,
    rowOffset,
    rowHeight: ROW_HEIGHT,
    rowCount: 1_000,
    scrollLeft: 0,
    columns: [{ start: 0, width: 200, alignEnd: false }],
    frozen: -1,
    rowAt,
    theme: THEME,
    ...changes,
  };
}

const rowsOf = (index: number) => textRow(`row ${index}`);
const loaded = new Map<number, PaintRow>();
const stableRow = (index: number) => {
  let row = loaded.get(index);
  if (!row) {
    row = rowsOf(index);
    loaded.set(index, row);
  }
  return row;
};

function drawnAt(rowOffset: number, ratio = 1): DrawnState {
  return planFrame(undefined, frameAt(rowOffset, stableRow), ratio).state;
}

describe('planFrame', () => {
  it('draws the first frame whole', () => {
    const plan = planFrame(undefined, frameAt(25, stableRow), 2);
    expect(plan).toMatchObject({ full: true, shift: 0, rowOffset: 25 });
    expect(plan.state.first).toBe(2);
    expect(plan.state.rows).toHaveLength(11);
  });

  it('moves the pixels by a step down and draws only the band it exposes', () => {
    const plan = planFrame(drawnAt(0, 2), frameAt(15, stableRow), 2);
    expect(plan).toMatchObject({ full: false, shift: 30, rowOffset: 15 });
    expect(plan.bands).toEqual([{ top: 85, bottom: 100 }]);
  });

  it('moves them down for a step up and draws the band at the top', () => {
    const plan = planFrame(drawnAt(100), frameAt(88, stableRow), 1);
    expect(plan).toMatchObject({ full: false, shift: -12, rowOffset: 88 });
    expect(plan.bands).toEqual([{ top: 0, bottom: 12 }]);
  });

  it('moves whole device pixels and keeps the fraction for the next step', () => {
    const first = planFrame(drawnAt(0), frameAt(10.4, stableRow), 1);
    expect(first).toMatchObject({ shift: 10, rowOffset: 10 });
    const second = planFrame(first.state, frameAt(20.8, stableRow), 1);
    expect(second).toMatchObject({ shift: 11, rowOffset: 21 });
    const atTwo = planFrame(drawnAt(0, 2), frameAt(10.4, stableRow), 2);
    expect(atTwo).toMatchObject({ shift: 21, rowOffset: 10.5 });
  });

  it('draws nothing for a step smaller than half a device pixel', () => {
    const plan = planFrame(drawnAt(40), frameAt(40.3, stableRow), 1);
    expect(plan).toMatchObject({ full: false, shift: 0, rowOffset: 40, bands: [] });
  });

  it('draws everything for a step of a viewport or more', () => {
    expect(planFrame(drawnAt(0), frameAt(100, stableRow), 1).full).toBe(true);
    expect(planFrame(drawnAt(500), frameAt(400, stableRow), 1).full).toBe(true);
    expect(planFrame(drawnAt(0), frameAt(99, stableRow), 1).full).toBe(false);
  });

  it('draws everything when anything but the vertical offset changed', () => {
    const drawn = drawnAt(0);
    const same = (changes: Partial<PaintFrame>) =>
      planFrame(drawn, frameAt(10, stableRow, changes), 1).full;
    // Equal columns in a new array (they are made again every frame) keep the pixels.
    expect(same({ columns: [{ start: 0, width: 200, alignEnd: false }] })).toBe(false);
    expect(same({ columns: [{ start: 0, width: 180, alignEnd: false }] })).toBe(true);
    expect(same({ scrollLeft: 4 })).toBe(true);
    expect(same({ frozen: 0 })).toBe(true);
    expect(same({ width: 210 })).toBe(true);
    expect(same({ theme: { ...THEME } })).toBe(true);
    expect(planFrame(drawn, frameAt(10, stableRow), 2).full).toBe(true);
  });

  it('keeps the pixels when only the row count moved, and draws what it added or took', () => {
    const drawn = drawnAt(0);
    // The table's end below the viewport (a page arriving far ahead): nothing to draw.
    expect(planFrame(drawn, frameAt(0, stableRow, { rowCount: 2_000 }), 1)).toMatchObject({
      full: false,
      bands: [],
    });
    const near = planFrame(undefined, frameAt(0, stableRow, { rowCount: 6 }), 1).state;
    // The end in view: the rows added, or the place of the rows taken, from the end down.
    expect(planFrame(near, frameAt(0, stableRow, { rowCount: 8 }), 1).bands).toEqual([
      { top: 60, bottom: 100 },
    ]);
    expect(planFrame(near, frameAt(0, stableRow, { rowCount: 4 }), 1).bands).toEqual([
      { top: 40, bottom: 100 },
    ]);
  });

  it('draws again a kept row that has loaded, changed or been marked since', () => {
    const rows = new Map<number, PaintRow | undefined>([[3, undefined]]);
    const rowAt = (index: number) => (rows.has(index) ? rows.get(index) : stableRow(index));
    const drawn = planFrame(undefined, frameAt(0, rowAt), 1).state;
    expect(drawn.rows[3]).toBeUndefined();
    // Nothing moved and nothing changed: nothing is drawn.
    expect(planFrame(drawn, frameAt(0, rowAt), 1).bands).toEqual([]);
    rows.set(3, textRow('row 3'));
    rows.set(6, textRow('row 6, edited'));
    const plan = planFrame(drawn, frameAt(0, rowAt), 1);
    expect(plan.bands).toEqual([
      { top: 30, bottom: 40 },
      { top: 60, bottom: 70 },
    ]);
    const marked = stableRow(8);
    const before = planFrame(undefined, frameAt(0, stableRow), 1).state;
    marked.marked = true;
    expect(planFrame(before, frameAt(0, stableRow), 1).bands).toEqual([{ top: 80, bottom: 90 }]);
    marked.marked = false;
  });
});

describe('mergeBands', () => {
  it('sorts, joins the bands that touch and drops the empty ones', () => {
    expect(
      mergeBands([
        { top: 50, bottom: 60 },
        { top: 0, bottom: 10 },
        { top: 10, bottom: 12 },
        { top: 55, bottom: 70 },
        { top: 80, bottom: 80 },
      ]),
    ).toEqual([
      { top: 0, bottom: 12 },
      { top: 50, bottom: 70 },
    ]);
  });
});

/**
 * A canvas one device pixel wide that knows, for each line of device pixels, which row's
 * text (or placeholder) was drawn over it last: what a person would read there.
 */
function lineCanvas(ratio: number, height: number) {
  let lines: string[] = new Array(Math.round(height * ratio)).fill('');
  /** The transform's scale: the caller draws in CSS pixels at the ratio. */
  let scale = ratio;
  /** The path's and the clip's stretches, in device pixels. */
  let path: [number, number][] = [];
  let clip: [number, number][] = [[0, Number.POSITIVE_INFINITY]];
  const saved: { clip: [number, number][]; scale: number }[] = [];
  const paintLines = (top: number, bottom: number, what: string) => {
    for (let line = 0; line < lines.length; line++) {
      const centre = line + 0.5;
      if (centre < top * scale || centre >= bottom * scale) continue;
      if (clip.some(([from, to]) => centre >= from && centre < to)) lines[line] = what;
    }
  };
  const context = {
    fillStyle: '',
    strokeStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    lineWidth: 1,
    fillRect(this: { fillStyle: string }, _x: number, y: number, _w: number, rectHeight: number) {
      // The background blanks; a placeholder bar stands for its whole row.
      if (this.fillStyle === THEME.background) paintLines(y, y + rectHeight, 'blank');
      if (this.fillStyle === THEME.placeholder) {
        const middle = y + rectHeight / 2;
        paintLines(middle - ROW_HEIGHT / 2, middle + ROW_HEIGHT / 2, 'placeholder');
      }
    },
    fillText(text: string, _x: number, middle: number) {
      paintLines(middle - ROW_HEIGHT / 2, middle + ROW_HEIGHT / 2, text);
    },
    save() {
      saved.push({ clip, scale });
    },
    restore() {
      const state = saved.pop();
      if (state) ({ clip, scale } = state);
    },
    getTransform: () => ({ a: scale }),
    setTransform(matrix: number | { a: number }) {
      scale = typeof matrix === 'number' ? matrix : matrix.a;
    },
    beginPath() {
      path = [];
    },
    rect(_x: number, y: number, _width: number, rectHeight: number) {
      path.push([y * scale, (y + rectHeight) * scale]);
    },
    clip() {
      clip = clip.flatMap(([from, to]) =>
        path
          .map(([top, bottom]): [number, number] => [Math.max(from, top), Math.min(to, bottom)])
          .filter(([top, bottom]) => bottom > top),
      );
    },
    moveTo() {},
    lineTo() {},
    stroke() {},
    measureText: (text: string) => ({ width: text.length * 7 }) as TextMetrics,
  } as unknown as PaintContext;
  return {
    context,
    /** The canvas drawn onto itself `shift` device pixels up; what it uncovers is garbage. */
    shift(shift: number) {
      lines = lines.map((_, line) => lines[line + shift] ?? 'garbage');
    },
    lines: () => lines,
  };
}

/** A small deterministic random sequence (a test must fail the same way twice). */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('a scroll drawn band by band', () => {
  for (const ratio of [1, 1.5, 2, 3]) {
    it(`shows every row as rowAt gives it now, at a device pixel ratio of ${ratio}`, () => {
      const random = randomOf(ratio * 7);
      // Rows load (a placeholder first) and are edited while the scroll goes on.
      const versions = new Map<number, number>();
      const rowObjects = new Map<string, PaintRow>();
      const rowAt = (index: number) => {
        const version = versions.get(index) ?? 0;
        if (version === 0) return undefined;
        const key = `${index}:${version}`;
        let row = rowObjects.get(key);
        if (!row) {
          row = textRow(`row ${index} v${version}`);
          rowObjects.set(key, row);
        }
        return row;
      };
      const canvas = lineCanvas(ratio, HEIGHT);
      let drawn: DrawnState | undefined;
      let offset = 3.3;
      // The table's end comes into view and moves as pages arrive (or a list shrinks).
      let rowCount = 1_000;
      for (let step = 0; step < 400; step++) {
        offset = Math.max(0, offset + (random() - 0.35) * 40);
        if (random() < 0.1) offset += 150;
        const first = Math.floor(offset / ROW_HEIGHT);
        if (random() < 0.3) rowCount = first + Math.floor(random() * 16);
        else if (random() < 0.1) rowCount = 1_000 + first;
        for (let change = 0; change < 3; change++) {
          const index = first + Math.floor(random() * 14) - 2;
          if (random() < 0.7) versions.set(index, (versions.get(index) ?? 0) + 1);
        }
        const frame = frameAt(offset, rowAt, { rowCount });
        const plan = planFrame(drawn, frame, ratio);
        drawn = plan.state;
        expect(Math.abs(plan.rowOffset - offset)).toBeLessThanOrEqual(0.5 / ratio + 1e-9);
        if (plan.shift !== 0) canvas.shift(plan.shift);
        const { rows } = plan.state;
        paintFrame(
          canvas.context,
          { ...frame, rowOffset: plan.rowOffset, rowAt: (index) => rows[index - plan.state.first] },
          plan.full ? undefined : plan.bands,
        );
        canvas.lines().forEach((shown, line) => {
          const index = Math.floor(((line + 0.5) / ratio + plan.rowOffset) / ROW_HEIGHT);
          const row = rowAt(index);
          expect(shown, `step ${step}, line ${line}`).toBe(
            index >= rowCount ? 'blank' : row ? String(row.cell(0)) : 'placeholder',
          );
        });
      }
    });
  }
});
