/**
 * The pseudo-locale: every catalog string accented (Ŵōŕķśƥàćē), about 40% longer, and
 * wrapped in ⟦ ⟧, while placeholders, plural forms and `#` stay as they are. Text on screen
 * without the markers did not come from the catalog; text that is cut or overflows shows a
 * layout that can't take a longer language.
 */
import type { Messages } from '@lingui/core';
import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Accented, and about 40% more letters as translations often need. */
function accent(text: string): string {
  let out = '';
  let letters = 0;
  for (const char of text) {
    const accented = ACCENTED[char];
    if (accented) letters += 1;
    out += accented ?? char;
  }
  return letters === 0 ? out : `${out}${'·'.repeat(Math.ceil(letters * 0.4))}`;
}

type Token = CompiledMessageToken;

function pseudoToken(token: Token): Token {
  if (typeof token === 'string') return token === '#' ? token : accent(token);
  if (
    Array.isArray(token) &&
    token.length === 3 &&
    typeof token[2] === 'object' &&
    token[2] !== null
  ) {
    const [name, kind, options] = token as [string, string, Record<string, unknown>];
    const accented: Record<string, unknown> = {};
    for (const [choice, value] of Object.entries(options)) {
      accented[choice] = Array.isArray(value)
        ? (value as Token[]).map(pseudoToken)
        : typeof value === 'string'
          ? accent(value)
          : value;
    }
    return [name, kind, accented] as unknown as Token;
  }
  return token;
}

export function pseudoLocalizeMessage(message: CompiledMessage | string): CompiledMessage {
  const tokens: CompiledMessage = typeof message === 'string' ? [message] : message;
  return [PSEUDO_OPEN, ...tokens.map(pseudoToken), PSEUDO_CLOSE];
}

export function pseudoLocalizeMessages(messages: Messages): Messages {
  const out: Messages = {};
  for (const [id, message] of Object.entries(messages)) {
    out[id] = pseudoLocalizeMessage(message as CompiledMessage | string);
  }
  return out;
}
