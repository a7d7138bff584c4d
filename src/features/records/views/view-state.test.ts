import { describe, expect, it } from 'vitest';
import type { TableView } from '../../../lib/api/types';
import { column } from '../testing/records-test-utils';
import { columnsForView, viewLayoutOf } from './view-columns';
import { resolveView, urlStateAfterEdit } from './view-state';
import type { ViewUrlState } from './view-url';

const columns = [
  column('order_no', 'SERIAL', { orderIndex: 0 }),
  column('status', 'SELECT', { orderIndex: 1 }),
  column('amount', 'NUMBER', { orderIndex: 2 }),
];
const all: TableView = {
  id: 'v-all',
  name: 'All orders',
  isDefault: true,
  columns: [],
  widths: {},
  sort: null,
  filters: {},
};
const paid: TableView = {
  id: 'v-paid',
  name: 'Paid, biggest first',
  isDefault: false,
  columns: ['amount', 'fax', 'order_no'],
  widths: { amount: 140, fax: 99 },
  sort: { column: 'amount', direction: 'desc' },
  filters: { status: 'paid', gone: 'x' },
};
const table = { views: [all, paid], columns };
const bare: ViewUrlState = { viewId: null, explicit: false, sort: null, filters: {} };

describe('resolveView', () => {
  it('without view= the default view is chosen; a plain one asks for the table as it is', () => {
    const resolved = resolveView(bare, table);
    expect(resolved.view?.id).toBe('v-all');
    expect(resolved.requestQuery).toEqual({ sort: null, filters: {} });
    expect(resolved.changed).toBe(false);
  });

  it('a chosen view is asked for by id, and shows its sort and filters (missing columns skipped)', () => {
    const resolved = resolveView({ ...bare, viewId: 'v-paid' }, table);
    expect(resolved.requestQuery).toEqual({ view: 'v-paid', sort: null, filters: {} });
    expect(resolved.shownQuery).toEqual({
      sort: { column: 'amount', direction: 'desc' },
      filters: { status: 'paid' },
    });
    expect(resolved.missingColumns).toEqual(['fax', 'gone']);
  });

  it('before the table is described, a view= is sent as it is', () => {
    expect(resolveView({ ...bare, viewId: 'v-paid' }, null).requestQuery).toEqual({
      view: 'v-paid',
      sort: null,
      filters: {},
    });
  });

  it('a hand-made change is sent as the whole sort and filters, without view, and marked changed', () => {
    const url = { viewId: 'v-paid', explicit: true, sort: null, filters: { status: 'paid' } };
    const resolved = resolveView(url, table);
    expect(resolved.view?.id).toBe('v-paid');
    expect(resolved.changed).toBe(true);
    expect(resolved.requestQuery).toEqual({ sort: null, filters: { status: 'paid' } });
  });

  it("a find typed over the service's view changes it (they keep none), and is not sent", () => {
    const chosen = resolveView({ ...bare, viewId: 'v-paid', find: 'fragile' }, table);
    expect(chosen.changed).toBe(true);
    expect(chosen.requestQuery).toEqual({ view: 'v-paid', sort: null, filters: {} });
    expect(resolveView({ ...bare, viewId: 'v-paid', find: '  ' }, table).changed).toBe(false);
    // Over the default view, as a sort would.
    expect(resolveView({ ...bare, find: 'fragile' }, table).changed).toBe(true);
    // A table without views has nothing to change.
    expect(resolveView({ ...bare, find: 'fragile' }, { views: [], columns }).changed).toBe(false);
    // Before the table is described nothing is marked.
    expect(resolveView({ ...bare, viewId: 'v-paid', find: 'fragile' }, null).changed).toBe(false);
  });

  it('a view the table no longer has falls back to the default and says so', () => {
    const resolved = resolveView({ ...bare, viewId: 'v-gone' }, table);
    expect(resolved.unknownViewId).toBe('v-gone');
    expect(resolved.view?.id).toBe('v-all');
  });
});

