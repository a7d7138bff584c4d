import type { ColumnSizingState, ColumnVisibilityState } from '@tanstack/react-table';
import type { Column, TableView } from '../../../lib/api/types';

/** A saved view's layout: the starting point of its own remembered widths and hidden columns. */
export interface ViewLayout {
  viewId: string;
  sizing: ColumnSizingState;
  visibility: ColumnVisibilityState;
}

/**
 * The table's columns in the view's order: the view's visible columns first (names that
 * are no longer columns skipped), then the rest, which the view hides. A view without a
 * column list shows the table as it is.
 */
export function columnsForView(columns: readonly Column[], view: TableView | null): Column[] {
  if (view === null || view.columns.length === 0) return [...columns];
  const byName = new Map(columns.map((column) => [column.name, column]));
  const shown = view.columns
    .map((name) => byName.get(name))
    .filter((column): column is Column => column !== undefined);
  const shownNames = new Set(shown.map((column) => column.name));
  return [...shown, ...columns.filter((column) => !shownNames.has(column.name))];
}

/** The view's widths and hidden columns, as the grid's column state. */
export function viewLayoutOf(view: TableView, columns: readonly Column[]): ViewLayout {
  const names = new Set(columns.map((column) => column.name));
  const sizing: Record<string, number> = {};
  for (const [name, width] of Object.entries(view.widths)) {
    if (names.has(name)) sizing[name] = width;
  }
  const visibility: Record<string, boolean> = {};
  if (view.columns.length > 0) {
    const visible = new Set(view.columns);
    // Every column the view doesn't list is hidden; if none it lists exists, all show.
    if (columns.some((column) => visible.has(column.name))) {
      for (const column of columns) visibility[column.name] = visible.has(column.name);
    }
  }
  return { viewId: view.id, sizing, visibility };
}
