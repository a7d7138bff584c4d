import type { Column } from '../../../lib/api/types';

// Apart from the calendar: the layout switch and the body choosing a layout need these with
// the grid, the calendar's own code only once a calendar is shown (it loads then).

/** Columns a calendar can place records by. */
export function dateColumnsOf(columns: readonly Column[]): Column[] {
  return columns.filter((column) => column.type === 'DATETIME');
}

/** The date column: the one the address names when it is one, else the first. */
export function dateColumnOf(columns: readonly Column[], named: string | null): Column | null {
  const candidates = dateColumnsOf(columns);
  return candidates.find((column) => column.name === named) ?? candidates[0] ?? null;
}