describe('urlStateAfterEdit', () => {
  it('an edit under a view writes the whole state; editing back to the view drops it', () => {
    const url = { ...bare, viewId: 'v-paid' };
    const resolved = resolveView(url, table);
    const edited = urlStateAfterEdit(
      url,
      resolved,
      { ...resolved.shownQuery, sort: null },
      columns,
    );
    expect(edited).toEqual({
      viewId: 'v-paid',
      explicit: true,
      sort: null,
      filters: { status: 'paid' },
    });
    const back = urlStateAfterEdit(
      edited,
      resolveView(edited, table),
      resolved.shownQuery,
      columns,
    );
    expect(back).toEqual({ viewId: 'v-paid', explicit: false, sort: null, filters: {} });
  });
});

describe('view columns', () => {
  it("puts the view's columns first in its order, hides the rest, keeps known widths", () => {
    expect(columnsForView(columns, paid).map((c) => c.name)).toEqual([
      'amount',
      'order_no',
      'status',
    ]);
    expect(viewLayoutOf(paid, columns)).toEqual({
      viewId: 'v-paid',
      sizing: { amount: 140 },
      visibility: { order_no: true, status: false, amount: true },
    });
    expect(columnsForView(columns, all).map((c) => c.name)).toEqual([
      'order_no',
      'status',
      'amount',
    ]);
    expect(viewLayoutOf(all, columns).visibility).toEqual({});
  });
});

describe('a view of your own', () => {
  const mine: TableView = {
    id: 'mine:m1',
    name: 'Mine',
    isDefault: false,
    columns: ['amount', 'gone'],
    widths: {},
    sort: { column: 'amount', direction: 'asc' },
    filters: { status: 'paid' },
  };
  const withYours = { ...table, yours: [mine] };
  const chosen: ViewUrlState = {
    viewId: null,
    mineId: 'm1',
    explicit: true,
    sort: { column: 'amount', direction: 'asc' },
    filters: { status: 'paid' },
  };

  it('is asked for as its sort and filters (the service never hears of it), and notes missing columns', () => {
    const resolved = resolveView(chosen, withYours);
    expect(resolved.yours).toBe(true);
    expect(resolved.view?.id).toBe('mine:m1');
    expect(resolved.requestQuery).toEqual({ sort: chosen.sort, filters: chosen.filters });
    expect(resolved.changed).toBe(false);
    expect(resolved.missingColumns).toEqual(['gone']);
  });

  it('an edit keeps it chosen and marks it changed; its sort and filters stay in the URL', () => {
    const resolved = resolveView(chosen, withYours);
    const edited = urlStateAfterEdit(chosen, resolved, { sort: null, filters: {} }, columns);
    expect(edited).toEqual({ viewId: null, mineId: 'm1', explicit: true, sort: null, filters: {} });
    expect(resolveView(edited, withYours).changed).toBe(true);
  });

  it('keeps its find: the same find is the view as saved, another (or none) changes it', () => {
    const finding = { ...withYours, yours: [{ ...mine, find: 'haddad' }] };
    expect(resolveView({ ...chosen, find: 'haddad' }, finding).changed).toBe(false);
    expect(resolveView({ ...chosen, find: 'haddad ' }, finding).changed).toBe(false);
    expect(resolveView({ ...chosen, find: 'okafor' }, finding).changed).toBe(true);
    expect(resolveView({ ...chosen, find: '' }, finding).changed).toBe(true);
    expect(resolveView(chosen, finding).changed).toBe(true);
    // A find typed over one saved without any changes it too.
    expect(resolveView({ ...chosen, find: 'haddad' }, withYours).changed).toBe(true);
    // The find is never asked of the service.
    expect(resolveView({ ...chosen, find: 'okafor' }, finding).requestQuery).toEqual({
      sort: chosen.sort,
      filters: chosen.filters,
    });
  });

  it('one no longer kept (deleted, or saved in another tab) shows the URL’s sort and filters', () => {
    const resolved = resolveView(chosen, table);
    expect(resolved.yours).toBeUndefined();
    expect(resolved.requestQuery).toEqual({ sort: chosen.sort, filters: chosen.filters });
  });
});
