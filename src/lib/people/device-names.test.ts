import { describe, expect, it } from 'vitest';
import { createAuthStore } from '../auth/auth-store';
import { memoryOnlyPersistence } from '../auth/memory-persistence';
import { createMemoryStorage } from '../testing/memory-storage';
import {
  createDeviceNames,
  DEVICE_NAMES_STORAGE_KEY,
  forgetNamesWithTheirWorkspaces,
  workspaceDeviceNames,
} from './device-names';

function storages() {
  const session = createMemoryStorage();
  const local = createMemoryStorage();
  return {
    session,
    local,
    names: createDeviceNames({ session: () => session, local: () => local }),
  };
}

describe('names given on this device', () => {
  it('keeps a remembered workspace’s names in localStorage, a tab’s in sessionStorage, each apart', () => {
    const { session, local, names } = storages();
    names.write('w1', true, 'user-1', '  Léa Okafor ');
    names.write('w2', false, 'user-1', 'Someone else');
    expect(names.read('w1').get('user-1')).toBe('Léa Okafor');
    expect(names.read('w2').get('user-1')).toBe('Someone else');
    expect(JSON.parse(local.getItem(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      w1: { 'user-1': 'Léa Okafor' },
    });
    expect(JSON.parse(session.getItem(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      w2: { 'user-1': 'Someone else' },
    });
    // A fresh page reads them back.
    const reloaded = createDeviceNames({ session: () => session, local: () => local });
    expect(reloaded.read('w1').get('user-1')).toBe('Léa Okafor');
  });

  it('removes a name given as blank', () => {
    const { local, names } = storages();
    names.write('w1', true, 'user-1', 'Léa');
    names.write('w1', true, 'user-1', '   ');
    expect(names.read('w1').size).toBe(0);
    expect(local.getItem(DEVICE_NAMES_STORAGE_KEY)).toBeNull();
  });

  it('drops a forgotten workspace’s names, moves a no longer remembered one’s to the tab, and clears all', () => {
    const { session, local, names } = storages();
    names.write('kept', true, 'u', 'Kept');
    names.write('unremembered', true, 'u', 'Tab only now');
    names.write('forgotten', false, 'u', 'Gone');
    names.retainOnly(new Set(['kept', 'unremembered']), new Set(['kept']));
    expect(names.read('forgotten').size).toBe(0);
    expect(JSON.parse(local.getItem(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      kept: { u: 'Kept' },
    });
    expect(JSON.parse(session.getItem(DEVICE_NAMES_STORAGE_KEY) ?? '{}')).toEqual({
      unremembered: { u: 'Tab only now' },
    });
    names.clear();
    expect(names.read('kept').size).toBe(0);
    expect(local.length + session.length).toBe(0);
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
