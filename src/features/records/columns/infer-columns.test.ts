import { describe, expect, it } from 'vitest';
import { inferColumns } from './infer-columns';

function row(fields: Record<string, unknown>) {
  return { id: 'r', fields, createdAt: null, updatedAt: null };
}

describe('inferColumns', () => {
  it('guesses types from values, in first-seen order', () => {
    const columns = inferColumns([
      row({
        name: 'a',
        amount: 1,
        paid: true,
        at: '2026-03-01T10:00:00.000Z',
        tags: ['x'],
        files: [{ name: 'f', url: 'u' }],
        meta: { k: 1 },
        nothing: null,
      }),
      row({ name: 'b', amount: 2.5, day: '2026-03-01' }),
    ]);
    expect(columns.map((c) => [c.name, c.type])).toEqual([
      ['name', 'TEXT'],
      ['amount', 'NUMBER'],
      ['paid', 'BOOLEAN'],
      ['at', 'DATETIME'],
      ['tags', 'MULTISELECT'],
      ['files', 'FILE'],
      ['meta', 'FORMULA'],
      ['nothing', 'UNKNOWN'],
      ['day', 'DATETIME'],
    ]);
    expect(columns.every((c) => c.inferred)).toBe(true);
  });

  it('falls back to text for mixed scalars and JSON for mixed shapes', () => {
    const columns = inferColumns([row({ a: 1, b: 'x' }), row({ a: 'one', b: ['y'] })]);
    expect(columns.map((c) => c.type)).toEqual(['TEXT', 'FORMULA']);
  });
});
