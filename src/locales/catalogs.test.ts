import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { CATALOG_AREAS } from '../lib/i18n/catalogs';
import { SHIPPED_LOCALES } from '../lib/i18n/locales';

const LOCALES_DIR = import.meta.dirname;

function catalogOf(locale: string, area: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${area}.json`), 'utf8'));
}

/** The placeholders and plural/select arguments a message uses, sorted. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, kind, choices] = token;
    into.add(kind ? `${name}:${kind}` : name);
    if (choices && typeof choices === 'object') {
      for (const choice of Object.values(choices as Record<string, unknown>)) {
        if (Array.isArray(choice)) argumentsOf(choice as CompiledMessage, into);
      }
    }
  }
  return into;
}

describe('the message catalogs', () => {
  it('has one catalog file per area the code loads, in every language', () => {
    for (const locale of SHIPPED_LOCALES) {
      const files = readdirSync(path.join(LOCALES_DIR, locale))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort();
      expect(files, locale).toEqual([...CATALOG_AREAS].sort());
    }
  });

  it('names each key in one catalog only', () => {
    const seen = new Map<string, string>();
    for (const area of CATALOG_AREAS) {
      for (const key of Object.keys(catalogOf('en', area))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  for (const area of CATALOG_AREAS) {
    it(`${area}: every language has exactly the English keys, each a valid message with the same placeholders`, () => {
      const english = catalogOf('en', area);
      for (const locale of SHIPPED_LOCALES) {
        const catalog = catalogOf(locale, area);
        expect(Object.keys(catalog).sort(), `${locale}/${area}.json keys`).toEqual(
          Object.keys(english).sort(),
        );
        for (const [key, source] of Object.entries(english)) {
          const translation = catalog[key] ?? '';
          expect(translation.trim(), `${locale} ${key} is empty`).not.toBe('');
          // The connect screen's catalog also carries the shared messages it shows.
          const prefixes = area === 'connect' ? ['connect.', 'common.'] : [`${area}.`];
          expect(
            prefixes.some((prefix) => key.startsWith(prefix)),
            `${key} belongs to ${area}`,
          ).toBe(true);
          const expected = [...argumentsOf(compileMessageOrThrow(source))].sort();
          const actual = [...argumentsOf(compileMessageOrThrow(translation))].sort();
          expect(actual, `${locale} ${key} placeholders`).toEqual(expected);
        }
      }
    });
  }
});
