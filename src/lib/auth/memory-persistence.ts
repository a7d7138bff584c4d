import type { SessionPersistence } from './connection-storage';

/**
 * For the embedded view (docs/decisions/006): the key a host page hands over lives only
 * in the auth store's state, so it is gone when the frame is reloaded or removed and no
 * script reading sessionStorage/localStorage of this origin can find it. Nothing is read
 * either: a key the stand-alone dashboard remembered on this origin is not the host's.
 */
export const memoryOnlyPersistence: SessionPersistence = {
  kind: 'memory',
  read: () => ({ workspaces: [], activeId: null }),
  write: () => {},
  clear: () => {},
};
