import { describe, expect, it } from 'vitest';
import { addressWordOf, transliterated } from './person-names';

describe('person names in addresses', () => {
  it('spells accented letters without their marks, keeping the letter', () => {
    expect(addressWordOf('Ünal')).toBe('unal');
    expect(addressWordOf('Zoë')).toBe('zoe');
    expect(addressWordOf('Júlia')).toBe('julia');
    expect(addressWordOf('Émile')).toBe('emile');
    expect(addressWordOf('García')).toBe('garcia');
  });

  it('spells out the letters NFD leaves whole', () => {
    expect(addressWordOf('Straße')).toBe('strasse');
    expect(addressWordOf('Søren')).toBe('soren');
    expect(addressWordOf('Łukasz')).toBe('lukasz');
    expect(addressWordOf('Wałęsa')).toBe('walesa');
    expect(addressWordOf('Æsa')).toBe('aesa');
    expect(addressWordOf('Œuvre')).toBe('oeuvre');
    expect(transliterated('Þór Ødegaard')).toBe('Thor Odegaard');
  });

  it('drops only what is no letter', () => {
    expect(addressWordOf("O'Brien")).toBe('obrien');
    expect(addressWordOf('van Dijk')).toBe('vandijk');
    expect(addressWordOf('de la Cruz')).toBe('delacruz');
  });
});
