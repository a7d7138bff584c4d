import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../api/types';
import { createAuthStore } from './auth-store';
import { readWorkspaces, WORKSPACES_STORAGE_KEY } from './connection-storage';
import { workspaceHintOf, workspaceNameOf } from './workspace-labels';

const acme: Connection = { serviceUrl: '', apiKey: 'svc_live_acme0000000000000000000001' };
const globex: Connection = {
  serviceUrl: 'https://data.example.com',
  apiKey: 'svc_live_globex00000000000000000002',
};
const stored = () =>
  `${localStorage.getItem(WORKSPACES_STORAGE_KEY) ?? ''}${sessionStorage.getItem(WORKSPACES_STORAGE_KEY) ?? ''}`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Forget', () => {
  it('of the open workspace keeps the person in another listed one, and Undo puts it back open', () => {
    const onForget = vi.fn();
    const store = createAuthStore({ onForget });
    const a = store.connect(acme, { remember: true, name: 'Acme' });
    const g = store.connect(globex, { remember: false, name: 'Globex' });
    store.noteView(g.id, '/tables/g1');

    store.forget(g.id, 'Globex');
    expect(store.getState().session?.id).toBe(a.id);
    expect(store.getState().signedOutDeliberately).toBe(false);
    expect(store.getState().undoOffer?.subject).toMatchObject({ kind: 'forgot', name: 'Globex' });
    expect(stored()).not.toContain(globex.apiKey);
    expect(onForget).toHaveBeenCalledWith(g.id);

    store.undo();
    expect(store.getState().workspaces.map((w) => w.name)).toEqual(['Acme', 'Globex']);
    expect(store.getState().session?.id).toBe(g.id);
    expect(store.lastView(g.id)).toBe('/tables/g1');
    expect(store.getState().undoOffer).toBeNull();
    expect(readWorkspaces().workspaces.map((w) => [w.name, w.remembered])).toEqual([
      ['Acme', true],
      ['Globex', false],
    ]);
  });

  it('of the last workspace goes to the connect screen; a lapsed offer undoes nothing', () => {
    const store = createAuthStore();
    const a = store.connect(acme, { remember: true });
    store.forget(a.id);
    expect(store.getState().session).toBeNull();
    expect(store.getState().signedOutDeliberately).toBe(true);
    const offer = store.getState().undoOffer;
    if (offer === null) throw new Error('no undo offered');
    store.dismissUndo(offer.id);
    store.undo();
    expect(store.getState().workspaces).toEqual([]);
  });
});

describe('Sign out', () => {
  it('Undo restores every workspace, its key, where it was kept, and the open one', () => {
    const onSignOut = vi.fn();
    const store = createAuthStore({ onSignOut });
    store.connect(acme, { remember: true, name: 'Acme' });
    const g = store.connect(globex, { remember: false, name: 'Globex' });
    store.signOut();
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(stored()).toBe('');
    expect(store.getState().undoOffer?.subject).toEqual({ kind: 'signed-out' });

    store.undo();
    expect(store.getState().session?.id).toBe(g.id);
    expect(localStorage.getItem(WORKSPACES_STORAGE_KEY)).toContain(acme.apiKey);
    expect(localStorage.getItem(WORKSPACES_STORAGE_KEY)).not.toContain(globex.apiKey);
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).toContain(globex.apiKey);
  });

  it('after a rejected key (a reason) offers no Undo', () => {
    const store = createAuthStore();
    store.connect(acme, { remember: false });
    store.signOut({ kind: 'key-rejected', detail: 'The key was revoked.' });
    expect(store.getState().undoOffer).toBeNull();
  });
});

describe('a key the service refuses', () => {
  it('keeps its workspace listed without the key, and a new key signs in to the same one', () => {
    const onKeyChanged = vi.fn();
    const store = createAuthStore({ onKeyChanged });
    const a = store.connect(acme, { remember: true, name: 'Acme' });
    store.keyRejected('The service did not accept this API key.', a.id);

    const refused = store.getState().workspaces[0];
    expect(refused).toMatchObject({ id: a.id, name: 'Acme', keyRefused: true, remembered: true });
    expect(store.getState().session).toBeNull();
    expect(store.getState().refusedId).toBe(a.id);
    expect(stored()).not.toContain(acme.apiKey);
    expect(refused && workspaceHintOf(refused)).toMatch(/key not accepted: sign in again$/);
    // A refused workspace can't be switched to, and survives a reload as it is.
    store.switchTo(a.id);
    expect(store.getState().session).toBeNull();
    expect(readWorkspaces().workspaces[0]).toMatchObject({ id: a.id, keyRefused: true });

    const newKey = { ...acme, apiKey: 'svc_live_acme0000000000000000000009' };
    store.connect(newKey, { remember: true, workspaceId: a.id });
    expect(store.getState().workspaces).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ id: a.id, name: 'Acme', keyRefused: false });
    expect(onKeyChanged).toHaveBeenCalledWith(a.id);
  });

  it('is still the one to sign in to again after a reload, or in a new tab', () => {
    const store = createAuthStore();
    const a = store.connect(acme, { remember: true, name: 'Acme' });
    store.keyRejected('The service did not accept this API key.', a.id);

    const newTab = () => {
      sessionStorage.clear();
      return createAuthStore();
    };
    for (const reload of [() => createAuthStore(), newTab]) {
      const reloaded = reload().getState();
      expect(reloaded.session).toBeNull();
      expect(reloaded.refusedId).toBe(a.id);
      expect(reloaded.signedOutReason).toMatchObject({ kind: 'key-rejected' });
    }
    // Once another key opens it, nothing refused is left to name.
    const again = createAuthStore();
    again.connect(
      { ...acme, apiKey: 'svc_live_acme0000000000000000000009' },
      {
        remember: true,
        workspaceId: a.id,
      },
    );
    expect(createAuthStore().getState()).toMatchObject({ refusedId: null, signedOutReason: null });
  });

  it('is forgotten in the embedded view, which holds one key only', async () => {
    const { memoryOnlyPersistence } = await import('./memory-persistence');
    const store = createAuthStore({ persistence: memoryOnlyPersistence });
    const a = store.connect(acme, { remember: false });
    store.keyRejected('refused', a.id);
    expect(store.getState().workspaces).toEqual([]);
  });
});

describe('workspace names', () => {
  it('are the person’s label, else the service’s host; only the demo is “Demo workspace”', () => {
    const store = createAuthStore();
    const plain = store.connect(globex, { remember: false });
    const demo = store.connect(acme, { remember: false, demo: true });
    expect(workspaceNameOf(plain)).toBe('data.example.com');
    expect(workspaceNameOf(demo)).toBe('Demo workspace');
    store.rename(demo.id, 'My demo');
    expect(workspaceNameOf(store.getState().workspaces[1] ?? demo)).toBe('My demo');
  });
});
