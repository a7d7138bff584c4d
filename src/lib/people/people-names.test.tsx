import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../config/runtime-config';
import { RuntimeConfigProvider } from '../../config/runtime-config-context';
import { ApiClientProvider } from '../api/api-client-context';
import type { Column, RecordRow, TableDetail } from '../api/types';
import { createAuthStore } from '../auth/auth-store';
import { memoryOnlyPersistence } from '../auth/memory-persistence';
import { createFakeApiClient } from '../testing/fake-api-client';
import { createTestQueryClient } from '../testing/render-with-providers';
import { createDeviceNames, workspaceDeviceNames } from './device-names';
import { PeopleProvider, usePeopleNames } from './people-context';

const USER = 'c22201a2-0000-4000-8000-000000000001';
const BOT = '3381d529-0000-4000-8000-000000000002';

function column(name: string): Column {
  return {
    id: name,
    name,
    description: null,
    type: 'TEXT',
    settings: null,
    orderIndex: 0,
    required: false,
    isPrimary: false,
    inferred: false,
  };
}

const team: TableDetail = {
  id: 'team',
  aliasId: null,
  name: 'Team',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [column('name'), column('member_id')],
  views: [],
};

const member: RecordRow = {
  id: 'r1',
  fields: { name: 'Marvin', member_id: BOT },
  createdAt: null,
  updatedAt: null,
};

describe('usePeopleNames', () => {
  it('reads the directory only once wanted, then names every id it and this device know', async () => {
    const authStore = createAuthStore({ persistence: memoryOnlyPersistence });
    const workspace = authStore.connect({ serviceUrl: '', apiKey: 'k' }, { remember: false });
    const store = createDeviceNames({ session: () => null, local: () => null });
    const deviceNames = workspaceDeviceNames(store, authStore, workspace.id);
    const listRecords = vi.fn(async () => ({ items: [member], nextCursor: null }));
    const client = createFakeApiClient({ getTable: async () => team, listRecords });
    const config = {
      ...DEFAULT_RUNTIME_CONFIG,
      people: { kind: 'table', tableId: 'team', idColumn: 'member_id', nameColumn: 'name' },
    } as const;
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>
          <RuntimeConfigProvider config={config}>
            <PeopleProvider deviceNames={deviceNames}>{children}</PeopleProvider>
          </RuntimeConfigProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ wanted }) => usePeopleNames(wanted), {
      wrapper,
      initialProps: { wanted: false },
    });
    expect(result.current.size).toBe(0);
    expect(listRecords).not.toHaveBeenCalled();

    rerender({ wanted: true });
    await waitFor(() => expect(result.current.get(BOT)).toBe('Marvin'));
    const before = result.current;
    rerender({ wanted: true });
    expect(result.current).toBe(before);

    act(() => deviceNames.write(USER, 'Léa Okafor'));
    await waitFor(() => expect(result.current.get(USER)).toBe('Léa Okafor'));
    expect(result.current.get(BOT)).toBe('Marvin');
  });
});
