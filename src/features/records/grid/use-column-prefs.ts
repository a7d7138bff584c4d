import type { ColumnSizingState, ColumnVisibilityState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';

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

/** Column widths and hidden columns, remembered per table in this browser. */
export function useColumnPrefs(tableId: string) {
  const [prefs] = useState(() => readColumnPrefs(tableId));
  const [sizing, setSizing] = useState<ColumnSizingState>(prefs.sizing);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(prefs.visibility);

  useEffect(() => {
    try {
      localStorage.setItem(columnPrefsKey(tableId), JSON.stringify({ sizing, visibility }));
    } catch {
      // Storage full or blocked: the layout still works for this visit.
    }
  }, [tableId, sizing, visibility]);

  return { sizing, setSizing, visibility, setVisibility };
}
