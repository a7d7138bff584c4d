import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../config/runtime-config';
import { ApiClientProvider } from '../api/api-client-context';
import { createTestQueryClient } from '../testing/render-with-providers';
import { usePeopleNames } from './people-context';
import { BOT, peopleSetup, teamDirectory, USER, WithPeople } from './people-test-fixtures';

describe('usePeopleNames', () => {
  it('reads the directory only once wanted, then names every id it and this device know', async () => {
    const { deviceNames, client, listRecords } = peopleSetup();
    const config = { ...DEFAULT_RUNTIME_CONFIG, people: teamDirectory };
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>
          <WithPeople config={config} deviceNames={deviceNames}>
            {children}
          </WithPeople>
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
