import { afterEach, describe, expect, it } from 'vitest';
import type { Column, RecordRow } from '../../../lib/api/types';
import { switchLocale } from '../../../lib/i18n/i18n';
import { fittedWidths } from './column-widths';
import { DATE_COLUMN_COARSE_WIDTH, defaultWidthOf } from './columns';
import { formatDateValue } from './record-cell';

function column(name: string, type: Column['type']): Column {
  return { id: name, name, description: null, type, settings: {} } as Column;
}

function row(fields: Record<string, unknown>, index: number): RecordRow {
  return { id: `r${index}`, fields } as RecordRow;
}

const kindWidth = (c: Column) => defaultWidthOf(c.type);

describe('fittedWidths', () => {
  afterEach(async () => {
    await switchLocale('en');
  });

  it('makes a timestamp column wide enough for its longest whole date and time, in Portuguese', async () => {
    await switchLocale('pt-BR');
    const columns = [column('placed', 'DATETIME'), column('note', 'TEXT')];
    const rows = ['2025-12-15T14:30:00Z', '2025-05-01T09:05:00Z', null].map((placed, index) =>
      row({ placed, note: 'x'.repeat(400) }, index),
    );
    const widths = fittedWidths(columns, rows, kindWidth);
    const longest = formatDateValue('2025-12-15T14:30:00Z') ?? '';
    // "15 de dez. de 2025, 14:30": 190 px, the old default, cut its time.
    expect(longest.length).toBeGreaterThan(22);
    expect(widths.placed).toBeGreaterThanOrEqual(longest.length * 7.5 + 16);
    expect(widths.placed).toBeGreaterThan(defaultWidthOf('DATETIME'));
    // Free text keeps its kind's width: a long note does not make a column a screen wide.
    expect(widths.note).toBeUndefined();
  });

  it('never narrows a date column below its kind’s width, and caps it', () => {
    const columns = [column('day', 'DATETIME')];
    expect(fittedWidths(columns, [row({ day: '2026-03-01' }, 0)], kindWidth).day).toBe(
      defaultWidthOf('DATETIME'),
    );
    expect(fittedWidths(columns, [row({ day: 'z'.repeat(300) }, 0)], kindWidth).day).toBe(360);
  });
});

describe('a date column under a finger', () => {
  it('is wide enough for its filter’s 44 px parts, calendar and clear buttons, before any value and after', () => {
    const placed = column('placed', 'DATETIME');
    expect(defaultWidthOf('DATETIME', true)).toBe(DATE_COLUMN_COARSE_WIDTH);
    // Three 44 px parts and two separators, two 44 px buttons, the field's and cell's padding.
    expect(DATE_COLUMN_COARSE_WIDTH).toBeGreaterThanOrEqual(3 * 44 + 2 * 6 + 2 * 44 + 12 + 19);
    const widths = fittedWidths([placed], [row({ placed: '2026-03-01' }, 1)], (c) =>
      defaultWidthOf(c.type, true),
    );
    expect(widths.placed).toBe(DATE_COLUMN_COARSE_WIDTH);
    // With a mouse, the kind's width as before.
    expect(defaultWidthOf('DATETIME')).toBe(190);
  });
});
