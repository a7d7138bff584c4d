import type { Column, RecordRow } from '../../../lib/api/types';
import { formatDateValue } from './record-cell';

/**
 * The grid's text is 14 px: an average character of a formatted date ("15 de dez. de 2025,
 * 14:30", "Dec 15, 2025, 2:30 PM") is under 7.5 px wide, its digits 7.7 px. Measuring in a
 * canvas would be exact but costs a layout per value, and jsdom has no canvas; this errs
 * wide by a few pixels.
 */
const CHARACTER_PX = 7.8;
/** The cell's padding (px-2 each side), and the room its sort and filter marks take. */
const CELL_PADDING_PX = 24;
const MAX_FITTED_PX = 360;

/**
 * Widths for the columns whose values have a known, short shape (dates and timestamps),
 * from the first page of values as the language on screen writes them: wide enough for the
 * longest whole date and time, never narrower than `kindWidth` gives. Other kinds keep
 * their kind's width (free text would make every column as wide as its longest note).
 */
export function fittedWidths(
  columns: readonly Column[],
  rows: readonly RecordRow[],
  kindWidth: (column: Column) => number,
): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of columns) {
    if (column.type !== 'DATETIME') continue;
    let longest = 0;
    for (const row of rows) {
      const value = row.fields[column.name];
      if (typeof value !== 'string') continue;
      longest = Math.max(longest, (formatDateValue(value) ?? value).length);
    }
    const fitted = Math.ceil(longest * CHARACTER_PX) + CELL_PADDING_PX;
    widths[column.name] = Math.min(MAX_FITTED_PX, Math.max(kindWidth(column), fitted));
  }
  return widths;
}
