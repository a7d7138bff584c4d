import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resolveView } from '../features/records/views/view-state';
import { queryKeys } from '../lib/api/query-keys';
import { firstRequestsOf, firstScreenOf, readsTables } from './first-screen-plan';

const nothingKept = { readPlace: () => null, readSaved: () => null };

/** A place as the grid keeps it (features/records/grid/place/view-place.ts): three pages seen. */
function placeOnPage(page: number) {
  return {
    trail: { cursors: [null, 'c1', 'c2'], counts: [100, 500, 500], reachedEnd: false },
    top: { recordId: `r-${page}`, row: page * 100, page },
  };
}

function savedPage(index: number) {
  return {
    index,
    items: [{ id: `r-${index}`, fields: {}, createdAt: null, updatedAt: null }],
    nextCursor: null,
  };
}

describe('what the page at a URL asks for first', () => {
  it('a table: its description and the first page of the view the URL names', () => {
    const screen = firstScreenOf('#/tables/tbl%20orders?sort=amount:desc&filter[status]=open');

    expect(firstRequestsOf(screen, nothingKept, 'send')).toEqual([
      { kind: 'table', tableId: 'tbl orders' },
      {
        kind: 'records',
        tableId: 'tbl orders',
        query: { sort: { column: 'amount', direction: 'desc' }, filters: { status: 'open' } },
        limit: 100,
      },
    ]);
    expect(screen.pagePath).toBe('/tables/tbl%20orders');
  });

  it('a board or a calendar in the address: the description only (they read their own requests)', () => {
    for (const layout of ['layout=board&group=status', 'layout=calendar&date=ordered_at']) {
      expect(firstRequestsOf(firstScreenOf(`#/tables/t1?${layout}`), nothingKept, 'send')).toEqual([
        { kind: 'table', tableId: 't1' },
      ]);
    }
    expect(
      firstRequestsOf(firstScreenOf('#/tables/t1?layout=gantt'), nothingKept, 'send'),
    ).toHaveLength(2);
  });

  it('asks for the view as the grid does before the table’s description is in', () => {
    for (const params of ['view=v1', 'view=v1&sort=', 'view=v1&filter[a]=1', '', 'sort=a']) {
      const screen = firstScreenOf(`#/tables/t1?${params}`);
      const { requestQuery } = resolveView(
        {
          viewId: new URLSearchParams(params).get('view'),
          explicit: params.includes('sort') || params.includes('filter'),
          sort: params === 'sort=a' ? { column: 'a', direction: 'asc' } : null,
          filters: params.includes('filter') ? { a: '1' } : {},
        },
        null,
      );
      expect(screen.table?.requestQuery).toEqual(requestQuery);
      expect(screen.table?.viewKey).toBe(hashKey(queryKeys.recordList('t1', requestQuery)));
    }
  });

  it('a record’s panel over the table: the same requests as the table', () => {
    expect(firstRequestsOf(firstScreenOf('#/tables/t1/records/r9'), nothingKept, 'send')).toEqual(
      firstRequestsOf(firstScreenOf('#/tables/t1'), nothingKept, 'send'),
    );
  });

  it('leaves the records to the grid when it kept the user’s place in that view, or its rows', () => {
    const screen = firstScreenOf('#/tables/t1');
    const key = screen.table?.viewKey;
    const place = placeOnPage(2);
    const memories: Array<Parameters<typeof firstRequestsOf>[1]> = [
      { readPlace: (viewKey) => (viewKey === key ? place : null), readSaved: () => null },
      {
        readPlace: () => null,
        readSaved: (viewKey) =>
          viewKey === key ? { savedAt: 1, data: { ...place, page: savedPage(2) } } : null,
      },
    ];

    for (const memory of memories) {
      for (const purpose of ['send', 'cache'] as const) {
        expect(firstRequestsOf(screen, memory, purpose)).toEqual([
          { kind: 'table', tableId: 't1' },
        ]);
      }
    }
  });

  it('still sends the first page when the kept place is on it (the grid asks for it too), but leaves the cache to the grid', () => {
    const screen = firstScreenOf('#/tables/t1');
    const key = screen.table?.viewKey;
    for (const kept of [placeOnPage(0), { unreadable: true }]) {
      const memory = {
        readPlace: (viewKey: string) => (viewKey === key ? kept : null),
        readSaved: () => null,
      };
      expect(firstRequestsOf(screen, memory, 'send')).toHaveLength(2);
      expect(firstRequestsOf(screen, memory, 'cache')).toEqual([{ kind: 'table', tableId: 't1' }]);
    }
  });

  it('a skill: the skill; other pages and unreadable URLs: nothing', () => {
    expect(firstRequestsOf(firstScreenOf('#/skills/s1'), null, 'send')).toEqual([
      { kind: 'skill', skillId: 's1' },
    ]);
    for (const hash of [
      '',
      '#/',
      '#/skills',
      '#/tasks?status=todo',
      '#/tables/',
      '#/tables/%E0%A4%A',
    ]) {
      expect(firstRequestsOf(firstScreenOf(hash), null, 'send')).toEqual([]);
    }
  });

  it('names the page whose code to fetch, inside or outside the embedded view', () => {
    expect(firstScreenOf('#/embed/skills/s1?x=1').pagePath).toBe('/skills/s1');
    expect(firstScreenOf('#/embed').pagePath).toBe('/');
    expect(firstScreenOf('').pagePath).toBe('/');
  });

  it("adds the sidebar's first page of tables beside any workspace screen's own requests", () => {
    expect(firstRequestsOf(firstScreenOf('#/skills/s1'), null, 'send', true)).toEqual([
      { kind: 'skill', skillId: 's1' },
      { kind: 'tables' },
    ]);
    expect(firstRequestsOf(firstScreenOf('#/tasks'), null, 'send', true)).toEqual([
      { kind: 'tables' },
    ]);
    expect(firstRequestsOf(firstScreenOf('#/tasks'), null, 'send')).toEqual([]);
    expect(readsTables(null)).toBe(true);
    expect(readsTables(['tasks:read'])).toBe(false);
    expect(readsTables(['tables:read', 'tasks:read'])).toBe(true);
  });
});
