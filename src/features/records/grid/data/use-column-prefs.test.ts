import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ViewLayout } from '../../views/view-columns';
import { useColumnPrefs } from './use-column-prefs';

afterEach(() => localStorage.clear());

describe('useColumnPrefs', () => {
  it('takes a view’s layout once it says more (a shared link opened before the columns are known)', () => {
    const before: ViewLayout = { viewId: 'shared', sizing: {}, visibility: {} };
    const { result, rerender } = renderHook((layout: ViewLayout) => useColumnPrefs('tbl', layout), {
      initialProps: before,
    });
    expect(result.current.visibility).toEqual({});

    rerender({ viewId: 'shared', sizing: { amount: 180 }, visibility: { notes: false } });
    expect(result.current.visibility).toEqual({ notes: false });
    expect(result.current.sizing).toEqual({ amount: 180 });
  });

  it('keeps what the person changed when the same view’s layout changes afterwards', () => {
    const layout: ViewLayout = { viewId: 'v1', sizing: {}, visibility: { notes: false } };
    const { result, rerender } = renderHook(
      (current: ViewLayout) => useColumnPrefs('tbl', current),
      {
        initialProps: layout,
      },
    );
    act(() => result.current.setVisibility({ notes: true, email: false }));
    rerender({ ...layout, visibility: { notes: false, tags: false } });
    expect(result.current.visibility).toEqual({ notes: true, email: false });
  });
});
