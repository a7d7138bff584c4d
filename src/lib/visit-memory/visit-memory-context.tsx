import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Visit } from './visit-memory';
import type { WorkspaceVisitMemory } from './workspace-visit-memory';

const VisitMemoryContext = createContext<WorkspaceVisitMemory | null>(null);

export function VisitMemoryProvider({
  memory,
  children,
}: {
  memory: WorkspaceVisitMemory | null;
  children: ReactNode;
}) {
  return <VisitMemoryContext.Provider value={memory}>{children}</VisitMemoryContext.Provider>;
}

/** The open workspace's visits; null where nothing is kept (embedded view, tests). */
export function useVisitMemory(): WorkspaceVisitMemory | null {
  return useContext(VisitMemoryContext);
}

const NO_SUBSCRIPTION = () => () => {};
const NO_VERSION = () => 0;

/**
 * The stored visits of some screens, redrawn when any visit is written (the sidebar's
 * marks go once their table has been looked at).
 */
export function useLastVisits(screenKeys: readonly string[]): Map<string, Visit> {
  const memory = useVisitMemory();
  const version = useSyncExternalStore(
    memory?.subscribe ?? NO_SUBSCRIPTION,
    memory?.version ?? NO_VERSION,
  );
  const [visits, setVisits] = useState<{ version: number; keys: string; map: Map<string, Visit> }>({
    version: -1,
    keys: '',
    map: new Map(),
  });
  const keys = screenKeys.join('\n');
  if (visits.version !== version || visits.keys !== keys) {
    const map = new Map<string, Visit>();
    for (const key of screenKeys) {
      const visit = memory?.read(key);
      if (visit) map.set(key, visit);
    }
    setVisits({ version, keys, map });
    return map;
  }
  return visits.map;
}

export interface ScreenVisit {
  /** The last visit before this one (ms), or null: a first visit, or marked as seen. */
  since: number | null;
  /** Task statuses as that visit saw them, or null. */
  previousStatuses: Readonly<Record<string, string>> | null;
  /** Ends "what changed" for this visit and starts the next comparison from now. */
  markSeen(): void;
}

/**
 * This visit to a screen: the last one is read once, when the screen opens (it stays the
 * comparison until the person moves on or marks it seen), and this one is noted as soon
 * as the screen's first page has shown (`shownAt`: when that page's data was fetched, so
 * a page painted from an older cache does not count as having seen what came after).
 * `statuses` (Tasks) is kept with the visit, merged over the earlier snapshot.
 */
export function useScreenVisit(
  screenKey: string,
  shownAt: number | null,
  statuses?: Readonly<Record<string, string>> | null,
): ScreenVisit {
  const memory = useVisitMemory();
  const [previous] = useState(() => memory?.read(screenKey) ?? null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    if (!memory || shownAt === null) return;
    const stored = memory.read(screenKey);
    const seenAt = Math.max(stored?.seenAt ?? 0, shownAt);
    const merged = statuses ? mergedStatuses(stored?.statuses, statuses) : stored?.statuses;
    if (stored && stored.seenAt === seenAt && (!statuses || sameStatuses(stored.statuses, merged)))
      return;
    memory.write(screenKey, merged ? { seenAt, statuses: merged } : { seenAt });
  }, [memory, screenKey, shownAt, statuses]);

  const markSeen = useCallback(() => {
    setSeen(true);
    if (!memory) return;
    const stored = memory.read(screenKey);
    const statusesNow = stored?.statuses;
    memory.write(
      screenKey,
      statusesNow ? { seenAt: Date.now(), statuses: statusesNow } : { seenAt: Date.now() },
    );
  }, [memory, screenKey]);

  return {
    since: seen ? null : (previous?.seenAt ?? null),
    previousStatuses: previous?.statuses ?? null,
    markSeen,
  };
}

function sameStatuses(
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>> | undefined,
): boolean {
  if (!a || !b) return a === b;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

/** The earlier snapshot, then this visit's statuses last: the bound keeps the last ones. */
function mergedStatuses(
  earlier: Readonly<Record<string, string>> | undefined,
  now: Readonly<Record<string, string>>,
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [id, status] of Object.entries(earlier ?? {})) if (!(id in now)) merged[id] = status;
  return Object.assign(merged, now);
}
