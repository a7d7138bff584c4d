import type { QueryClient } from '@tanstack/react-query';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import { type AuthStore, createAuthStore } from '../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../lib/auth/memory-persistence';
import type { DeviceNames, WorkspaceDeviceNames } from '../lib/people/device-names';
import { createViewMemory, type ViewMemory } from '../lib/view-memory/view-memory';
import {
  forgetViewsWithTheirWorkspaces,
  type WorkspaceViewMemory,
  workspaceViewMemory,
} from '../lib/view-memory/workspace-view-memory';
import type { VisitMemory } from '../lib/visit-memory/visit-memory';
import type { WorkspaceVisitMemory } from '../lib/visit-memory/workspace-visit-memory';

export interface AppServices {
  authStore: AuthStore;
  /**
   * Loads the code that makes the workspaces' caches (TanStack Query), which the connect
   * screen does without (docs/decisions/026). The workspace routes wait for it; once it
   * has resolved, queryClientFor can be called.
   */
  loadWorkspaceCaches(): Promise<void>;
  /**
   * One QueryClient per workspace (docs/decisions/016), made on first use: switching
   * workspaces keeps each one's cached data apart and ready, and forgetting one drops its
   * cache whole. Query keys need not name the workspace. Throws before loadWorkspaceCaches
   * has resolved.
   */
  queryClientFor(workspaceId: string): QueryClient;
  /** The open workspace's cache (tests); throws when none is open. */
  readonly queryClient: QueryClient;
  /** Ids of the workspaces with a cache right now (for tests). */
  cachedWorkspaceIds(): string[];
  /** Empties and drops every workspace's cache. */
  clearCaches(): void;
  /**
   * Where a workspace's grid keeps its place and (remembered workspaces only) its last
   * rows across page loads (docs/decisions/017); null in the embedded view, which keeps
   * nothing in web storage.
   */
  viewMemoryFor(workspaceId: string): WorkspaceViewMemory | null;
  /**
   * When this person last looked at each of a workspace's screens, to say what changed
   * since (docs/decisions/051); null in the embedded view, which keeps nothing in web storage.
   */
  visitMemoryFor(workspaceId: string): WorkspaceVisitMemory | null;
  /**
   * The names people gave user and bot ids on this device ("Who is this?"), kept like the
   * view memory; null in the embedded view.
   */
  deviceNamesFor(workspaceId: string): WorkspaceDeviceNames | null;
}

/**
 * The auth store and the workspaces' QueryClients, wired both ways: forgetting a workspace
 * (or signing out) empties its cache (another key must never see this key's data), and a
 * 401 from any query forgets that workspace's key, which sends the user to the connect
 * screen with the reason and the URL they were on.
 *
 * With an `embedBridge` (the embedded admin view, docs/decisions/006) the key is kept in
 * memory only, and a 401 is also announced to the host page as `key-rejected`.
 */
export function createAppServices(
  options: { retry?: false; embedBridge?: EmbedBridge | null } = {},
): AppServices {
  const embedBridge = options.embedBridge ?? null;
  const caches = new Map<string, QueryClient>();
  const dropCache = (workspaceId: string) => {
    caches.get(workspaceId)?.clear();
    caches.delete(workspaceId);
  };
  const clearCaches = () => {
    for (const workspaceId of [...caches.keys()]) dropCache(workspaceId);
  };
  const viewMemory: ViewMemory | null = embedBridge ? null : createViewMemory();
  // Visits and names given on this device are made with the workspaces' caches (their code
  // is not the connect screen's to load); made then, they drop what forgotten workspaces left.
  let visitMemory: VisitMemory | null = null;
  let deviceNames: DeviceNames | null = null;
  const clearWorkspaceMemories = () => {
    visitMemory?.clear();
    deviceNames?.clear();
  };
  const authStore = createAuthStore({
    onSignOut: () => {
      clearCaches();
      viewMemory?.clear();
      if (visitMemory || deviceNames || embedBridge) clearWorkspaceMemories();
      // Signed out before their code came: load it to clear what an earlier visit kept.
      else void loadWorkspaceCaches().then(clearWorkspaceMemories, () => {});
    },
    onForget: dropCache,
    onKeyChanged: dropCache,
    ...(embedBridge ? { persistence: memoryOnlyPersistence } : {}),
  });
  // Forgetting a workspace, or no longer remembering it, drops what was kept of its views.
  if (viewMemory) forgetViewsWithTheirWorkspaces(viewMemory, authStore);

  let workspaceCaches: typeof import('./workspace-caches') | null = null;
  let loading: Promise<void> | null = null;
  const loadWorkspaceCaches = () => {
    loading ??= import('./workspace-caches').then(
      (module) => {
        workspaceCaches = module;
        if (!embedBridge && visitMemory === null) {
          visitMemory = module.createVisitMemory();
          module.forgetVisitsWithTheirWorkspaces(visitMemory, authStore);
          deviceNames = module.createDeviceNames();
          module.forgetNamesWithTheirWorkspaces(deviceNames, authStore);
        }
      },
      (error: unknown) => {
        // Offline or a redeploy: the next workspace route asks again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function newQueryClient(workspaceId: string): QueryClient {
    if (!workspaceCaches) throw new Error('queryClientFor() before loadWorkspaceCaches()');
    return workspaceCaches.createWorkspaceQueryClient({
      ...(options.retry === false ? { retry: false as const } : {}),
      // Deferred: the cache is still notifying about the failed query when this runs.
      onUnauthorized: (message) =>
        queueMicrotask(() => {
          // Several queries can fail together; the key is dropped, and the host told, once.
          const known = authStore.getState().workspaces.some((w) => w.id === workspaceId);
          if (!known) return;
          authStore.keyRejected(message, workspaceId);
          embedBridge?.keyRejected(message);
        }),
    });
  }

  const queryClientFor = (workspaceId: string) => {
    let queryClient = caches.get(workspaceId);
    if (!queryClient) {
      queryClient = newQueryClient(workspaceId);
      caches.set(workspaceId, queryClient);
    }
    return queryClient;
  };

  return {
    authStore,
    loadWorkspaceCaches,
    queryClientFor,
    get queryClient() {
      const open = authStore.getState().session;
      if (!open) throw new Error('no workspace is open');
      return queryClientFor(open.id);
    },
    cachedWorkspaceIds: () => [...caches.keys()],
    clearCaches,
    viewMemoryFor: (workspaceId) =>
      viewMemory ? workspaceViewMemory(viewMemory, authStore, workspaceId) : null,
    visitMemoryFor: (workspaceId) =>
      visitMemory && workspaceCaches
        ? workspaceCaches.workspaceVisitMemory(visitMemory, authStore, workspaceId)
        : null,
    deviceNamesFor: (workspaceId) =>
      deviceNames && workspaceCaches
        ? workspaceCaches.workspaceDeviceNames(deviceNames, authStore, workspaceId)
        : null,
  };
}
