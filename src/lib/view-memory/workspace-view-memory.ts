import type { AuthStore } from '../auth/auth-store';
import { retainWithWorkspaces } from '../auth/retain-with-workspaces';
import type { KeptKind, SavedEntry, ViewMemory } from './view-memory';

/**
 * One workspace's view memory, as the grid uses it. Every write first asks the auth store
 * whether the workspace is still known (and remembered, for saved rows), so a save that
 * fires after Sign out or Forget (a debounce, a page hiding) writes nothing.
 */
export interface WorkspaceViewMemory {
  readPlace(viewKey: string): unknown;
  writePlace(viewKey: string, data: unknown): void;
  /** Null unless the workspace is remembered on this device. */
  readSaved(viewKey: string): SavedEntry | null;
  /** Does nothing unless the workspace is remembered on this device. */
  writeSaved(viewKey: string, data: unknown): void;
  /** Whether saved rows are kept for this workspace ("Remember on this device"). */
  readonly keepsRows: boolean;
  /**
   * The person's own views, last screens and column layouts: on the device when the
   * workspace is remembered, else for this tab only (docs/decisions/049).
   */
  readKept(kind: KeptKind, key: string): unknown;
  writeKept(kind: KeptKind, key: string, data: unknown): void;
}

export function workspaceViewMemory(
  memory: ViewMemory,
  authStore: AuthStore,
  workspaceId: string,
): WorkspaceViewMemory {
  const workspace = () =>
    authStore.getState().workspaces.find((candidate) => candidate.id === workspaceId) ?? null;
  const remembered = () => workspace()?.remembered === true;
  return {
    readPlace: (viewKey) => (workspace() ? memory.readPlace(workspaceId, viewKey) : null),
    writePlace(viewKey, data) {
      if (workspace()) memory.writePlace(workspaceId, viewKey, data);
    },
    readSaved: (viewKey) => (remembered() ? memory.readSaved(workspaceId, viewKey) : null),
    writeSaved(viewKey, data) {
      if (remembered()) memory.writeSaved(workspaceId, viewKey, data);
    },
    get keepsRows() {
      return remembered();
    },
    readKept: (kind, key) =>
      workspace() ? memory.readKept(kind, workspaceId, key, remembered()) : null,
    writeKept(kind, key, data) {
      if (workspace()) memory.writeKept(kind, workspaceId, key, data, remembered());
    },
  };
}

/**
 * Keeps the memory in step with the workspaces: entries of a forgotten workspace go (all
 * of them on Sign out), saved rows of one no longer remembered go. Returns the unsubscribe.
 */
export function forgetViewsWithTheirWorkspaces(memory: ViewMemory, authStore: AuthStore) {
  return retainWithWorkspaces(memory, authStore);
}
