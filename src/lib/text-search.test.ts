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

  it('agrees with the rule written as regular expressions, on random text and on a long text', () => {
    // The rule: marks dropped, lowercase, a run of separators one space unless it is one
    // kept separator alone, no space at either end.
    const byRegExp = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]{2,}|[^\p{L}\p{N}.,/:'’-]/gu, ' ')
        .trim();
    const pieces = [
      'a',
      'Z',
      'é',
      'e\u0301',
      '1',
      '٣',
      '𝐀',
      '😀',
      ' ',
      '.',
      ',',
      '/',
      ':',
      "'",
      '’',
      '-',
      '—',
      '€',
      '\u202f',
      '\n',
      'İ',
      'ΟΔΟΣ',
      'ß',
      'ﬁ',
      '½',
      '_',
      'R$',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 20_000; n += 1) {
      let text = '';
      for (let i = Math.floor(next() * 12); i > 0; i -= 1) {
        text += pieces[Math.floor(next() * pieces.length)];
      }
      expect(normalizeKeepingNumbers(text), JSON.stringify(text)).toBe(byRegExp(text));
    }
    const long = `${'Größe, 1.234,50 € — '.repeat(5_000)}fin.`;
    expect(normalizeKeepingNumbers(long)).toBe(byRegExp(long));
  });
});
