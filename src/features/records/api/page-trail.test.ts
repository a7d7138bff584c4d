import { describe, expect, it } from 'vitest';
import { PageTrail } from './page-trail';

describe('PageTrail', () => {
  it('remembers cursors and row counts of pages that left memory', () => {
    const trail = new PageTrail();
    trail.record(0, 100, 'c1');
    trail.record(1, 500, 'c2');
    trail.record(2, 500, 'c3');
    expect(trail.cursorOf(0)).toBeNull();
    expect(trail.cursorOf(2)).toBe('c2');
    expect(trail.cursorOf(9)).toBeUndefined();
    expect(trail.rowsBefore(2)).toBe(600);
    expect(trail.knownRowCount()).toBe(1100);
    expect(trail.pageOfRow(99)).toBe(0);
    expect(trail.pageOfRow(100)).toBe(1);
    expect(trail.pageOfRow(1100)).toBeNull();
    expect(trail.reachedEnd).toBe(false);
  });

  it('knows the length once the last page is seen, and forgets pages past a shorter end', () => {
    const trail = new PageTrail();
    trail.record(0, 100, 'c1');
    trail.record(1, 500, 'c2');
    trail.record(2, 500, null);
    expect(trail.reachedEnd).toBe(true);
    expect(trail.knownRowCount()).toBe(1100);
    trail.record(1, 20, null);
    expect(trail.knownRowCount()).toBe(120);
  });
});
