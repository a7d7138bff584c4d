// views/your-views/: views of one's own, kept on the device or for the tab (decision 049).
// Owns them as data (your-views.ts: save, rename, delete, import, share), this hook every
// picker shares, and the menu with its forms and notes (your-views-menu.tsx).
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useViewMemory } from '../../../../lib/view-memory/view-memory-context';
import {
  boundedViews,
  mergeImported,
  newViewId,
  readYourViews,
  YOUR_VIEWS_KEY,
  type YourView,
} from './your-views';

/** Every picker on screen hears of a change made by another (the grid's and a test's). */
const changes = new EventTarget();
let version = 0;

function subscribe(listener: () => void) {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

export interface YourViews {
  /** The workspace's views of this table, newest first. */
  views: YourView[];
  /** Every view of the workspace (for Export). */
  all: YourView[];
  /** False where nothing can be kept (the embedded view). */
  canKeep: boolean;
  /** Kept on the device ("Remember on this device"), else for this tab only. */
  keptOnDevice: boolean;
  save(view: Omit<YourView, 'id' | 'savedAt' | 'tableId'>): YourView;
  update(id: string, change: Partial<Omit<YourView, 'id' | 'tableId'>>): void;
  remove(id: string): YourView | null;
  /** Puts a removed view back (Undo). */
  restore(view: YourView): void;
  importViews(views: readonly Omit<YourView, 'id' | 'savedAt'>[]): void;
}

/** The person's own views of `tableId`, from the open workspace's view memory. */
export function useYourViews(tableId: string): YourViews {
  const memory = useViewMemory();
  const seen = useSyncExternalStore(subscribe, () => version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` marks a write
  const all = useMemo(() => readYourViews(memory), [memory, seen]);
  const views = useMemo(
    () => all.filter((view) => view.tableId === tableId).sort((a, b) => b.savedAt - a.savedAt),
    [all, tableId],
  );

  const write = useCallback(
    (next: YourView[]) => {
      memory?.writeKept('yours', YOUR_VIEWS_KEY, boundedViews(next));
      version += 1;
      changes.dispatchEvent(new Event('change'));
    },
    [memory],
  );

  return {
    views,
    all,
    canKeep: memory !== null,
    keptOnDevice: memory?.keepsRows === true,
    save(view) {
      const saved: YourView = { ...view, id: newViewId(), tableId, savedAt: Date.now() };
      write([saved, ...readYourViews(memory)]);
      return saved;
    },
    update(id, change) {
      write(
        readYourViews(memory).map((view) =>
          view.id === id ? { ...view, ...change, savedAt: Date.now() } : view,
        ),
      );
    },
    remove(id) {
      const current = readYourViews(memory);
      const removed = current.find((view) => view.id === id) ?? null;
      write(current.filter((view) => view.id !== id));
      return removed;
    },
    restore(view) {
      write([view, ...readYourViews(memory).filter((candidate) => candidate.id !== view.id)]);
    },
    importViews(imported) {
      write(mergeImported(readYourViews(memory), imported, Date.now()));
    },
  };
}
