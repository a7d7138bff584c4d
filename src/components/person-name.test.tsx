import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import type { Column, RecordRow, TableDetail } from '../lib/api/types';
import { createAuthStore } from '../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../lib/auth/memory-persistence';
import { createDeviceNames, workspaceDeviceNames } from '../lib/people/device-names';
import { PeopleProvider } from '../lib/people/people-context';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderWithProviders } from '../lib/testing/render-with-providers';
import { PersonName } from './person-name';

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

function renderPeople(ui: ReactNode, config: RuntimeConfig) {
  const authStore = createAuthStore({ persistence: memoryOnlyPersistence });
  const workspace = authStore.connect({ serviceUrl: '', apiKey: 'k' }, { remember: false });
  const store = createDeviceNames({ session: () => null, local: () => null });
  const deviceNames = workspaceDeviceNames(store, authStore, workspace.id);
  const client = createFakeApiClient({
    getTable: async () => team,
    listRecords: async () => ({ items: [member], nextCursor: null }),
  });
  return {
    deviceNames,
    ...renderWithProviders(
      <RuntimeConfigProvider config={config}>
        <PeopleProvider deviceNames={deviceNames}>{ui}</PeopleProvider>
      </RuntimeConfigProvider>,
      { client },
    ),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('a person on screen', () => {
  it('shows the directory’s name, marked as data, and a bot as a bot', async () => {
    renderPeople(
      <p>
        <PersonName person={{ kind: 'bot', id: BOT }} />
      </p>,
      {
        ...DEFAULT_RUNTIME_CONFIG,
        people: { kind: 'table', tableId: 'team', idColumn: 'member_id', nameColumn: 'name' },
      },
    );
    expect(await screen.findByText('Marvin')).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('paragraph')).toHaveTextContent('Marvin (bot)');
  });

  it('without a directory says the id is unnamed, and Who is this? names it on this device', async () => {
    const user = userEvent.setup();
    const { deviceNames } = renderPeople(
      <p>
        <PersonName person={{ kind: 'user', id: USER }} />
      </p>,
      DEFAULT_RUNTIME_CONFIG,
    );
    expect(screen.getByRole('paragraph')).toHaveTextContent('Unnamed user c22201a2…');
    await user.click(screen.getByRole('button', { name: 'Who is this? Name user c22201a2…' }));
    const dialog = screen.getByRole('dialog', { name: 'Who is this?' });
    expect(within(dialog).getByText(USER)).toHaveAttribute('translate', 'no');
    // Where names could come from for everyone: config.json's people directory.
    expect(dialog).toHaveTextContent('config.json');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('Léa Okafor{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('paragraph')).toHaveTextContent('Léa Okafor');
    expect(deviceNames.read().get(USER)).toBe('Léa Okafor');
  });

  it('Escape closes the dialog and names nothing', async () => {
    const user = userEvent.setup();
    const { deviceNames } = renderPeople(
      <PersonName person={{ kind: 'user', id: USER }} />,
      DEFAULT_RUNTIME_CONFIG,
    );
    const open = screen.getByRole('button', { name: /Who is this\?/ });
    await user.click(open);
    await user.keyboard('Someone{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    expect(deviceNames.read().size).toBe(0);
  });

  it('imports a people file into this device’s names, and refuses a bad one with its reason', async () => {
    const user = userEvent.setup();
    const { deviceNames } = renderPeople(
      <PersonName person={{ kind: 'user', id: USER }} />,
      DEFAULT_RUNTIME_CONFIG,
    );
    await user.click(screen.getByRole('button', { name: /Who is this\?/ }));
    const input = screen.getByLabelText('Import names…');
    await user.upload(input, new File(['{"people": [{"id": "x"}]}'], 'bad.json'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing imported: entry 1 has no id or no name.',
    );
    const good = JSON.stringify({
      people: [
        { id: USER, name: 'Ana' },
        { id: BOT, name: 'Bot' },
      ],
    });
    await user.upload(input, new File([good], 'people.json'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 names imported'));
    expect(deviceNames.read().get(BOT)).toBe('Bot');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ana');
  });
});
