import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../auth/auth-store';
import { createMemoryStorage } from '../testing/memory-storage';
import { createTestPersistence, testConnection } from '../testing/workspaces-on-device';
import { createViewMemory, SAVED_VIEWS_STORAGE_KEY, VIEW_PLACES_STORAGE_KEY } from './view-memory';
import { forgetViewsWithTheirWorkspaces, workspaceViewMemory } from './workspace-view-memory';

function setUp() {
  const persistence = createTestPersistence();
  const session = createMemoryStorage();
  const local = createMemoryStorage();
  const memory = createViewMemory({ session: () => session, local: () => local });
  const authStore = createAuthStore({ persistence, onSignOut: () => memory.clear() });
  forgetViewsWithTheirWorkspaces(memory, authStore);
  return { authStore, memory, session, local, connection: testConnection };
}

describe('a workspace’s view memory', () => {
  it('keeps saved rows only for a remembered workspace, and never the key', () => {
    const { authStore, memory, session, local, connection } = setUp();
    const tabOnly = authStore.connect(connection, { remember: false });
    const views = workspaceViewMemory(memory, authStore, tabOnly.id);
    views.writePlace('orders', { top: 'r1' });
    views.writeSaved('orders', { rows: ['r1'] });
    expect(views.readPlace('orders')).toEqual({ top: 'r1' });
    expect(views.readSaved('orders')).toBeNull();
    expect(local.getItem(SAVED_VIEWS_STORAGE_KEY)).toBeNull();
    expect(session.getItem(VIEW_PLACES_STORAGE_KEY)).not.toContain('svc_live_secret');

    authStore.connect(connection, { remember: true });
    views.writeSaved('orders', { rows: ['r1'] });
    expect(views.readSaved('orders')?.data).toEqual({ rows: ['r1'] });
  });

  it('no longer remembering a workspace drops its saved rows; Sign out drops everything, and later writes do nothing', () => {
    const { authStore, memory, session, local, connection } = setUp();
    const workspace = authStore.connect(connection, { remember: true });
    const views = workspaceViewMemory(memory, authStore, workspace.id);
    views.writePlace('orders', 1);
    views.writeSaved('orders', 2);

    authStore.connect(connection, { remember: false });
    expect(local.getItem(SAVED_VIEWS_STORAGE_KEY)).toBeNull();
    expect(views.readPlace('orders')).toBe(1);

    authStore.signOut();
    expect(session.getItem(VIEW_PLACES_STORAGE_KEY)).toBeNull();
    // A save still pending when the grid unmounts after Sign out writes nothing.
    views.writePlace('orders', 3);
    views.writeSaved('orders', 4);
    expect(session.length + local.length).toBe(0);
  });

  it('forgetting one workspace drops its places and keeps the other’s', () => {
    const { authStore, memory, connection } = setUp();
    const first = authStore.connect(connection, { remember: false });
    const second = authStore.connect(
      { ...connection, apiKey: 'svc_live_other' },
      { remember: false },
    );
    workspaceViewMemory(memory, authStore, first.id).writePlace('orders', 1);
    workspaceViewMemory(memory, authStore, second.id).writePlace('orders', 2);
    authStore.forget(first.id);
    expect(memory.readPlace(first.id, 'orders')).toBeNull();
    expect(memory.readPlace(second.id, 'orders')).toBe(2);
  });
});
