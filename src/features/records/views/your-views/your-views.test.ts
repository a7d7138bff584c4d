import { describe, expect, it } from 'vitest';
import {
  boundedViews,
  MAX_VIEWS_PER_TABLE,
  mergeImported,
  nameProblemOf,
  namesAView,
  parseViewsFile,
  readYourViews,
  sharedLayoutOf,
  sharedSearchOf,
  viewsFileOf,
  type YourView,
} from './your-views';

const paid: YourView = {
  id: 'a1',
  tableId: 't-orders',
  name: 'Paid, biggest first',
  sort: { column: 'amount', direction: 'desc' },
  filters: { status: 'paid' },
  columns: ['amount', 'order_no'],
  widths: { amount: 140 },
  savedAt: 10,
};

describe('the views file', () => {
  it('round-trips every view of the workspace', () => {
    const parsed = parseViewsFile(viewsFileOf([paid]));
    expect(parsed).toEqual({
      ok: true,
      views: [
        {
          tableId: 't-orders',
          name: 'Paid, biggest first',
          sort: { column: 'amount', direction: 'desc' },
          filters: { status: 'paid' },
          columns: ['amount', 'order_no'],
          widths: { amount: 140 },
        },
      ],
    });
  });

  it.each([
    ['not JSON', '{views: [', { kind: 'not-json' }],
    ['another JSON file', '{"views": []}', { kind: 'not-views-file' }],
    [
      'a newer version',
      '{"format": "workspace-browser.views", "version": 3, "views": []}',
      { kind: 'newer-version', version: 3 },
    ],
    [
      'a view without a name',
      '{"format": "workspace-browser.views", "version": 1, "views": [{"table": "t", "name": "ok"}, {"table": "t", "name": " "}]}',
      { kind: 'bad-view', position: 2, field: 'name' },
    ],
    [
      'a filter that is not text',
      '{"format": "workspace-browser.views", "version": 1, "views": [{"table": "t", "name": "x", "filters": {"a": 1}}]}',
      { kind: 'bad-view', position: 1, field: 'filters' },
    ],
    [
      'a width that is not a number',
      '{"format": "workspace-browser.views", "version": 1, "views": [{"table": "t", "name": "x", "widths": {"a": "wide"}}]}',
      { kind: 'bad-view', position: 1, field: 'widths' },
    ],
    [
      'a view without its table',
      '{"format": "workspace-browser.views", "version": 1, "views": [{"name": "x"}]}',
      { kind: 'bad-view', position: 1, field: 'table' },
    ],
  ])('refuses %s, whole, saying why', (_, text, problem) => {
    expect(parseViewsFile(text)).toEqual({ ok: false, problem });
  });

  it('importing the same file twice replaces views of the same name and table', () => {
    const once = mergeImported([], [{ ...paid }], 100);
    const twice = mergeImported(once, [{ ...paid, filters: {} }], 200);
    expect(twice).toHaveLength(1);
    expect(twice[0]?.id).toBe(once[0]?.id);
    expect(twice[0]?.filters).toEqual({});
  });
});

describe('kept views', () => {
  it('skips anything unreadable in storage', () => {
    const memory = {
      readKept: () => [paid, { ...paid, id: 7 }, { nonsense: true }, null],
    };
    expect(readYourViews(memory)).toEqual([paid]);
  });

  it('keeps the newest within the per-table bound', () => {
    const many = Array.from({ length: MAX_VIEWS_PER_TABLE + 5 }, (_, index) => ({
      ...paid,
      id: `v${index}`,
      name: `v${index}`,
      savedAt: index,
    }));
    const kept = boundedViews(many);
    expect(kept).toHaveLength(MAX_VIEWS_PER_TABLE);
    expect(kept[0]?.id).toBe(`v${MAX_VIEWS_PER_TABLE + 4}`);
  });

  it('names must be given, short enough and new for the table', () => {
    expect(nameProblemOf('  ', [paid], 't-orders')).toBe('empty');
    expect(nameProblemOf('x'.repeat(81), [paid], 't-orders')).toBe('too-long');
    expect(nameProblemOf(' Paid, biggest first ', [paid], 't-orders')).toBe('taken');
    expect(nameProblemOf('Paid, biggest first', [paid], 't-orders', 'a1')).toBeNull();
    expect(nameProblemOf('Paid, biggest first', [paid], 't-other')).toBeNull();
  });
});

describe('links', () => {
  it('a shared link carries the sort, filters, columns, widths and name, and is read back', () => {
    const search = sharedSearchOf({
      name: 'Q&A = ok?',
      query: { sort: paid.sort, filters: { 'a[b]': 'x&y' } },
      columns: ['amount', 'a[b]'],
      widths: { amount: 140.4 },
    });
    const params = new URLSearchParams(search);
    expect(params.get('sort')).toBe('amount:desc');
    expect(params.get('filter[a[b]]')).toBe('x&y');
    expect(sharedLayoutOf(params)).toEqual({
      name: 'Q&A = ok?',
      columns: ['amount', 'a[b]'],
      widths: { amount: 140 },
    });
    expect(namesAView(params)).toBe(true);
  });

  it('a table address without view parameters names no view', () => {
    expect(namesAView(new URLSearchParams(''))).toBe(false);
    expect(namesAView(new URLSearchParams('sort='))).toBe(true);
    expect(namesAView(new URLSearchParams('view=v1'))).toBe(true);
    expect(sharedLayoutOf(new URLSearchParams('sort=a'))).toBeNull();
  });
});

describe('a view drawn as a board or on a calendar', () => {
  const board: YourView = {
    ...paid,
    id: 'b1',
    name: 'By status',
    display: { kind: 'board', group: 'status' },
  };

  it('keeps its display in the file, and refuses one it cannot read', () => {
    const parsed = parseViewsFile(viewsFileOf([board]));
    expect(parsed.ok && parsed.views[0]?.display).toEqual({ kind: 'board', group: 'status' });
    const broken = viewsFileOf([board]).replace('"board"', '"gantt"');
    expect(parseViewsFile(broken)).toEqual({
      ok: false,
      problem: { kind: 'bad-view', position: 1, field: 'display' },
    });
  });

  it('carries it in a shared link, which names a view', () => {
    const search = sharedSearchOf({
      name: 'Due',
      query: { sort: null, filters: {} },
      columns: [],
      widths: {},
      display: { kind: 'calendar', date: 'ordered_at' },
    });
    const params = new URLSearchParams(search);
    expect(params.get('layout')).toBe('calendar');
    expect(params.get('date')).toBe('ordered_at');
    expect(namesAView(new URLSearchParams('layout=board'))).toBe(true);
  });
});
