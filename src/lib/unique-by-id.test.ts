import { describe, expect, it } from 'vitest';
import { uniqueById } from './unique-by-id';

describe('uniqueById', () => {
  it('keeps the first of a repeated id across pages, in order', () => {
    const data = {
      pages: [
        { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
        { items: [{ id: 'b' }, { id: 'c' }, { id: 'a' }], nextCursor: null },
      ],
      pageParams: [null, 'c1'],
    };
    expect(uniqueById(data).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(uniqueById(undefined)).toEqual([]);
  });
});
