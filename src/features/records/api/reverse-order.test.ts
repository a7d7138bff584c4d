import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../../lib/api/types';
import {
  isReversalRefused,
  planReversal,
  type ReversedSegment,
  reversedTieOrder,
  takeReversedPage,
  tieOrderOf,
} from './reverse-order';

function row(id: string, fields: Record<string, unknown>, createdAt = '2026-01-01T00:00:00.000Z') {
  return { id, fields, createdAt, updatedAt: createdAt } satisfies RecordRow;
}

describe('planReversal', () => {
  it('reads the default order (created_at ascending) backwards with one descending run', () => {
    expect(planReversal({ sort: null, filters: { status: 'paid' } }, null, null)).toEqual({
      kind: 'reverse',
      column: 'created_at',
      direction: 'asc',
      segments: [
        {
          query: { sort: { column: 'created_at', direction: 'desc' }, filters: { status: 'paid' } },
          takes: 'valued',
        },
      ],
    });
  });

  it('flips a descending timestamp sort to ascending', () => {
    const plan = planReversal(
      { sort: { column: 'updated_at', direction: 'desc' }, filters: {} },
      null,
      null,
    );
    expect(plan.kind === 'reverse' && plan.segments).toEqual([
      { query: { sort: { column: 'updated_at', direction: 'asc' }, filters: {} }, takes: 'valued' },
    ]);
  });

  it.each([
    ['asc', 'desc'],
    ['desc', 'asc'],
  ] as const)(
    'a nullable column sorted %s: the empty block backwards first, then the values backwards',
    (direction, reversed) => {
      const plan = planReversal(
        { sort: { column: 'amount', direction }, filters: { status: 'paid' } },
        null,
        'NUMBER',
      );
      expect(plan).toEqual({
        kind: 'reverse',
        column: 'amount',
        direction,
        segments: [
          {
            query: {
              sort: { column: 'amount', direction: reversed },
              filters: { status: 'paid', amount: '' },
            },
            takes: 'empty',
          },
          {
            query: { sort: { column: 'amount', direction: reversed }, filters: { status: 'paid' } },
            takes: 'valued',
          },
        ],
      });
    },
  );

  it('does not add a second filter on a column the user filters to a value: no empty cells match', () => {
    const plan = planReversal(
      { sort: { column: 'amount', direction: 'asc' }, filters: { amount: '12' } },
      null,
      'NUMBER',
    );
    expect(plan.kind === 'reverse' && plan.segments).toEqual([
      {
        query: { sort: { column: 'amount', direction: 'desc' }, filters: { amount: '12' } },
        takes: 'valued',
      },
    ]);
  });

  it('reads a view filtered to empty cells as one empty block', () => {
    const plan = planReversal(
      { sort: { column: 'amount', direction: 'desc' }, filters: { amount: '' } },
      null,
      'NUMBER',
    );
    expect(plan.kind === 'reverse' && plan.segments).toEqual([
      {
        query: { sort: { column: 'amount', direction: 'asc' }, filters: { amount: '' } },
        takes: 'empty',
      },
    ]);
  });

  it('takes a saved view’s sort and filters, keeping the view in every request', () => {
    const savedView = {
      sort: { column: 'amount', direction: 'desc' as const },
      filters: { amount: '5' },
    };
    const plan = planReversal({ view: 'v1', sort: null, filters: {} }, savedView, 'NUMBER');
    // The view's own filter on the column: no empty block, and no second filter on it.
    expect(plan).toEqual({
      kind: 'reverse',
      column: 'amount',
      direction: 'desc',
      segments: [
        {
          query: { view: 'v1', sort: { column: 'amount', direction: 'asc' }, filters: {} },
          takes: 'valued',
        },
      ],
    });
    const ownSort = planReversal(
      { view: 'v1', sort: { column: 'created_at', direction: 'asc' }, filters: {} },
      savedView,
      null,
    );
    expect(ownSort.kind === 'reverse' && ownSort.segments[0]?.query.sort).toEqual({
      column: 'created_at',
      direction: 'desc',
    });
  });

  it('walks a saved view it does not know, and a column that can’t be filtered to its empty cells', () => {
    expect(planReversal({ view: 'v9', sort: null, filters: {} }, null, null).kind).toBe('walk');
    expect(
      planReversal({ sort: { column: 'score', direction: 'asc' }, filters: {} }, null, 'FORMULA')
        .kind,
    ).toBe('walk');
  });
});

describe('tie order', () => {
  const tied = [
    row('b', { amount: 1 }),
    row('a', { amount: 2 }),
    row('c', { amount: 2 }),
    row('d', { amount: null }),
    row('e', {}),
  ];

  it('reads the id order among neighbours with equal values, empty and absent cells alike', () => {
    expect(tieOrderOf(tied, 'amount')).toBe('asc');
    expect(tieOrderOf([...tied].reverse(), 'amount')).toBe('desc');
    expect(tieOrderOf([row('a', { amount: 1 }), row('b', { amount: 2 })], 'amount')).toBeNull();
    expect(tieOrderOf([...tied, row('c', {})], 'amount')).toBe('mixed');
  });

  it('expects the reversed pages to mirror the ties on screen, else the sort’s own direction', () => {
    expect(reversedTieOrder(tied, 'amount', 'desc')).toBe('desc');
    expect(reversedTieOrder([row('a', { amount: 1 })], 'amount', 'asc')).toBe('desc');
    expect(reversedTieOrder([row('a', { amount: 1 })], 'amount', 'desc')).toBe('asc');
    expect(reversedTieOrder([...tied, row('c', {})], 'amount', 'asc')).toBeNull();
  });
});

describe('takeReversedPage', () => {
  const empty: ReversedSegment = { query: { sort: null, filters: {} }, takes: 'empty' };
  const valued: ReversedSegment = { query: { sort: null, filters: {} }, takes: 'valued' };

  it('takes a whole empty block, and refuses one holding a value (a text column’s "")', () => {
    const block = [row('c', { notes: null }), row('b', {}), row('a', { notes: null })];
    expect(takeReversedPage(block, empty, 'notes', 'desc', null, false)).toEqual({
      taken: block,
      ended: false,
    });
    expect(() =>
      takeReversedPage([row('c', { notes: '' }), ...block], empty, 'notes', 'desc', null, false),
    ).toThrow(/matched records with a value/);
  });

  it('ends the values at the first empty cell after an empty block, and refuses one without', () => {
    const page = [row('z', { amount: 9 }), row('y', { amount: 3 }), row('x', { amount: null })];
    expect(takeReversedPage(page, valued, 'amount', 'desc', null, true)).toEqual({
      taken: page.slice(0, 2),
      ended: true,
    });
    expect(() => takeReversedPage(page, valued, 'amount', 'desc', null, false)).toThrow(
      /none were expected/,
    );
  });

  it('refuses ties that do not mirror the view, across the page boundary too', () => {
    const flipped = [row('b', { amount: 2 }), row('a', { amount: 2 })];
    expect(takeReversedPage(flipped, valued, 'amount', 'desc', null, true).taken).toEqual(flipped);
    let refusal: unknown = null;
    try {
      takeReversedPage(flipped, valued, 'amount', 'asc', null, true);
    } catch (error) {
      refusal = error;
    }
    expect(isReversalRefused(refusal)).toBe(true);
    expect(() =>
      takeReversedPage(
        [row('c', { amount: 2 })],
        valued,
        'amount',
        'desc',
        row('a', { amount: 2 }),
        true,
      ),
    ).toThrow(/by id asc/);
  });
});
