import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from './media-query';

function stubMatchMedia(matches: (query: string) => boolean) {
  const made = vi.fn((query: string) => ({ media: query, matches: matches(query) }));
  vi.stubGlobal('matchMedia', made);
  return made;
}

afterEach(() => vi.unstubAllGlobals());

describe('mediaQueryList', () => {
  it('answers each query from one list, however often it is read', () => {
    const made = stubMatchMedia((query) => query === '(pointer: coarse)');
    expect(mediaQueryList('(pointer: coarse)')?.matches).toBe(true);
    expect(mediaQueryList('(pointer: coarse)')?.matches).toBe(true);
    expect(mediaQueryList('(max-width: 767px)')?.matches).toBe(false);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('answers from a newly stubbed matchMedia, not the lists of the one before', () => {
    stubMatchMedia(() => false);
    expect(mediaQueryList('(pointer: coarse)')?.matches).toBe(false);
    stubMatchMedia(() => true);
    expect(mediaQueryList('(pointer: coarse)')?.matches).toBe(true);
  });
});
