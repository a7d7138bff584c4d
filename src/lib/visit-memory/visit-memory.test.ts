import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../testing/memory-storage';
import {
  createVisitMemory,
  MAX_STATUS_SNAPSHOT,
  MAX_VISITS,
  VISITS_STORAGE_KEY,
} from './visit-memory';

function setUp(quota?: number) {
  const session = createMemoryStorage(quota);
  const local = createMemoryStorage(quota);
  const memory = createVisitMemory({ session: () => session, local: () => local });
  return { memory, session, local };
}

describe('visit memory', () => {
  it('keeps a remembered workspace’s visits on the device, a tab’s in the tab only', () => {
    const { memory, session, local } = setUp();
    memory.write('kept', 'table:orders', { seenAt: 1 }, true);
    memory.write('tab', 'table:orders', { seenAt: 2 }, false);
    expect(local.getItem(VISITS_STORAGE_KEY)).toContain('kept');
    expect(local.getItem(VISITS_STORAGE_KEY)).not.toContain('"w":"tab"');
    expect(session.getItem(VISITS_STORAGE_KEY)).not.toContain('kept');
    expect(memory.read('kept', 'table:orders', true)).toEqual({ seenAt: 1 });
    expect(memory.read('tab', 'table:orders', false)).toEqual({ seenAt: 2 });
    // Two workspaces never see each other's.
    expect(memory.read('kept', 'table:orders', false)).toBeNull();
    expect(memory.read('other', 'table:orders', true)).toBeNull();
  });

  it('keeps at most MAX_VISITS visits, the least recently written going first, and a bounded status snapshot', () => {
    const { memory } = setUp();
    for (let k = 0; k <= MAX_VISITS; k += 1) memory.write('ws', `table:${k}`, { seenAt: k }, true);
    expect(memory.read('ws', 'table:0', true)).toBeNull();
    expect(memory.read('ws', 'table:1', true)).toEqual({ seenAt: 1 });
    const statuses = Object.fromEntries(
      Array.from({ length: MAX_STATUS_SNAPSHOT + 10 }, (_, k) => [`task-${k}`, 'todo']),
    );
    memory.write('ws', 'tasks', { seenAt: 5, statuses }, true);
    const kept = memory.read('ws', 'tasks', true)?.statuses ?? {};
    expect(Object.keys(kept)).toHaveLength(MAX_STATUS_SNAPSHOT);
    // The last ones written are kept.
    expect(kept[`task-${MAX_STATUS_SNAPSHOT + 9}`]).toBe('todo');
    expect(kept['task-0']).toBeUndefined();
  });

  it('drops the oldest visits when the storage is full, and reads malformed storage as nothing', () => {
    const { memory, local } = setUp(120);
    memory.write('ws', 'table:a', { seenAt: 1 }, true);
    memory.write('ws', 'table:b', { seenAt: 2 }, true);
    memory.write('ws', 'table:c', { seenAt: 3 }, true);
    expect(memory.read('ws', 'table:c', true)).toEqual({ seenAt: 3 });
    expect(memory.read('ws', 'table:a', true)).toBeNull();
    local.setItem(VISITS_STORAGE_KEY, '{not json');
    expect(memory.read('ws', 'table:c', true)).toBeNull();
    local.setItem(
      VISITS_STORAGE_KEY,
      JSON.stringify([{ w: 'ws', k: 'tasks', d: { seenAt: 'x' } }]),
    );
    expect(memory.read('ws', 'tasks', true)).toBeNull();
  });

  it('retainOnly forgets unknown workspaces, and the device’s copy of one no longer remembered; clear forgets all', () => {
    const { memory, session, local } = setUp();
    memory.write('kept', 'tasks', { seenAt: 1 }, true);
    memory.write('forgotten', 'tasks', { seenAt: 2 }, false);
    memory.write('unremembered', 'tasks', { seenAt: 3 }, true);
    let changes = 0;
    memory.subscribe(() => {
      changes += 1;
    });
    memory.retainOnly(new Set(['kept', 'unremembered']), new Set(['kept']));
    expect(changes).toBe(1);
    expect(memory.read('kept', 'tasks', true)).toEqual({ seenAt: 1 });
    expect(memory.read('forgotten', 'tasks', false)).toBeNull();
    expect(memory.read('unremembered', 'tasks', true)).toBeNull();
    memory.clear();
    expect(session.length + local.length).toBe(0);
  });

  it('works without storage', () => {
    const memory = createVisitMemory({ session: () => null, local: () => null });
    memory.write('ws', 'tasks', { seenAt: 1 }, true);
    expect(memory.read('ws', 'tasks', true)).toBeNull();
    expect(() => memory.clear()).not.toThrow();
  });
});
