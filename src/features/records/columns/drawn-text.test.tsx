import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColumnType } from '../../../lib/api/types';
import { activeLocale } from '../../../lib/i18n/i18n';
import { drawnTextOf } from './drawn-text';
import { RecordCell } from './record-cell';

const noLabel = () => '';

/** What the DOM cell shows a sighted person (its aria-hidden glyphs, not its sr-only words). */
function shownText(value: unknown, type: ColumnType, currency: string | null = null) {
  const { container } = render(
    <RecordCell value={value} type={type} currency={currency} locale={activeLocale()} />,
  );
  const shown = container.cloneNode(true) as HTMLElement;
  for (const hidden of shown.querySelectorAll('.sr-only')) hidden.remove();
  return shown.textContent ?? '';
}

function drawnText(value: unknown, type: ColumnType, currency: string | null = null) {
  const drawn = drawnTextOf(value, type, currency, null, noLabel);
  if (typeof drawn === 'string') return drawn;
  return 'text' in drawn ? drawn.text : [...drawn.chips, drawn.more ?? ''].join('');
}

describe('drawnTextOf: the canvas draws what the cell shows', () => {
  it.each<[unknown, ColumnType, string | null]>([
    [1234.5, 'NUMBER', 'EUR'],
    [42, 'SERIAL', null],
    ['2025-08-12T18:03:00Z', 'DATETIME', null],
    ['2025-08-12', 'DATETIME', null],
    ['shipped', 'SELECT', null],
    [['gift', 'fragile', 'a', 'b', 'c', 'd'], 'MULTISELECT', null],
    ['https://example.com/a', 'URL', null],
    ['ada@example.com', 'EMAIL', null],
    [`long ${'x'.repeat(500)}`, 'LONGTEXT', null],
    [{ amount: 3, currency: 'BRL' }, 'FORMULA', null],
    [{ a: 1 }, 'AI', null],
    [[{ name: 'a.pdf' }, { name: 'b.png' }], 'FILE', null],
    [true, 'BOOLEAN', null],
    [false, 'BOOLEAN', null],
    [null, 'TEXT', null],
  ])('%j as %s', (value, type, currency) => {
    expect(drawnText(value, type, currency)).toBe(shownText(value, type, currency));
  });

  it('draws links, empties and booleans in their tones, chips as chips', () => {
    expect(drawnTextOf('https://example.com', 'URL', null, null, noLabel)).toEqual({
      text: 'https://example.com',
      tone: 'link',
    });
    expect(drawnTextOf('', 'TEXT', null, null, noLabel)).toEqual({ text: '—', tone: 'muted' });
    expect(drawnTextOf(true, 'BOOLEAN', null, null, noLabel)).toEqual({ text: '✓', tone: 'good' });
    expect(drawnTextOf(['a', 'b'], 'MULTISELECT', null, null, noLabel)).toEqual({
      chips: ['a', 'b'],
    });
  });

  it('draws a linked record by the label known now, one per reference', () => {
    const labels: Record<string, string> = { r1: 'Ada', r2: 'r2000…' };
    const label = (tableId: string | null, value: unknown) =>
      tableId === 'customers' ? (labels[String(value)] ?? '') : '';
    expect(drawnTextOf('r1', 'REFERENCE', null, 'customers', label)).toEqual({
      text: 'Ada',
      tone: 'link',
    });
    expect(drawnTextOf(['r1', 'r2', 'r1', 'r2'], 'REFERENCE', null, 'customers', label)).toEqual({
      text: 'Ada, r2000…, Ada +1',
      tone: 'link',
    });
  });
});
