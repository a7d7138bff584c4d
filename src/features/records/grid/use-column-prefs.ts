import type { ColumnSizingState, ColumnVisibilityState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';

export interface ColumnPrefs {
  sizing: ColumnSizingState;
  visibility: ColumnVisibilityState;
}

export function columnPrefsKey(tableId: string): string {
  return `workspace-browser:records-columns:${tableId}`;
}

function isNumberMap(value: unknown): value is Record<string, number> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'number' && Number.isFinite(item))
  );
}

function isBooleanMap(value: unknown): value is Record<string, boolean> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'boolean')
  );
}

export function readColumnPrefs(tableId: string): ColumnPrefs {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(columnPrefsKey(tableId)) ?? 'null');
    if (typeof stored === 'object' && stored !== null) {
      const { sizing, visibility } = stored as Record<string, unknown>;
      return {
        sizing: isNumberMap(sizing) ? sizing : {},
        visibility: isBooleanMap(visibility) ? visibility : {},
      };
    }
  } catch {
    // Unreadable or blocked storage: start from the defaults.
  }
  return { sizing: {}, visibility: {} };
}

/** A saved view's layout: the starting point of its own remembered widths and hidden columns. */
export interface ViewLayout {
  viewId: string;
  sizing: ColumnSizingState;
  visibility: ColumnVisibilityState;
}

/**
 * Column widths and hidden columns, remembered per table in this browser; under a saved
 * view, per view, starting from the view's own widths and visible columns.
 */
export function useColumnPrefs(tableId: string, viewLayout: ViewLayout | null = null) {
  const key = viewLayout ? `${tableId}:view:${viewLayout.viewId}` : tableId;
  const read = (): ColumnPrefs & { key: string; touched: boolean } => {
    const stored = readColumnPrefs(key);
    return {
      key,
      touched: false,
      sizing: { ...viewLayout?.sizing, ...stored.sizing },
      visibility: { ...viewLayout?.visibility, ...stored.visibility },
    };
  };
  const [prefs, setPrefs] = useState(read);
  // Another view chosen: its layout replaces this one's during this render.
  let current = prefs;
  if (prefs.key !== key) {
    current = read();
    setPrefs(current);
  }

  const setSizing = useCallback((updater: Updater<ColumnSizingState>) => {
    setPrefs((previous) => ({
      ...previous,
      touched: true,
      sizing: typeof updater === 'function' ? updater(previous.sizing) : updater,
    }));
  }, []);
  const setVisibility = useCallback((updater: Updater<ColumnVisibilityState>) => {
    setPrefs((previous) => ({
      ...previous,
      touched: true,
      visibility: typeof updater === 'function' ? updater(previous.visibility) : updater,
    }));
  }, []);

  // Only what the user changed is remembered: a view edited on the service later still shows its new layout.
  useEffect(() => {
    if (!prefs.touched) return;
    try {
      localStorage.setItem(
        columnPrefsKey(prefs.key),
        JSON.stringify({ sizing: prefs.sizing, visibility: prefs.visibility }),
      );
    } catch {
      // Storage full or blocked: the layout still works for this visit.
    }
  }, [prefs]);

  return {
    sizing: current.sizing,
    setSizing,
    visibility: current.visibility,
    setVisibility,
  };
}
