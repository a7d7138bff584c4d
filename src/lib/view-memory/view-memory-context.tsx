import { createContext, type ReactNode, useContext } from 'react';
import type { WorkspaceViewMemory } from './workspace-view-memory';

const ViewMemoryContext = createContext<WorkspaceViewMemory | null>(null);

export function ViewMemoryProvider({
  memory,
  children,
}: {
  memory: WorkspaceViewMemory | null;
  children: ReactNode;
}) {
  return <ViewMemoryContext.Provider value={memory}>{children}</ViewMemoryContext.Provider>;
}

/** The open workspace's view memory; null where nothing is to be kept (embedded view, tests). */
export function useViewMemory(): WorkspaceViewMemory | null {
  return useContext(ViewMemoryContext);
}
