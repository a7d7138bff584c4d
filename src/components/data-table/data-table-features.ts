import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  metaHelper,
  tableFeatures,
} from '@tanstack/react-table';
import type { DrawnCell } from './canvas-painter';
import type { CellTitle } from './cell-tooltip';

export interface DataTableColumnMeta {
  /** The column's name as people read it; headers, filters and the Columns menu use it. */
  label: string;
  /** `end` right-aligns numbers so their digits line up. */
  align?: 'start' | 'end';
  /**
   * A cell's whole value as text, for the tooltip on hover or keyboard focus when the cell
   * can't show it all; null when there is nothing more to show (an empty value, a boolean).
   */
  cellTitle?: (value: unknown) => CellTitle | null;
  /**
   * What a cell shows, as the canvas draws it while the grid scrolls (decision 066): the
   * same text, in the same formats, as the cell's own content. Without it a value is drawn
   * as `String(value)`.
   */
  drawnText?: (value: unknown) => DrawnCell;
}

/**
 * The TanStack Table v9 features every data table registers. Sorting and filtering are
 * the server's work (CONTRACT §4), so no row-model features: Table owns columns, their
 * sizes and visibility; the URL owns the view.
 */
export const dataTableFeatures = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;
