import { describe, expect, it } from 'vitest';
import { embedModeOf } from './embed-mode';

describe('embed mode', () => {
  it.each([
    ['#/embed', '#/embed'],
    ['#/embed/tables/t1?sort=name:asc', '#/embed/tables/t1?sort=name:asc'],
    ['#/embed/skills/s1', '#/embed/skills/s1'],
  ])('is on for the %s route, which is kept as it is', (hash, expected) => {
    expect(embedModeOf({ search: '', hash })).toEqual({ embedded: true, hash: expected });
  });

  it.each([
    ['', '#/tables/t1'],
    ['', '#/embedded'],
    ['', ''],
    ['?embed=0', '#/'],
  ])('is off for search %j and hash %j', (search, hash) => {
    expect(embedModeOf({ search, hash })).toEqual({ embedded: false, hash });
  });

  it.each([
    ['?embed=1', '', '#/embed'],
    ['?embed=1', '#/', '#/embed'],
    ['?embed=true&x=1', '#/skills/s1', '#/embed/skills/s1'],
    ['', '#/tables/t1?embed=1', '#/embed/tables/t1'],
    [
      '',
      '#/tables/t1?sort=name%3Aasc&embed=1&filter%5Bcountry%5D=J%20P',
      '#/embed/tables/t1?sort=name%3Aasc&filter%5Bcountry%5D=J%20P',
    ],
  ])('turns ?embed=1 (search %j, hash %j) into the route %j', (search, hash, expected) => {
    expect(embedModeOf({ search, hash })).toEqual({ embedded: true, hash: expected });
  });
});
