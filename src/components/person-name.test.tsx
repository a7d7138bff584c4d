import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../config/runtime-config';
import {
  BOT,
  peopleSetup,
  teamDirectory,
  USER,
  WithPeople,
} from '../lib/people/people-test-fixtures';
import { renderWithProviders } from '../lib/testing/render-with-providers';
import { PersonName } from './person-name';

function renderPeople(ui: ReactNode, config: RuntimeConfig) {
  const { deviceNames, client } = peopleSetup();
  return {
    deviceNames,
    ...renderWithProviders(
      <WithPeople config={config} deviceNames={deviceNames}>
        {ui}
      </WithPeople>,
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
        people: teamDirectory,
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
