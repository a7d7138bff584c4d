import type { RowData } from '@tanstack/react-table';
import { useCallback, useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { MenuOpener } from '../menu-opener';
import { usePopover } from '../use-floating-panel';
import type { AnyReactTable } from './data-table-types';

/** The "Columns" menu: show or hide columns, and put widths back. */
export function ViewOptions<TData extends RowData>({ table }: { table: AnyReactTable<TData> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open,
    onClose: close,
    placement: 'bottom-end',
    // 20 rem: a table of sixty columns scrolls inside the menu, not down the screen.
    maxHeight: 320,
  });

  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleCount = columns.filter((column) => column.getIsVisible()).length;

  return (
    <div ref={rootRef}>
      <MenuOpener
        open={open}
        panelId={panelId}
        openerRef={openerRef}
        onToggle={() => setOpen((value) => !value)}
        className="h-8 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {t('common.table.columns.button')}
      </MenuOpener>
      {open ? (
        <fieldset
          ref={panelRef}
          style={panelStyle}
          id={panelId}
          className="z-30 w-64 overflow-auto rounded border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <legend className="sr-only">{t('common.table.columns.legend')}</legend>
          {columns.map((column) => {
            const label = column.columnDef.meta?.label ?? column.id;
            const isLastVisible = column.getIsVisible() && visibleCount === 1;
            return (
              <label
                key={column.id}
                className="flex min-h-6 items-center gap-2 rounded px-1 py-0.5 text-sm pointer-coarse:min-h-11 hover:bg-slate-50 dark:hover:bg-slate-800"
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
              className="min-h-6 rounded px-2 py-1 text-xs pointer-coarse:min-h-11 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t('common.table.columns.showAll')}
            </button>
            <button
              type="button"
              onClick={() => table.resetColumnSizing(true)}
              className="min-h-6 rounded px-2 py-1 text-xs pointer-coarse:min-h-11 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t('common.table.columns.resetWidths')}
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
