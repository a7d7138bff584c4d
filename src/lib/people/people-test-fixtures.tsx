// Tests only (people-names, people-table, components/person-name): a people directory on a
// fake service, and this device's names for a new workspace.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { RuntimeConfig } from '../../config/runtime-config';
import { RuntimeConfigProvider } from '../../config/runtime-config-context';
import type { TableDetail } from '../api/types';
import { createAuthStore } from '../auth/auth-store';
import { memoryOnlyPersistence } from '../auth/memory-persistence';
import { column, record } from '../testing/api-rows';
import { createFakeApiClient } from '../testing/fake-api-client';
import { createDeviceNames, type WorkspaceDeviceNames, workspaceDeviceNames } from './device-names';
import { PeopleProvider } from './people-context';

export const USER = 'c22201a2-0000-4000-8000-000000000001';
export const BOT = '3381d529-0000-4000-8000-000000000002';

/** The directory's table "Team": a name, and the person's id in `idColumn`. */
export function teamTable(idColumn = 'member_id'): TableDetail {
  return {
    id: 'team',
    aliasId: null,
    name: 'Team',
    description: null,
    projectId: null,
    createdAt: null,
    updatedAt: null,
    columns: [column('name', 'TEXT'), column(idColumn, 'TEXT')],
    views: [],
  };
}

/** The directory's one member: the bot Marvin. */
const member = record('r1', { name: 'Marvin', member_id: BOT });

/** config.json's people directory: Team's `member_id` and `name`. */
export const teamDirectory = {
  kind: 'table',
  tableId: 'team',
  idColumn: 'member_id',
  nameColumn: 'name',
} as const;

/** This device's names for a newly connected workspace, kept in memory only. */
function newWorkspaceDeviceNames(): WorkspaceDeviceNames {
  const authStore = createAuthStore({ persistence: memoryOnlyPersistence });
  const workspace = authStore.connect({ serviceUrl: '', apiKey: 'k' }, { remember: false });
  const store = createDeviceNames({ session: () => null, local: () => null });
  return workspaceDeviceNames(store, authStore, workspace.id);
}

/**
 * A fake service whose Team table holds Marvin (its records read through `listRecords`),
 * and this device's names for a new workspace.
 */
export function peopleSetup() {
  const deviceNames = newWorkspaceDeviceNames();
  const listRecords = vi.fn(async () => ({ items: [member], nextCursor: null }));
  const client = createFakeApiClient({ getTable: async () => teamTable(), listRecords });
  return { deviceNames, client, listRecords };
}

/** What names people: the runtime config (its directory) and this device's names. */
export function WithPeople({
  config,
  deviceNames,
  children,
}: {
  config: RuntimeConfig;
  deviceNames: WorkspaceDeviceNames;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <PeopleProvider deviceNames={deviceNames}>{children}</PeopleProvider>
    </RuntimeConfigProvider>
  );
}
