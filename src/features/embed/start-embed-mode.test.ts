import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../lib/api/types';
import { createAuthStore } from '../../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../../lib/auth/memory-persistence';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import type { EmbedBridgeDeps } from './embed-bridge';
import { startBridge } from './start-embed-mode';
import { createFakeFrame } from './testing/fake-frame';

const HOST = 'https://intranet.example.com';
const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

/** The bridge's module, arriving when the test says (as over a slow connection). */
function slowBridgeModule() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = async () => {
    await arrived;
    return import('./embed-bridge');
  };
  return { load, arrive };
}

function appDeps() {
  const authStore = createAuthStore({ persistence: memoryOnlyPersistence });
  const listTables = vi.fn(async () => ({ items: [], nextCursor: null }));
  const createClient = vi.fn((_connection: Connection) => createFakeApiClient({ listTables }));
  const deps: EmbedBridgeDeps = {
    config: {
      embedOrigins: [HOST],
      serviceUrl: 'https://data.example.com',
      skillsPath: null,
      locales: ['en'],
    },
    authStore,
    createClient,
    clearCache: vi.fn(),
    navigate: vi.fn(),
  };
  return { deps, authStore, createClient };
}

describe('starting the embedded view', () => {
  it('keeps a connect message the host sends while the bridge’s code is still loading', async () => {
    const frame = createFakeFrame();
    const bridgeModule = slowBridgeModule();
    const starting = startBridge(frame.self, frame.parent, bridgeModule.load);

    frame.receive(HOST, { type: 'workspace-browser:connect', version: 1, apiKey: KEY });
    bridgeModule.arrive();
    const bridge = await starting;
    const app = appDeps();
    bridge.attach(app.deps);

    await waitFor(() => expect(app.authStore.getState().session).not.toBeNull());
    // Heard once: the early listener is gone, only the bridge's own listens.
    expect(app.createClient).toHaveBeenCalledTimes(1);
    expect(frame.listenerCount()).toBe(1);
    expect(frame.posted().map(({ message }) => (message as { type: string }).type)).toEqual([
      'workspace-browser:ready',
      'workspace-browser:connected',
    ]);
  });

  it('stops listening when the bridge’s code cannot load', async () => {
    const frame = createFakeFrame();
    const failing = startBridge(frame.self, frame.parent, () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    await expect(failing).rejects.toThrow('Failed to fetch');
    expect(frame.listenerCount()).toBe(0);
  });
});
