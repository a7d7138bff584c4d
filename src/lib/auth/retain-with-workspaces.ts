import type { AuthStore } from './auth-store';

/** What is kept per workspace on the device (views, visits, names given to people). */
export interface KeptPerWorkspace {
  /** Keeps only the entries of `known` workspaces, and the device's copy only of `remembered` ones. */
  retainOnly(known: ReadonlySet<string>, remembered: ReadonlySet<string>): void;
}

/**
 * Keeps `kept` in step with the workspaces: a forgotten workspace's entries go (all of them
 * on Sign out, which empties the list), and the device's copy of one no longer remembered.
 * Runs once now, then on every change of the list. Returns the unsubscribe.
 */
export function retainWithWorkspaces(kept: KeptPerWorkspace, authStore: AuthStore): () => void {
  const sync = () => {
    const { workspaces } = authStore.getState();
    kept.retainOnly(
      new Set(workspaces.map((workspace) => workspace.id)),
      new Set(workspaces.filter((workspace) => workspace.remembered).map((w) => w.id)),
    );
  };
  sync();
  return authStore.subscribe(sync);
}
