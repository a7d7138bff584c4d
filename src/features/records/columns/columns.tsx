// Room columns/ (no screen of its own): a table's columns as the grid and its skins draw
// them. Owns the column definitions (here), a cell's look by kind (record-cell.tsx,
// column-kinds.ts), widths, the column picker, and columns inferred when a table has no
// description (infer-columns.ts). May import lib/ and components/, no other room.
import { createColumnHelper } from '@tanstack/react-table';
import type { DataTableFeatures } from '../../../components/data-table/data-table-features';
import type { Column, ColumnType, RecordRow } from '../../../lib/api/types';
import type { AppLocale } from '../../../lib/i18n/locales';
import { isNumericType } from './column-kinds';
import { drawnTextOf, type ReferenceLabel } from './drawn-text';
import { cellTitleOf, currencyOf, linkedTableOf, RecordCell } from './record-cell';

const helper = createColumnHelper<DataTableFeatures, RecordRow>();

/**
 * A date column's least width under a finger: its filter's three 44 px parts, the calendar
 * button and the clear button (all 44 px on touch, decision 054) side by side, so the
 * field never scrolls inside a header whose controls are out of the tab order.
 */
export const DATE_COLUMN_COARSE_WIDTH = 264;

/** A column's width before any value is seen, by its kind (and the pointer: `coarse`). */
export function defaultWidthOf(type: ColumnType, coarse = false): number {
  switch (type) {
    case 'BOOLEAN':
      return 110;
    case 'NUMBER':
    case 'SERIAL':
      return 130;
    case 'DATETIME':
      return coarse ? DATE_COLUMN_COARSE_WIDTH : 190;
    case 'LONGTEXT':
    case 'FORMULA':
    case 'AI':
    case 'MULTISELECT':
    case 'FILE':
      return 260;
    default:
      return 200;
  }
}

/**
 * TanStack column definitions for the table's columns; the id is the column's name, as the
 * API uses it. Made again for a new language, whose formats the cells then draw.
 * `fitted`: widths from the first page of values (column-widths.ts); the person's own
 * widths (the table's sizing state) still win over both.
 */
export function recordColumnDefs(
  columns: readonly Column[],
  locale: AppLocale,
  fitted: Readonly<Record<string, number>> = {},
  coarse = false,
  /** A linked record's name as known now, for the canvas drawn while scrolling. */
  referenceLabel: ReferenceLabel = noLabel,
) {
  return columns.map((column) => {
    const currency = column.type === 'NUMBER' ? currencyOf(column.settings) : null;
    const linkedTableId = column.type === 'REFERENCE' ? linkedTableOf(column.settings) : null;
    return helper.accessor((row): unknown => row.fields[column.name] ?? null, {
      id: column.name,
      header: column.name,
      cell: (context) => (
        <RecordCell
          value={context.getValue()}
          type={column.type}
          currency={currency}
          linkedTableId={linkedTableId}
          locale={locale}
        />
      ),
      size: fitted[column.name] ?? defaultWidthOf(column.type, coarse),
      minSize: 60,
      maxSize: 1200,
      meta: {
        label: column.name,
        align: isNumericType(column.type) ? 'end' : 'start',
        cellTitle: (value: unknown) => cellTitleOf(value, column.type, currency),
        drawnText: (value: unknown) =>
          drawnTextOf(value, column.type, currency, linkedTableId, referenceLabel),
      },
    });
  });
}

/** Without a label reader, a reference draws as its raw value. */
function noLabel(_tableId: string | null, value: unknown): string {
  return typeof value === 'string' ? value : '';
}
