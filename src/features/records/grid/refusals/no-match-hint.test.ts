import { describe, expect, it } from 'vitest';
import type { Column, RecordRow } from '../../../../lib/api/types';
import { nearMissSuggestion } from './no-match-hint';

const column = (name: string, type: Column['type'], options?: string[]): Column => ({
  id: name,
  name,
  description: null,
  type,
  settings: options ? { options } : null,
  orderIndex: 0,
  required: false,
  isPrimary: false,
  inferred: false,
});

const row = (fields: Record<string, unknown>): RecordRow => ({
  id: JSON.stringify(fields),
  fields,
  createdAt: null,
  updatedAt: null,
});

describe('nearMissSuggestion', () => {
  const columns = [column('tags', 'MULTISELECT', ['gift', 'priority']), column('city', 'TEXT')];

  it('suggests an option of the filtered column', () => {
    expect(nearMissSuggestion({ sort: null, filters: { tags: 'Gift' } }, columns, [])).toEqual({
      column: 'tags',
      value: 'Gift',
      suggestion: 'gift',
    });
  });

  it('suggests a value seen in loaded rows of a free-text column', () => {
    const rows = [row({ city: 'Lisbon' }), row({ city: 'São Paulo' })];
    expect(
      nearMissSuggestion({ sort: null, filters: { city: 'sao paulo ' } }, columns, rows)
        ?.suggestion,
    ).toBe('São Paulo');
    expect(
      nearMissSuggestion({ sort: null, filters: { city: 'lisbon ' } }, columns, rows)?.suggestion,
    ).toBe('Lisbon');
  });

  it('suggests nothing when no value is close', () => {
    expect(nearMissSuggestion({ sort: null, filters: { tags: 'zzz' } }, columns, [])).toBeNull();
  });
});
