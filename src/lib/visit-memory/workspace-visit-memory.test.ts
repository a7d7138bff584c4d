import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../auth/auth-store';
import { createMemoryStorage } from '../testing/memory-storage';
import { createTestPersistence, testConnection } from '../testing/workspaces-on-device';
import { createVisitMemory, VISITS_STORAGE_KEY } from './visit-memory';
import { forgetVisitsWithTheirWorkspaces, workspaceVisitMemory } from './workspace-visit-memory';

function setUp() {
  const persistence = createTestPersistence();
  const session = createMemoryStorage();
  const local = createMemoryStorage();
  const memory = createVisitMemory({ session: () => session, local: () => local });
  const authStore = createAuthStore({ persistence, onSignOut: () => memory.clear() });
  forgetVisitsWithTheirWorkspaces(memory, authStore);
  return { authStore, memory, session, local, connection: testConnection };
}

describe('a workspace’s visits', () => {
  it('outlive the tab only for a remembered workspace, and never hold the key', () => {
    const { authStore, session, local, connection, memory } = setUp();
    const tabOnly = authStore.connect(connection, { remember: false });
    const visits = workspaceVisitMemory(memory, authStore, tabOnly.id);
    visits.write('tasks', { seenAt: 1 });
    expect(local.getItem(VISITS_STORAGE_KEY)).toBeNull();
    expect(session.getItem(VISITS_STORAGE_KEY)).toContain('tasks');
    expect(session.getItem(VISITS_STORAGE_KEY)).not.toContain('svc_live_secret');

    authStore.connect(connection, { remember: true });
    visits.write('tasks', { seenAt: 2 });
    expect(local.getItem(VISITS_STORAGE_KEY)).toContain('tasks');
    expect(visits.read('tasks')).toEqual({ seenAt: 2 });

    // No longer remembered: the device's copy goes.
    authStore.connect(connection, { remember: false });
    expect(local.getItem(VISITS_STORAGE_KEY)).toBeNull();
  });

  it('Forget drops that workspace’s visits only; Sign out drops all, and later writes do nothing', () => {
    const { authStore, memory, session, local, connection } = setUp();
    const first = authStore.connect(connection, { remember: true });
    const second = authStore.connect(
      { ...connection, apiKey: 'svc_live_other' },
      { remember: true },
    );
    workspaceVisitMemory(memory, authStore, first.id).write('tasks', { seenAt: 1 });
    const secondVisits = workspaceVisitMemory(memory, authStore, second.id);
    secondVisits.write('tasks', { seenAt: 2 });
    authStore.forget(first.id);
    expect(memory.read(first.id, 'tasks', true)).toBeNull();
    expect(secondVisits.read('tasks')).toEqual({ seenAt: 2 });

    authStore.signOut();
    expect(session.length + local.length).toBe(0);
    secondVisits.write('tasks', { seenAt: 3 });
    expect(session.length + local.length).toBe(0);
  });
});
