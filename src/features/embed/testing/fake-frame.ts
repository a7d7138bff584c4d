import { vi } from 'vitest';
import type { BridgeParent, BridgeWindow } from '../embed-bridge';

export const VIEW_ORIGIN = 'https://dashboard.example.com';

/**
 * A frame for bridge tests: `self` collects the bridge's message listener, `parent`
 * records what the view posts, and `receive` plays a message arriving from `source`
 * (the parent window unless told otherwise).
 */
export function createFakeFrame() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const self: BridgeWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    location: { origin: VIEW_ORIGIN },
  };
  const postMessage = vi.fn<(message: unknown, targetOrigin: string) => void>();
  const parent: BridgeParent = { postMessage };
  const receive = (origin: string, data: unknown, source: unknown = parent) => {
    for (const listener of listeners) {
      listener({ origin, data, source } as unknown as MessageEvent);
    }
  };
  /** Everything posted so far, as [message, targetOrigin] pairs. */
  const posted = () => postMessage.mock.calls.map(([message, target]) => ({ message, target }));
  return { self, parent, receive, posted, listenerCount: () => listeners.size };
}
