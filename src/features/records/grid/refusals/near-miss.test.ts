import { describe, expect, it } from 'vitest';
import { editDistance, filterableTextsOf, nearMiss } from './near-miss';

describe('nearMiss', () => {
  it('finds the same value in another case', () => {
    expect(nearMiss('Gift', ['priority', 'gift', 'wholesale'])).toBe('gift');
  });

  it('finds the value with stray or doubled spaces', () => {
    expect(nearMiss(' paid ', ['pending', 'paid'])).toBe('paid');
    expect(nearMiss('Acme  Corp', ['Acme Corp'])).toBe('Acme Corp');
  });

  it('finds a small typo, and prefers case over a typo', () => {
    expect(nearMiss('shiped', ['paid', 'shipped'])).toBe('shipped');
    expect(nearMiss('Paid', ['pain', 'paid'])).toBe('paid');
    expect(nearMiss('wholesael', ['wholesale'])).toBe('wholesale');
  });

  it('suggests nothing for a far value, a short value with a typo, or the value itself', () => {
    expect(nearMiss('banana', ['paid', 'pending'])).toBeNull();
    expect(nearMiss('pad', ['paid'])).toBeNull();
    expect(nearMiss('paid', ['paid'])).toBeNull();
    expect(nearMiss('', ['paid'])).toBeNull();
  });

  it('takes the closest of several', () => {
    expect(nearMiss('repat', ['report', 'repeat'])).toBe('repeat');
  });
});

describe('editDistance', () => {
  it('counts edits and stops past the limit', () => {
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
  });
});

describe('filterableTextsOf', () => {
  it('reads strings, numbers, booleans and array items', () => {
    expect(filterableTextsOf('a')).toEqual(['a']);
    expect(filterableTextsOf(3)).toEqual(['3']);
    expect(filterableTextsOf(['x', 2, 'y'])).toEqual(['x', 'y']);
    expect(filterableTextsOf(null)).toEqual([]);
  });
});
