import { describe, expect, it } from 'vitest';
import { MAX_TRAIL_PAGES, readSavedRows, readViewPlace } from './view-place';

const trail = { cursors: [null, 'c1', 'c2'], counts: [100, 500], reachedEnd: false };
const top = { recordId: 'r-700', row: 700, page: 1 };
const record = (id: string) => ({ id, fields: { name: id }, createdAt: null, updatedAt: null });

describe('reading a kept place', () => {
  it('reads a well-formed place', () => {
    expect(readViewPlace({ trail, top })).toEqual({ trail, top });
  });

  it('reads anything malformed as nothing', () => {
    for (const value of [
      null,
      'text',
      { trail },
      { trail, top: { ...top, recordId: '' } },
      { trail, top: { ...top, page: 2 } },
      { trail, top: { ...top, row: -1 } },
      { trail: { ...trail, counts: [100, 'x'] }, top },
      { trail: { ...trail, counts: Array(MAX_TRAIL_PAGES + 1).fill(500) }, top },
    ]) {
      expect(readViewPlace(value)).toBeNull();
    }
  });

  it('reads saved rows of the place’s page; a page of another index, a malformed row or a record twice is nothing', () => {
    const page = { index: 1, items: [record('r-600'), record('r-700')], nextCursor: 'c2' };
    expect(readSavedRows({ trail, top, page })?.page.items.map((row) => row.id)).toEqual([
      'r-600',
      'r-700',
    ]);
    expect(readSavedRows({ trail, top, page: { ...page, index: 0 } })).toBeNull();
    expect(readSavedRows({ trail, top, page: { ...page, items: [{ id: 1 }] } })).toBeNull();
    expect(
      readSavedRows({ trail, top, page: { ...page, items: [record('r-1'), record('r-1')] } }),
    ).toBeNull();
  });
});
