/**
 * ASCII spellings of people's names, for the addresses made from them: "Dana Ünal" is
 * dana.unal@…, "Zoë Müller" zoe.muller@…, never dana.nal@…. NFD splits an accented letter
 * into its letter and its marks, which are dropped; the letters NFD leaves whole are spelt
 * out here. The names themselves keep every letter and capital.
 */

/** Letters with no decomposition, and their usual ASCII spelling (a capital as in a name). */
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'Ss',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const NOT_DECOMPOSED = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');

/** `text` in ASCII letters where it had accented or special Latin ones; other characters stay. */
export function transliterated(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(NOT_DECOMPOSED, (letter) => SPELLED_OUT[letter] ?? letter);
}

/** A name as one lower-case word of a-z for an address: "van Dijk" → vandijk, "O'Brien" → obrien. */
export function addressWordOf(name: string): string {
  return transliterated(name)
    .toLowerCase()
    .replaceAll(/[^a-z]/g, '');
}
