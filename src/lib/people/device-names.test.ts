import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../auth/auth-store';
import { memoryOnlyPersistence } from '../auth/memory-persistence';
import {
  createDeviceNames,
  DEVICE_NAMES_STORAGE_KEY,
  forgetNamesWithTheirWorkspaces,
  workspaceDeviceNames,
} from './device-names';

function storages() {
  const session = new Map<string, string>();
  const local = new Map<string, string>();
  const asStorage = (map: Map<string, string>) =>
    ({
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => map.set(key, value),
      removeItem: (key: string) => map.delete(key),
    }) as unknown as Storage;
  return {
    session,
    local,
    names: createDeviceNames({ session: () => asStorage(session), local: () => asStorage(local) }),
  };
}

describe('names given on this device', () => {
  it('keeps a remembered workspace’s names in localStorage, a tab’s in sessionStorage, each apart', () => {
    const { session, local, names } = storages();
    names.write('w1', true, 'user-1', '  Léa Okafor ');
    names.write('w2', false, 'user-1', 'Someone else');
    expect(names.read('w1').get('user-1')).toBe('Léa Okafor');
    expect(names.read('w2').get('user-1')).toBe('Someone else');
    expect(JSON.parse(local.get(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      w1: { 'user-1': 'Léa Okafor' },
    });
    expect(JSON.parse(session.get(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      w2: { 'user-1': 'Someone else' },
    });
    // A fresh page reads them back.
    const reloaded = createDeviceNames({
      session: () => ({ getItem: (key: string) => session.get(key) ?? null }) as Storage,
      local: () => ({ getItem: (key: string) => local.get(key) ?? null }) as Storage,
    });
    expect(reloaded.read('w1').get('user-1')).toBe('Léa Okafor');
  });

  it('removes a name given as blank', () => {
    const { local, names } = storages();
    names.write('w1', true, 'user-1', 'Léa');
    names.write('w1', true, 'user-1', '   ');
    expect(names.read('w1').size).toBe(0);
    expect(local.has(DEVICE_NAMES_STORAGE_KEY)).toBe(false);
  });

  it('drops a forgotten workspace’s names, moves a no longer remembered one’s to the tab, and clears all', () => {
    const { session, local, names } = storages();
    names.write('kept', true, 'u', 'Kept');
    names.write('unremembered', true, 'u', 'Tab only now');
    names.write('forgotten', false, 'u', 'Gone');
    names.retainOnly(new Set(['kept', 'unremembered']), new Set(['kept']));
    expect(names.read('forgotten').size).toBe(0);
    expect(JSON.parse(local.get(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      kept: { u: 'Kept' },
    });
    expect(JSON.parse(session.get(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      unremembered: { u: 'Tab only now' },
    });
    names.clear();
    expect(names.read('kept').size).toBe(0);
    expect(local.size + session.size).toBe(0);
  });

  it('follows the auth store: Sign out and Forget take the names with them', () => {
    const { names } = storages();
    const authStore = createAuthStore({
      persistence: memoryOnlyPersistence,
      onSignOut: () => names.clear(),
    });
    forgetNamesWithTheirWorkspaces(names, authStore);
    authStore.connect({ serviceUrl: '', apiKey: 'k1' }, { remember: false });
    const id = authStore.getState().session?.id ?? '';
    const scoped = workspaceDeviceNames(names, authStore, id);
    scoped.write('bot-1', 'Support bot');
    expect(scoped.read().get('bot-1')).toBe('Support bot');
    authStore.signOut();
    expect(scoped.read().size).toBe(0);
    // A dialog left open across the sign-out writes nothing.
    scoped.write('bot-1', 'Late');
    expect(names.read(id).size).toBe(0);
  });
});
