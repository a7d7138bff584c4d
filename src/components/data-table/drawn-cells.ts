import type { DrawnCell, PaintRow } from './canvas-painter';

/** What a drawn cell is read from: a table row (its value by column id). */
export interface DrawnRowSource {
  getValue: (columnId: string) => unknown;
}

/** A column's text for the canvas (its `meta.drawnText`, or the plain text of its value). */
export type DrawnTextOf = (value: unknown) => DrawnCell;

/**
 * The cells the canvas drew, kept per row object for one scroll (decision 066): a row
 * crossing the viewport over several frames is formatted once, not once a frame (the
 * records' formats, a linked record's name, at 10× CPU a third of a frame's drawing), and
 * its PaintRow is made once. Kept only while the same row object is drawn under the same
 * columns: a row object stands for one record as loaded (a changed record is a new row),
 * and a new language, a column added, moved or hidden, or a new text function (the
 * records' columns are made again for a new language) drops every kept cell. `clear` at
 * each scroll's start: a linked record's name learnt between two scrolls is drawn by the
 * next one (at rest the DOM cells show it anyway).
 */
export class DrawnCells<Row extends DrawnRowSource> {
  private ids: readonly string[] = [];
  private texts: readonly DrawnTextOf[] = [];
  private rows = new WeakMap<Row, KeptRow>();

  /** The columns drawn now, in order: any change from the last frame's drops the kept cells. */
  setColumns(ids: readonly string[], texts: readonly DrawnTextOf[]) {
    if (sameItems(ids, this.ids) && sameItems(texts, this.texts)) return;
    this.ids = ids;
    this.texts = texts;
    this.clear();
  }

  /** Drops every kept cell (a new scroll). */
  clear() {
    this.rows = new WeakMap();
  }

  /** The row as the painter reads it; `marked` as of now (find's marks may change). */
  paintRowOf(row: Row, marked: boolean): PaintRow {
    let kept = this.rows.get(row);
    if (!kept) {
      const cells: (DrawnCell | undefined)[] = [];
      const { ids, texts } = this;
      kept = {
        marked,
        cell: (column) => {
          const known = cells[column];
          if (known !== undefined) return known;
          const id = ids[column];
          const drawn = id === undefined ? '' : (texts[column]?.(row.getValue(id)) ?? '');
          cells[column] = drawn;
          return drawn;
        },
      };
      this.rows.set(row, kept);
    }
    kept.marked = marked;
    return kept;
  }
}

interface KeptRow {
  marked: boolean;
  cell: (columnIndex: number) => DrawnCell;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
