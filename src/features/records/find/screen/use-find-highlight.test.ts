import { describe, expect, it } from 'vitest';
import { wordRangesIn } from './use-find-highlight';

const marked = (text: string, words: string[]) =>
  wordRangesIn(text, words).map(([start, end]) => text.slice(start, end));

describe('wordRangesIn', () => {
  it('marks each word where it is, case and accents aside', () => {
    expect(marked('Léa HADDAD', ['lea', 'haddad'])).toEqual(['Léa', 'HADDAD']);
    expect(marked('Ærø Ñandú ñandú', ['nandu'])).toEqual(['Ñandú', 'ñandú']);
  });

  it('marks a number as it is written in the cell', () => {
    expect(marked('R$ 1.234,50', ['1.234,50'])).toEqual(['1.234,50']);
  });

  it('marks plain ASCII text as the rest, each occurrence', () => {
    expect(marked('Order 7 HADDAD, haddad & Haddadi', ['haddad'])).toEqual([
      'HADDAD',
      'haddad',
      'Haddad',
    ]);
    expect(marked('Total: $1,234.50 (paid)', ['$1,234.50', 'paid'])).toEqual(['$1,234.50', 'paid']);
  });

  it('marks nothing that is not there', () => {
    expect(marked('Bob Okafor', ['haddad'])).toEqual([]);
  });
});
