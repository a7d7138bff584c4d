import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/parse-csv';
import { csvField, csvRow, UTF8_BOM } from './csv';

/** What a spreadsheet shows for a field we wrote: the text, without our formula guard. */
function shownText(field: string): string {
  return /^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field;
}

describe('csvField', () => {
  it('quotes fields holding a quote, comma, CR or LF, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('guards text a spreadsheet would run as a formula, as OWASP advises', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField('+1+1')).toBe('"\'+1+1"');
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("\"'-2+3+cmd|' /C calc'!A0\"");
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('\t=1')).toBe('"\'\t=1"');
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });

  it('writes numbers as numbers: a negative amount is not a formula', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(1e21)).toBe('1e+21');
  });

  it('keeps unicode as it is: RTL, CJK, emoji and combining marks', () => {
    const values = ['עברית', '名前', '🎉 party', 'e\u0301', '\u2028separator'];
    expect(parseCsv(csvRow(values))).toEqual([values]);
  });

  it('keeps a 10 kB value whole, quotes and line breaks included', () => {
    const long = `${'x'.repeat(4_000)}"quoted",\r\n${'y'.repeat(6_000)}`;
    const [row] = parseCsv(csvRow(['before', long, 'after']));
    expect(row).toEqual(['before', long, 'after']);
    expect(long.length).toBeGreaterThan(10_000);
  });

  it('round-trips any text: a strict RFC 4180 reader gets back what was written', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }),
        (values) => {
          const [row] = parseCsv(csvRow(values));
          expect(row?.map(shownText)).toEqual(values);
        },
      ),
      { numRuns: 200 },
    );
    // A property run on a shared, busy machine: allow more than the default 5 s.
  }, 30_000);

  it('never lets a field start with a formula character unquoted', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string(), (first, rest) => {
        const field = csvField(first + rest);
        expect(field.startsWith(`"'${first}`)).toBe(true);
      }),
    );
  });
});

describe('csvRow', () => {
  it('ends every row with CRLF', () => {
    expect(csvRow(['a', 1, ''])).toBe('a,1,\r\n');
  });

  it('exports the BOM as U+FEFF, three bytes in UTF-8', () => {
    expect(Array.from(new TextEncoder().encode(UTF8_BOM))).toEqual([0xef, 0xbb, 0xbf]);
  });
});
