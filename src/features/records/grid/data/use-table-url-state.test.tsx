import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RecordQuery } from '../../../../lib/api/types';
import { writeRecordQuery } from '../../views/view-url-writer';
import {
  nextSortFor,
  parseRecordQuery,
  parseSort,
  SORT_WAIT_MS,
  useTableUrlState,
} from './use-table-url-state';

const awkwardNames = [
  'first name',
  'a[b]',
  'x]y[',
  'R&D',
  'a=b',
  'ratio: a/b',
  '名前',
  'الحالة',
  'emoji 🎉',
  '100%',
  '+plus+',
];

let probedSearch = '';
function Probe() {
  probedSearch = useLocation().search;
  return null;
}

/** The hook under a router at `entry`, with the probe reading the URL it writes. */
function atAddress(entry: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[entry]}>
      {children}
      <Probe />
    </MemoryRouter>
  );
}

function roundTrip(query: RecordQuery): RecordQuery {
  const search = writeRecordQuery(new URLSearchParams(), query).toString();
  return parseRecordQuery(new URLSearchParams(search));
}

describe('URL view state', () => {
  it.each(awkwardNames)('round-trips a filter and a sort on %s', (name) => {
    const query: RecordQuery = {
      sort: { column: name, direction: 'desc' },
      filters: { [name]: 'v & w = x?#', other: '' },
    };
    expect(roundTrip(query)).toEqual(query);
  });

  it('applies two edits made before the URL is drawn again, each on top of the other', () => {
    const { result } = renderHook(() => useTableUrlState(), {
      wrapper: atAddress('/t?filter%5Bwith+space%5D=Row+3'),
    });
    const before = result.current;
    // One act: both handlers run with the same render's functions, as a quick clear then a
    // choice do while a navigation is still pending.
    act(() => {
      before.setFilter('with space', null);
      before.setFilter('a&b=c', 'y');
    });
    expect(result.current.query.filters).toEqual({ 'a&b=c': 'y' });
    expect(parseRecordQuery(new URLSearchParams(probedSearch)).filters).toEqual({ 'a&b=c': 'y' });
  });

  it('reads a sort without direction as ascending, and a colon in a name as part of it', () => {
    expect(parseSort('amount')).toEqual({ column: 'amount', direction: 'asc' });
    expect(parseSort('a:b:desc')).toEqual({ column: 'a:b', direction: 'desc' });
    expect(parseSort('time:12')).toEqual({ column: 'time:12', direction: 'asc' });
    expect(parseSort('')).toBeNull();
  });

  it('keeps parameters that are not its own', () => {
    const next = writeRecordQuery(new URLSearchParams('panel=1&sort=a:asc'), {
      sort: null,
      filters: { b: '1' },
    });
    expect(next.get('panel')).toBe('1');
    expect(next.has('sort')).toBe(false);
    expect(next.get('filter[b]')).toBe('1');
  });

  it('cycles ascending → descending → none, and starts over on another column', () => {
    expect(nextSortFor(null, 'a')).toEqual({ column: 'a', direction: 'asc' });
    expect(nextSortFor({ column: 'a', direction: 'asc' }, 'a')).toEqual({
      column: 'a',
      direction: 'desc',
    });
    expect(nextSortFor({ column: 'a', direction: 'desc' }, 'a')).toBeNull();
    expect(nextSortFor({ column: 'a', direction: 'desc' }, 'b')).toEqual({
      column: 'b',
      direction: 'asc',
    });
  });

  it('keeps its edits the same functions across a sort and a filter (the header cells are memoized on them)', () => {
    const { result } = renderHook(() => useTableUrlState(), { wrapper: atAddress('/tables/t') });
    const { toggleSort, setFilter, setSort } = result.current;
    act(() => result.current.toggleSort('amount'));
    act(() => result.current.setFilter('name', 'x'));
    expect(result.current.query.sort).toEqual({ column: 'amount', direction: 'asc' });
    expect(result.current.query.filters).toEqual({ name: 'x' });
    expect(result.current.toggleSort).toBe(toggleSort);
    expect(result.current.setFilter).toBe(setFilter);
    expect(result.current.setSort).toBe(setSort);
    // And an edit made with the first render's function still starts from the newest URL.
    act(() => toggleSort('amount'));
    expect(result.current.query).toMatchObject({
      sort: { column: 'amount', direction: 'desc' },
      filters: { name: 'x' },
    });
  });

  it('counts a second header click made before the first one rendered from the first', () => {
    const { result } = renderHook(() => useTableUrlState(), { wrapper: atAddress('/tables/t') });
    const { toggleSort } = result.current;
    act(() => {
      toggleSort('amount');
      toggleSort('amount');
    });
    expect(result.current.query.sort).toEqual({ column: 'amount', direction: 'desc' });
    act(() => result.current.toggleSort('amount'));
    expect(result.current.query.sort).toBeNull();
    expect(new URLSearchParams(probedSearch).has('sort')).toBe(false);
  });

  it('a header click that waits for its page changes the URL when the page is in, with the query it asked for', async () => {
    const { result } = renderHook(() => useTableUrlState(), {
      wrapper: atAddress('/tables/t?filter%5Bstatus%5D=paid'),
    });
    let arrive = () => {};
    const asked: RecordQuery[] = [];
    const ready = (query: RecordQuery) => {
      asked.push(query);
      return new Promise<void>((resolve) => {
        arrive = resolve;
      });
    };
    act(() => result.current.toggleSort('amount', ready));
    expect(asked).toEqual([
      { sort: { column: 'amount', direction: 'asc' }, filters: { status: 'paid' } },
    ]);
    expect(new URLSearchParams(probedSearch).has('sort')).toBe(false);
    await act(async () => arrive());
    expect(new URLSearchParams(probedSearch).get('sort')).toBe('amount:asc');
  });

  it('an edit made while a header click waits includes the sort and replaces the wait', async () => {
    const { result } = renderHook(() => useTableUrlState(), { wrapper: atAddress('/tables/t') });
    let arrive = () => {};
    act(() =>
      result.current.toggleSort(
        'amount',
        () =>
          new Promise<void>((resolve) => {
            arrive = resolve;
          }),
      ),
    );
    act(() => result.current.setFilter('status', 'paid'));
    const written = new URLSearchParams(probedSearch);
    expect(written.get('sort')).toBe('amount:asc');
    expect(written.get('filter[status]')).toBe('paid');
    // The waited-for page arriving then writes nothing over the newer URL.
    act(() => result.current.setFilter('status', null));
    await act(async () => arrive());
    expect(new URLSearchParams(probedSearch).has('filter[status]')).toBe(false);
    expect(result.current.query).toEqual({
      sort: { column: 'amount', direction: 'asc' },
      filters: {},
    });
  });

  it('a header click whose page never comes changes the URL after SORT_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useTableUrlState(), { wrapper: atAddress('/tables/t') });
      act(() => result.current.toggleSort('amount', () => new Promise(() => {})));
      act(() => vi.advanceTimersByTime(SORT_WAIT_MS - 1));
      expect(new URLSearchParams(probedSearch).has('sort')).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(new URLSearchParams(probedSearch).get('sort')).toBe('amount:asc');
    } finally {
      vi.useRealTimers();
    }
  });

  it("Back to the view puts back its find: a service view's none, one's own its saved one", () => {
    const views = [
      {
        id: 'v-paid',
        name: 'Paid',
        isDefault: false,
        columns: [],
        widths: {},
        sort: null,
        filters: { status: 'paid' },
      },
    ];
    const yours = [
      {
        id: 'mine:m1',
        name: 'Haddad',
        isDefault: false,
        columns: [],
        widths: {},
        sort: null,
        filters: {},
        find: 'haddad',
      },
    ];
    const table = { views, columns: null, yours };
    const service = renderHook(() => useTableUrlState(table), {
      wrapper: atAddress('/tables/t?view=v-paid&find=fragile'),
    });
    expect(service.result.current.resolved.changed).toBe(true);
    act(() => service.result.current.resetView());
    expect(service.result.current.resolved.changed).toBe(false);
    expect(service.result.current.find).toBe('');
    expect(new URLSearchParams(probedSearch).get('view')).toBe('v-paid');
    expect(new URLSearchParams(probedSearch).has('find')).toBe(false);
    service.unmount();

    const own = renderHook(() => useTableUrlState(table), {
      wrapper: atAddress('/tables/t?mine=m1&sort=&find=okafor'),
    });
    expect(own.result.current.resolved.changed).toBe(true);
    act(() => own.result.current.resetView());
    expect(own.result.current.find).toBe('haddad');
    expect(own.result.current.resolved.changed).toBe(false);
    expect(new URLSearchParams(probedSearch).get('mine')).toBe('m1');
    // Typing the saved find again over it is the view as saved; another word changes it.
    act(() => own.result.current.setFind('haddad okafor'));
    expect(own.result.current.resolved.changed).toBe(true);
    act(() => own.result.current.setFind('haddad'));
    expect(own.result.current.resolved.changed).toBe(false);
  });

  it('writes through the router and reads back the same view', () => {
    const { result } = renderHook(() => useTableUrlState(), {
      wrapper: atAddress('/tables/t?keep=me'),
    });
    act(() => result.current.setFilter('R&D [名前]', 'a=b & c'));
    act(() => result.current.setSort({ column: 'emoji 🎉', direction: 'desc' }));
    expect(result.current.query).toEqual({
      sort: { column: 'emoji 🎉', direction: 'desc' },
      filters: { 'R&D [名前]': 'a=b & c' },
    });
    const search = probedSearch;
    expect(parseRecordQuery(new URLSearchParams(search))).toEqual(result.current.query);
    expect(new URLSearchParams(search).get('keep')).toBe('me');

    act(() => result.current.setFilter('R&D [名前]', null));
    act(() => result.current.clearFilters());
    expect(result.current.query.filters).toEqual({});
  });
});
