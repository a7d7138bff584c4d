import type { AuthStore } from '../auth/auth-store';
import { retainWithWorkspaces } from '../auth/retain-with-workspaces';
import type { Visit, VisitMemory } from './visit-memory';

/** The screen key of a table's records. */
export const tableScreenKey = (tableId: string) => `table:${tableId}`;
export const TASKS_SCREEN_KEY = 'tasks';
export const PAGES_SCREEN_KEY = 'pages';

/**
 * One workspace's visits, as the screens use them. Every call first asks the auth store
 * whether the workspace is still known and whether it is remembered on this device (which
 * storage to use), so a write that lands after Sign out or Forget writes nothing.
 */
export interface WorkspaceVisitMemory {
  read(screenKey: string): Visit | null;
  write(screenKey: string, visit: Visit): void;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function workspaceVisitMemory(
  memory: VisitMemory,
  authStore: AuthStore,
  workspaceId: string,
): WorkspaceVisitMemory {
  const workspace = () =>
    authStore.getState().workspaces.find((candidate) => candidate.id === workspaceId) ?? null;
  return {
    read(screenKey) {
      const known = workspace();
      return known ? memory.read(workspaceId, screenKey, known.remembered) : null;
    },
    write(screenKey, visit) {
      const known = workspace();
      if (known) memory.write(workspaceId, screenKey, visit, known.remembered);
    },
    subscribe: memory.subscribe,
    version: memory.version,
  };
}

/**
 * Keeps the visits in step with the workspaces: a forgotten workspace's go (all of them
 * on Sign out, which empties the list), and the device's copy of one no longer remembered.
 * Returns the unsubscribe.
 */
export function forgetVisitsWithTheirWorkspaces(memory: VisitMemory, authStore: AuthStore) {
  return retainWithWorkspaces(memory, authStore);
}
