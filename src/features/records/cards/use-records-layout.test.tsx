import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY, useRecordsLayout } from './use-records-layout';

/** A window of `width` px: matchMedia answers the cards' query from it, and says when it changes. */
function windowOfWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === NARROW_QUERY && width < 768;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(next: number) {
      width = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('useRecordsLayout', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows cards on a phone-sized window and offers no switch there', () => {
    windowOfWidth(390);
    const { result } = renderHook(() => useRecordsLayout());
    expect(result.current).toMatchObject({ layout: 'cards', narrow: true });
  });

  it('shows the table on a wide window until the person picks cards, and keeps the pick on the device', () => {
    const screen = windowOfWidth(1366);
    const { result } = renderHook(() => useRecordsLayout());
    expect(result.current.layout).toBe('table');
    act(() => result.current.choose('cards'));
    expect(result.current.layout).toBe('cards');
    expect(localStorage.getItem('workspace-browser.records-layout')).toBe('cards');
    // Another view of the records (a new mount) starts from the kept pick.
    expect(renderHook(() => useRecordsLayout()).result.current.layout).toBe('cards');
    act(() => result.current.choose('table'));
    // Narrowed to a phone's width, the cards come back whatever was picked.
    act(() => screen.resize(500));
    expect(result.current).toMatchObject({ layout: 'cards', narrow: true });
    act(() => screen.resize(1024));
    expect(result.current.layout).toBe('table');
  });
});
