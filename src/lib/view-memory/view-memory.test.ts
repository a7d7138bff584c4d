import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../testing/memory-storage';
import {
  createViewMemory,
  MAX_ENTRY_CHARS,
  MAX_PLACES,
  MAX_SAVED_VIEWS,
  SAVED_VIEWS_STORAGE_KEY,
  VIEW_PLACES_STORAGE_KEY,
} from './view-memory';

function setUp(options: { quota?: number } = {}) {
  const session = createMemoryStorage(options.quota);
  const local = createMemoryStorage(options.quota);
  let time = 1_000;
  const memory = createViewMemory({
    session: () => session,
    local: () => local,
    now: () => (time += 1),
  });
  return { memory, session, local };
}

describe('view memory', () => {
  it('keys places by workspace and view: two workspaces never see each other’s', () => {
    const { memory } = setUp();
    memory.writePlace('ws-a', 'orders', { row: 1 });
    memory.writePlace('ws-b', 'orders', { row: 2 });
    expect(memory.readPlace('ws-a', 'orders')).toEqual({ row: 1 });
    expect(memory.readPlace('ws-b', 'orders')).toEqual({ row: 2 });
    expect(memory.readPlace('ws-a', 'customers')).toBeNull();
  });

  it('keeps places in sessionStorage and saved rows in localStorage only', () => {
    const { memory, session, local } = setUp();
    memory.writePlace('ws-a', 'orders', { row: 1 });
    memory.writeSaved('ws-a', 'orders', { rows: [] });
    expect(session.getItem(VIEW_PLACES_STORAGE_KEY)).toContain('orders');
    expect(session.getItem(SAVED_VIEWS_STORAGE_KEY)).toBeNull();
    expect(local.getItem(SAVED_VIEWS_STORAGE_KEY)).toContain('orders');
    expect(local.getItem(VIEW_PLACES_STORAGE_KEY)).toBeNull();
    expect(memory.readSaved('ws-a', 'orders')).toEqual({
      savedAt: expect.any(Number),
      data: { rows: [] },
    });
  });

  it('keeps at most MAX_PLACES places and MAX_SAVED_VIEWS saved views, the least recently written going first', () => {
    const { memory } = setUp();
    for (let k = 0; k <= MAX_PLACES; k += 1) memory.writePlace('ws', `view-${k}`, k);
    expect(memory.readPlace('ws', 'view-0')).toBeNull();
    expect(memory.readPlace('ws', 'view-1')).toBe(1);
    expect(memory.readPlace('ws', `view-${MAX_PLACES}`)).toBe(MAX_PLACES);

    for (let k = 0; k <= MAX_SAVED_VIEWS; k += 1) memory.writeSaved('ws', `view-${k}`, k);
    expect(memory.readSaved('ws', 'view-0')).toBeNull();
    expect(memory.readSaved('ws', `view-${MAX_SAVED_VIEWS}`)?.data).toBe(MAX_SAVED_VIEWS);
  });

  it('does not keep an oversized entry, and drops the older version of it', () => {
    const { memory } = setUp();
    memory.writeSaved('ws', 'orders', 'small');
    memory.writeSaved('ws', 'orders', 'x'.repeat(MAX_ENTRY_CHARS + 1));
    expect(memory.readSaved('ws', 'orders')).toBeNull();
  });

  it('drops the least recently used entries when the storage is full, and stores nothing when even one does not fit', () => {
    const { memory } = setUp({ quota: 200 });
    memory.writePlace('ws', 'a', 'x'.repeat(60));
    memory.writePlace('ws', 'b', 'y'.repeat(60));
    memory.writePlace('ws', 'c', 'z'.repeat(60));
    expect(memory.readPlace('ws', 'c')).toBe('z'.repeat(60));
    expect(memory.readPlace('ws', 'a')).toBeNull();
    memory.writePlace('ws', 'd', 'w'.repeat(500));
    expect(memory.readPlace('ws', 'd')).toBeNull();
  });

  it('works without storage: writes do nothing, reads find nothing', () => {
    const broken = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const memory = createViewMemory({ session: () => null, local: () => null });
    memory.writePlace('ws', 'orders', 1);
    memory.writeSaved('ws', 'orders', 1);
    expect(memory.readPlace('ws', 'orders')).toBeNull();
    expect(memory.readSaved('ws', 'orders')).toBeNull();
    // A storage whose every call throws (privacy modes).
    const throwing = {
      getItem: broken,
      setItem: broken,
      removeItem: broken,
    } as unknown as Storage;
    const strict = createViewMemory({ session: () => throwing, local: () => throwing });
    expect(() => {
      strict.writePlace('ws', 'orders', 1);
      strict.retainOnly(new Set(), new Set());
      strict.clear();
    }).not.toThrow();
    expect(strict.readPlace('ws', 'orders')).toBeNull();
  });

  it('reads malformed storage as nothing', () => {
    const { memory, session } = setUp();
    session.setItem(VIEW_PLACES_STORAGE_KEY, '{not json');
    expect(memory.readPlace('ws', 'orders')).toBeNull();
    session.setItem(VIEW_PLACES_STORAGE_KEY, JSON.stringify([{ w: 1, k: 'orders', t: 1, d: 2 }]));
    expect(memory.readPlace('ws', 'orders')).toBeNull();
  });

  it('retainOnly drops places of unknown workspaces and saved rows of ones not remembered', () => {
    const { memory } = setUp();
    memory.writePlace('kept', 'orders', 1);
    memory.writePlace('gone', 'orders', 2);
    memory.writeSaved('kept', 'orders', 3);
    memory.writeSaved('tab-only', 'orders', 4);
    memory.retainOnly(new Set(['kept', 'tab-only']), new Set(['kept']));
    expect(memory.readPlace('kept', 'orders')).toBe(1);
    expect(memory.readPlace('gone', 'orders')).toBeNull();
    expect(memory.readSaved('kept', 'orders')?.data).toBe(3);
    expect(memory.readSaved('tab-only', 'orders')).toBeNull();
  });

  it('clear (Sign out) removes every entry from both storages', () => {
    const { memory, session, local } = setUp();
    memory.writePlace('ws', 'orders', 1);
    memory.writeSaved('ws', 'orders', 2);
    memory.clear();
    expect(session.length).toBe(0);
    expect(local.length).toBe(0);
  });
});

