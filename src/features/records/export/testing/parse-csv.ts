/**
 * A strict RFC 4180 reader for tests: what a spreadsheet app does with our files. Throws on
 * anything the RFC doesn't allow (a bare quote inside an unquoted field, a lone CR or LF
 * as a line end, text after a closing quote).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  const fieldEnd = () => {
    if (text.startsWith('\r\n', index)) {
      rows.push(row);
      row = [];
      index += 2;
      return true;
    }
    if (text[index] === ',') {
      index += 1;
      return false;
    }
    throw new Error(`Unexpected ${JSON.stringify(text[index])} at ${index}`);
  };
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) throw new Error('Unterminated quoted field');
        field += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
    } else {
      const match = /[,\r\n"]/.exec(text.slice(index));
      const end = match ? index + match.index : text.length;
      field = text.slice(index, end);
      index = end;
      if (text[index] === '"') throw new Error(`Bare quote at ${index}`);
      if (text[index] === '\n' || (text[index] === '\r' && text[index + 1] !== '\n')) {
        throw new Error(`Bare line break at ${index}`);
      }
    }
    row.push(field);
    if (index >= text.length) throw new Error('The last line does not end with CRLF');
    fieldEnd();
  }
  return rows;
}
