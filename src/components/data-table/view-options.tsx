import type { RowData } from '@tanstack/react-table';
import { useCallback, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { usePopoverDismissal } from '../use-popover-dismissal';
import type { AnyReactTable } from './data-table-types';

/** The "Columns" menu: show or hide columns, and put widths back. */
export function ViewOptions<TData extends RowData>({ table }: { table: AnyReactTable<TData> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  usePopoverDismissal({ open, onClose: close, rootRef, openerRef: buttonRef });

  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleCount = columns.filter((column) => column.getIsVisible()).length;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="h-8 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {t('common.table.columns.button')}
      </button>
      {open ? (
        <fieldset
          id={panelId}
          className="absolute right-0 z-20 mt-1 max-h-80 w-64 overflow-auto rounded border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <legend className="sr-only">{t('common.table.columns.legend')}</legend>
          {columns.map((column) => {
            const label = column.columnDef.meta?.label ?? column.id;
            const isLastVisible = column.getIsVisible() && visibleCount === 1;
            return (
              <label
                key={column.id}
                className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <input
                  type="checkbox"
                  checked={column.getIsVisible()}
                  // One column stays: a grid without columns has nothing to show or focus.
                  disabled={isLastVisible}
                  onChange={(event) => column.toggleVisibility(event.target.checked)}
                />
                <span dir="auto" className="truncate">
                  {label}
                </span>
              </label>
            );
          })}
          <div className="mt-2 flex gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <button
              type="button"
              onClick={() => table.resetColumnVisibility(true)}
              className="rounded px-2 py-1 text-xs hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t('common.table.columns.showAll')}
            </button>
            <button
              type="button"
              onClick={() => table.resetColumnSizing(true)}
              className="rounded px-2 py-1 text-xs hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t('common.table.columns.resetWidths')}
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
