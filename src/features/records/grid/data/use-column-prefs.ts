import type { ColumnSizingState, ColumnVisibilityState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useViewMemory } from '../../../../lib/view-memory/view-memory-context';
import type { WorkspaceViewMemory } from '../../../../lib/view-memory/workspace-view-memory';
import type { ViewLayout } from '../../views/view-columns';

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

/**
 * Where a layout is kept: the workspace's view memory (on the device when it is remembered,
 * else for the tab: docs/decisions/049), or, without one (tests), localStorage.
 */
function readStored(memory: WorkspaceViewMemory | null, key: string): unknown {
  if (memory) return memory.readKept('columns', key);
  return JSON.parse(localStorage.getItem(columnPrefsKey(key)) ?? 'null');
}

function writeStored(memory: WorkspaceViewMemory | null, key: string, prefs: ColumnPrefs) {
  const value = { sizing: prefs.sizing, visibility: prefs.visibility };
  if (memory) memory.writeKept('columns', key, value);
  else localStorage.setItem(columnPrefsKey(key), JSON.stringify(value));
}

export function readColumnPrefs(
  tableId: string,
  memory: WorkspaceViewMemory | null = null,
): ColumnPrefs {
  try {
    const stored = readStored(memory, tableId);
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

/**
 * Column widths and hidden columns, remembered per table in this browser; under a saved
 * view, per view, starting from the view's own widths and visible columns.
 */
export function useColumnPrefs(tableId: string, viewLayout: ViewLayout | null = null) {
  const memory = useViewMemory();
  const key = viewLayout ? `${tableId}:view:${viewLayout.viewId}` : tableId;
  // What the layout says, apart from its id: a shared link's layout is known before the
  // table's columns are, and says which to hide only once they are.
  const layoutSays = useMemo(
    () => (viewLayout ? JSON.stringify([viewLayout.sizing, viewLayout.visibility]) : ''),
    [viewLayout],
  );
  const read = (): ColumnPrefs & { key: string; layoutSays: string; touched: boolean } => {
    const stored = readColumnPrefs(key, memory);
    return {
      key,
      layoutSays,
      touched: false,
      sizing: { ...viewLayout?.sizing, ...stored.sizing },
      visibility: { ...viewLayout?.visibility, ...stored.visibility },
    };
  };
  const [prefs, setPrefs] = useState(read);
  // Another view chosen, or the same view's layout now complete (and nothing changed by
  // hand since): its layout replaces this one's during this render.
  let current = prefs;
  if (prefs.key !== key || (!prefs.touched && prefs.layoutSays !== layoutSays)) {
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
      writeStored(memory, prefs.key, prefs);
    } catch {
      // Storage full or blocked: the layout still works for this visit.
    }
  }, [prefs, memory]);

  return {
    sizing: current.sizing,
    setSizing,
    visibility: current.visibility,
    setVisibility,
  };
}
