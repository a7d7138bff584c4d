import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('forgets the least recently used entry beyond maxEntries; a read counts as a use', () => {
    const map = new LruMap<string, number>({ maxEntries: 3, maxBytes: 1_000_000 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    expect(map.get('b')).toBeUndefined();
  });

  it('keeps recency when the same entry is read again and again, and after the newest is deleted', () => {
    const map = new LruMap<string, number>({ maxEntries: 3, maxBytes: 1_000_000 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('c')).toBe(3);
    expect(map.get('c')).toBe(3);
    expect(map.get('a')).toBe(1);
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    map.delete('d');
    expect(map.get('c')).toBe(3);
    map.set('e', 5).set('f', 6);
    expect([...map.keys()]).toEqual(['c', 'e', 'f']);
    expect(map.get('x')).toBeUndefined();
  });

  it('keeps its estimated bytes under maxBytes, replacing an entry counts once, too-big entries are not kept', () => {
    const map = new LruMap<string, string>({
      maxEntries: 1000,
      maxBytes: 100,
      sizeOf: (_, value) => value.length,
    });
    for (let i = 0; i < 50; i++) map.set(`k${i}`, 'x'.repeat(30));
    expect(map.size).toBe(3);
    expect(map.bytes).toBe(90);
    map.set('k49', 'y'.repeat(10));
    expect(map.bytes).toBe(70);
    map.set('huge', 'z'.repeat(101));
    expect(map.has('huge')).toBe(false);
    map.clear();
    expect(map.bytes).toBe(0);
  });
});
