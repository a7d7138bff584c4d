import { useRef } from 'react';
import type { Column, RecordQuery } from '../../../../lib/api/types';
import type { RecordsDisplay } from '../../layouts/records-display';
import type { YourViewsControls } from '../view-picker';
import type { YourViews } from './use-your-views';
import { nameProblemOf, type YourView } from './your-views';

/**
 * What the records screen hands the "Your views" menu: the view on screen, read when the
 * person saves (not when it renders), and choosing a saved view. Also the save a shared
 * link offers, under a free name ("Paid (2)" when "Paid" is taken).
 */
export function useYourViewsControls({
  tableId,
  yours,
  query,
  visibleColumns,
  sizing,
  display,
  onSelectYours,
}: {
  tableId: string;
  yours: YourViews;
  query: RecordQuery;
  visibleColumns: readonly Column[];
  /** Column widths set by hand, by column name. */
  sizing: Record<string, number>;
  /** The board or calendar on screen (null: the grid), kept with the view. */
  display: RecordsDisplay | null;
  onSelectYours: (view: YourView) => void;
}): { controls: YourViewsControls; saveShared: (name: string) => void } {
  // What "Save view as…" keeps: the view on screen, read when the person saves.
  const onScreen = useRef({ query, visibleColumns, sizing, display });
  onScreen.current = { query, visibleColumns, sizing, display };
  const controls: YourViewsControls = {
    tableId,
    yours,
    current: () => {
      const now = onScreen.current;
      const widths: Record<string, number> = {};
      for (const column of now.visibleColumns) {
        const width = now.sizing[column.name];
        if (typeof width === 'number') widths[column.name] = width;
      }
      return {
        query: {
          sort: now.query.sort,
          filters: now.query.filters,
          // The find on screen (decision 057): saved with the view, carried by its link.
          ...(now.query.find ? { find: now.query.find } : {}),
        },
        columns: now.visibleColumns.map((column) => column.name),
        widths,
        display: now.display,
      };
    },
    onSelectYours,
    onDeleted: () => undefined,
  };
  const saveShared = (name: string) => {
    let free = name;
    for (let n = 2; nameProblemOf(free, yours.views, tableId) === 'taken'; n += 1) {
      free = `${name} (${n})`;
    }
    const now = controls.current();
    const saved = yours.save({
      name: free,
      sort: now.query.sort,
      filters: now.query.filters,
      columns: now.columns,
      widths: now.widths,
      ...(now.display ? { display: now.display } : {}),
      find: now.query.find ?? '',
    });
    onSelectYours(saved);
  };
  return { controls, saveShared };
}
