import { beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '../api/types';
import { createAuthStore } from './auth-store';
import {
  CONNECTION_STORAGE_KEY,
  readWorkspaces,
  WORKSPACES_STORAGE_KEY,
} from './connection-storage';
import { memoryOnlyPersistence } from './memory-persistence';

const acme: Connection = { serviceUrl: '', apiKey: 'svc_live_acme0000000000000000000001' };
const globex: Connection = {
  serviceUrl: 'https://data.example.com',
  apiKey: 'svc_live_globex00000000000000000002',
};

function everythingIn(storage: Storage): string {
  return Array.from({ length: storage.length }, (_, i) =>
    storage.getItem(storage.key(i) ?? ''),
  ).join();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('workspace storage', () => {
  it('keeps a remembered key on this device and any other in this tab only', () => {
    const store = createAuthStore();
    store.connect(acme, { remember: true });
    store.connect(globex, { remember: false, name: 'Globex' });
    expect(everythingIn(localStorage)).toContain(acme.apiKey);
    expect(everythingIn(localStorage)).not.toContain(globex.apiKey);
    expect(everythingIn(sessionStorage)).toContain(globex.apiKey);
    expect(everythingIn(sessionStorage)).not.toContain(acme.apiKey);

    // A reload of this tab finds both, with Globex open.
    const reloaded = readWorkspaces();
    expect(reloaded.workspaces.map((w) => [w.name, w.remembered])).toEqual([
      [null, true],
      ['Globex', false],
    ]);
    expect(reloaded.workspaces.find((w) => w.id === reloaded.activeId)?.name).toBe('Globex');

    // A new tab (no sessionStorage) opens the remembered one, and knows nothing of Globex.
    sessionStorage.clear();
    const newTab = readWorkspaces();
    expect(newTab.workspaces.map((w) => w.connection.apiKey)).toEqual([acme.apiKey]);
    expect(newTab.activeId).toBe(newTab.workspaces[0]?.id);
  });

  it('connecting the same service and key again is the same workspace, moved between storages', () => {
    const store = createAuthStore();
    const first = store.connect(acme, { remember: false, name: 'Acme' });
    const again = store.connect(acme, { remember: true });
    expect(again.id).toBe(first.id);
    expect(again.name).toBe('Acme');
    expect(store.getState().workspaces).toHaveLength(1);
    expect(everythingIn(sessionStorage)).not.toContain(acme.apiKey);
    expect(everythingIn(localStorage)).toContain(acme.apiKey);
  });

  it('reads an older version’s single connection as a workspace and removes that entry', () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify(acme));
    const store = createAuthStore();
    expect(store.getState().session?.connection.apiKey).toBe(acme.apiKey);
    store.rename(store.getState().session?.id ?? '', 'Acme');
    expect(sessionStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).toContain(acme.apiKey);
  });

  it('keeps the id it gave an older version’s connection across page loads', () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify(acme));
    const first = readWorkspaces();
    const again = readWorkspaces();
    expect(first.activeId).not.toBeNull();
    expect(again).toEqual(first);
    expect(sessionStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(WORKSPACES_STORAGE_KEY)).toBeNull();
  });

  it('ignores entries without a key, and unreadable storage text', () => {
    localStorage.setItem(WORKSPACES_STORAGE_KEY, '{not json');
    sessionStorage.setItem(
      WORKSPACES_STORAGE_KEY,
      JSON.stringify({ workspaces: [{ id: 'x', serviceUrl: '' }], activeId: 'x' }),
    );
    expect(readWorkspaces()).toEqual({ workspaces: [], activeId: null, refusedId: null });
  });

  it('in the embedded view keeps one workspace, in memory only', () => {
    const forgotten: string[] = [];
    const store = createAuthStore({
      persistence: memoryOnlyPersistence,
      onForget: (id) => forgotten.push(id),
    });
    const first = store.connect(acme, { remember: true });
    store.connect(globex, { remember: true });
    expect(store.getState().workspaces.map((w) => w.connection.apiKey)).toEqual([globex.apiKey]);
    expect(store.getState().session?.remembered).toBe(false);
    expect(forgotten).toEqual([first.id]);
    expect(everythingIn(localStorage) + everythingIn(sessionStorage)).toBe('');
  });
});
