import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api/query-keys';
import { useAfterGridLoads } from './use-after-grid-loads';

describe('after the grid loads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first records request, then stops listening to the query cache', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    let answer: (value: string) => void = () => undefined;
    void queryClient.fetchQuery({
      queryKey: [...queryKeys.records('t1'), 'list'],
      queryFn: () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    });
    const { result } = renderHook(() => useAfterGridLoads('t1'), { wrapper });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(result.current).toBe(false);
    expect(queryClient.getQueryCache().hasListeners()).toBe(true);

    await act(async () => {
      answer('page');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe(true);
    // Names looked up as rows scroll by fire cache events: none of them is heard any more.
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it('is ready at once after its delay when nothing is loading', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAfterGridLoads('t1'), { wrapper });
    expect(result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(result.current).toBe(true);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });
});
