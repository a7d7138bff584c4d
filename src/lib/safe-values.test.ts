import { describe, expect, it } from 'vitest';
import { hexColorOrNull, httpUrlOrNull, shortId } from './safe-values';

describe('values from the service used in attributes and styles', () => {
  it('keeps only absolute http(s) URLs', () => {
    expect(httpUrlOrNull('https://example.com/a b.png')).toBe('https://example.com/a%20b.png');
    expect(httpUrlOrNull('http://example.com/x')).toBe('http://example.com/x');
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,x', '/relative', '', null]) {
      expect(httpUrlOrNull(bad)).toBeNull();
    }
  });

  it('keeps only hex colours', () => {
    expect(hexColorOrNull('#2563eb')).toBe('#2563eb');
    expect(hexColorOrNull(' #abc ')).toBe('#abc');
    for (const bad of ['red; background: url(x)', 'blue', '#12', 'url(x)', null]) {
      expect(hexColorOrNull(bad)).toBeNull();
    }
  });

  it('shortens long ids only', () => {
    expect(shortId('0123456789')).toBe('01234567…');
    expect(shortId('abc')).toBe('abc');
  });
});
