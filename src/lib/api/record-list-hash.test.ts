import { hashKey } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { recordListHash } from './record-list-hash';
import type { RecordQuery } from './types';

const recordQuery: fc.Arbitrary<RecordQuery> = fc.record(
  {
    view: fc.option(fc.string(), { nil: undefined }),
    sort: fc.option(
      fc.record({
        column: fc.string(),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      { nil: null },
    ),
    filters: fc.dictionary(fc.string(), fc.string()),
  },
  { requiredKeys: ['sort', 'filters'] },
);

describe('the key a records view’s place is kept under, at start-up', () => {
  it('is the grid’s: TanStack Query’s hash of the view’s query key, for any view', () => {
    fc.assert(
      fc.property(fc.string(), recordQuery, (tableId, query) => {
        expect(recordListHash(tableId, query)).toBe(hashKey(queryKeys.recordList(tableId, query)));
      }),
    );
  });
});
