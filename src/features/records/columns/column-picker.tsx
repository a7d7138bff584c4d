import { useId } from 'react';
import type { Column } from '../../../lib/api/types';

/**
 * Picks one of a few columns (a board's grouping column, a calendar's date column); drawn
 * only when there is a choice. Column names are data: never translated.
 */
export function ColumnPicker({
  label,
  columns,
  value,
  onChange,
}: {
  label: string;
  columns: readonly Column[];
  value: string;
  onChange: (column: string) => void;
}) {
  const id = useId();
  if (columns.length < 2) return null;
  return (
    <div className="flex items-center gap-2 px-4 pb-2 text-sm">
      <label htmlFor={id} className="text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 dark:border-slate-600 dark:bg-slate-800"
      >
        {columns.map((column) => (
          <option key={column.name} value={column.name} translate="no">
            {column.name}
          </option>
        ))}
      </select>
    </div>
  );
}
