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

  it('keeps a snapshot of its pages, and a new trail takes it up to resume at the user’s page', () => {
    const trail = new PageTrail();
    trail.record(0, 100, 'c1');
    trail.record(1, 500, 'c2');
    trail.record(2, 500, 'c3');
    const snapshot = trail.snapshot();
    expect(snapshot).toEqual({
      cursors: [null, 'c1', 'c2', 'c3'],
      counts: [100, 500, 500],
      reachedEnd: false,
    });
    expect(trail.snapshot(2)).toBeNull();

    const restored = new PageTrail();
    expect(restored.restore(snapshot as NonNullable<typeof snapshot>, 2)).toBe(true);
    expect(restored.resumePoint).toEqual({ index: 2, cursor: 'c2' });
    expect(restored.rowsBefore(2)).toBe(600);
    expect(restored.pageOfRow(700)).toBe(2);
    expect(restored.nextPage()).toEqual({ index: 3, cursor: 'c3' });
    // Only an empty trail takes one.
    expect(restored.restore(snapshot as NonNullable<typeof snapshot>, 0)).toBe(false);
  });

  it('ignores a malformed snapshot', () => {
    const bad = [
      { cursors: ['c0', 'c1'], counts: [100, 500], reachedEnd: false },
      { cursors: [null, ''], counts: [100, 500], reachedEnd: false },
      { cursors: [null], counts: [100, 500], reachedEnd: false },
      { cursors: [null, 'c1'], counts: [100, -1], reachedEnd: false },
    ];
    for (const snapshot of bad) expect(new PageTrail().restore(snapshot, 0)).toBe(false);
    const trail = new PageTrail();
    expect(trail.restore({ cursors: [null, 'c1'], counts: [100, 500], reachedEnd: false }, 5)).toBe(
      false,
    );
    expect(trail.resumePoint).toBeNull();
    expect(trail.frontier).toBe(0);
  });

  it('restart gives up a restored trail: the view starts again at its top', () => {
    const trail = new PageTrail();
    trail.restore({ cursors: [null, 'c1', 'c2'], counts: [100, 500], reachedEnd: false }, 1);
    trail.restart();
    expect(trail.restarted).toBe(true);
    expect(trail.resumePoint).toBeNull();
    expect(trail.frontier).toBe(0);
    expect(trail.cursorOf(1)).toBeUndefined();
    expect(trail.guard.admit(0, null, ['a'], 'c1')).toBeNull();
  });
});
