import type { SessionPersistence, WorkspacesSnapshot } from '../auth/connection-storage';

/**
 * The workspace list kept as web storage would keep it (so "Remember on this device"
 * means what it does in the browser), held in memory for a test.
 */
export function createTestPersistence(): SessionPersistence {
  let stored: WorkspacesSnapshot = { workspaces: [], activeId: null };
  return {
    kind: 'web-storage',
    read: () => stored,
    write: (snapshot: WorkspacesSnapshot) => {
      stored = snapshot;
    },
    clear: () => {
      stored = { workspaces: [], activeId: null };
    },
  } as SessionPersistence;
}

/** A connection to a test service, with a key that must never show up in what is kept. */
export const testConnection = {
  serviceUrl: 'https://service.test',
  apiKey: 'svc_live_secret',
  skillsPath: null,
};