describe('kept views, last screens and layouts', () => {
  it('go to the device when remembered, to the tab otherwise', () => {
    const { memory, session, local } = setUp();
    memory.writeKept('yours', 'w1', 'views', ['in the tab'], false);
    expect(local.getItem('workspace-browser.your-views')).toBeNull();
    expect(memory.readKept('yours', 'w1', 'views', false)).toEqual(['in the tab']);
    // Remembered since: the tab's are still read until written to the device.
    expect(memory.readKept('yours', 'w1', 'views', true)).toEqual(['in the tab']);
    memory.writeKept('yours', 'w1', 'views', ['on the device'], true);
    expect(session.getItem('workspace-browser.your-views')).toBeNull();
    expect(memory.readKept('yours', 'w1', 'views', true)).toEqual(['on the device']);
  });

  it('a last screen is the tab’s own first, else the device’s', () => {
    const { memory } = setUp();
    memory.writeKept('where', 'w1', 'screen', '/tasks', true);
    expect(memory.readKept('where', 'w1', 'screen', true)).toBe('/tasks');
    memory.writeKept('where', 'w1', 'screen', '/pages', false);
    expect(memory.readKept('where', 'w1', 'screen', true)).toBe('/pages');
  });

  it('a workspace no longer remembered keeps its own for the tab; a forgotten one keeps nothing', () => {
    const { memory, session, local } = setUp();
    memory.writeKept('yours', 'w1', 'views', ['mine'], true);
    memory.writeKept('columns', 'w2', 't1', { sizing: {} }, true);
    memory.retainOnly(new Set(['w1']), new Set());
    expect(local.getItem('workspace-browser.your-views')).toBeNull();
    expect(memory.readKept('yours', 'w1', 'views', false)).toEqual(['mine']);
    expect(local.getItem('workspace-browser.column-layouts')).toBeNull();
    expect(session.getItem('workspace-browser.column-layouts')).toBeNull();
    memory.clear();
    expect(session.length + local.length).toBe(0);
  });
});
