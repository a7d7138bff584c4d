import { describe, expect, it } from 'vitest';
import { normalizeKeepingNumbers } from './text-search';

describe('normalizeKeepingNumbers', () => {
  it('keeps a number as it is written, and makes every other separator one space', () => {
    expect(normalizeKeepingNumbers('  Total: €1,234.50 — paid 12/03/2026, 10:30 ')).toBe(
      'total 1,234.50 paid 12/03/2026 10:30',
    );
    expect(normalizeKeepingNumbers('R$ 1.234,50')).toBe('r 1.234,50');
    expect(normalizeKeepingNumbers('1\u202f234,50\u00a0€')).toBe('1 234,50');
    expect(normalizeKeepingNumbers('order-no 45751; l’été')).toBe('order-no 45751 l’ete');
  });

  it('drops accents wherever they are, and a run of separators stays one space', () => {
    expect(normalizeKeepingNumbers('Léa MÜLLER-São Paulo')).toBe('lea muller-sao paulo');
    expect(normalizeKeepingNumbers('a-\u0301b a\u0301--b \u0301x')).toBe('a-b a b x');
  });

  it('reads letters and digits past ASCII and outside the first plane as letters and digits', () => {
    expect(normalizeKeepingNumbers('𝐀𝐁 ٣٤ नमस्ते 😀 ok')).toBe('ab ٣٤ नमसत ok');
    expect(normalizeKeepingNumbers('ΟΔΟΣ.')).toBe('οδος.');
  });
});
