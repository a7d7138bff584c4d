import { describe, expect, it } from 'vitest';
import { MAX_PER_GROUP, type PaletteGroup, searchPalette } from './palette-search';

const group = (kind: 'task' | 'table', names: string[]): PaletteGroup => ({
  kind,
  label: kind === 'task' ? 'Tasks' : 'Tables',
  items: names.map((label, i) => ({ ref: { kind, id: `${kind}-${i}` }, label })),
  loading: false,
  unavailable: null,
});

describe('searchPalette', () => {
  it('finds by any part of the name, any case, names starting with it first', () => {
    const groups = [
      group('table', ['Orders', 'Customers']),
      group('task', ['Reorder stock', 'Order labels', 'Call Ada']),
    ];
    expect(searchPalette(groups, 'ORDER')).toEqual([
      { kind: 'table', label: 'Tables', items: [groups[0]?.items[0]] },
      { kind: 'task', label: 'Tasks', items: [groups[1]?.items[1], groups[1]?.items[0]] },
    ]);
    expect(searchPalette(groups, 'zzz')).toEqual([]);
  });

  it('caps each group, and lists the first items before anything is typed', () => {
    const many = group(
      'task',
      Array.from({ length: 20 }, (_, i) => `Task ${i}`),
    );
    expect(searchPalette([many], 'task')[0]?.items).toHaveLength(MAX_PER_GROUP);
    expect(searchPalette([many], '  ')[0]?.items.map((item) => item.label)).toEqual(
      many.items.slice(0, MAX_PER_GROUP).map((item) => item.label),
    );
  });

  it('finds an item past the first few hundred, by words in any order', () => {
    const tasks = group(
      'task',
      Array.from({ length: 201 }, (_, i) => `Triage inbox item ${i + 1}`),
    );
    const found = searchPalette([tasks], 'item 119 inbox')[0]?.items ?? [];
    expect(found.map((item) => item.label)).toEqual(['Triage inbox item 119']);
  });
});
