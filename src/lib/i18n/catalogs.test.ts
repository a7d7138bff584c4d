import { describe, expect, it } from 'vitest';
import { firstScreenAreas, pageAreasOf } from './catalogs';

describe('catalog areas a screen loads', () => {
  it("a page's own area only: a table's grid does not wait for the tasks or skills messages", () => {
    expect(pageAreasOf('/tables/t1')).toEqual(['records']);
    expect(pageAreasOf('/tables/t1/views/v2')).toEqual(['records']);
    expect(pageAreasOf('/skills/s1')).toEqual(['skills']);
    expect(pageAreasOf('/skills')).toEqual(['skills']);
    expect(pageAreasOf('/tasks/k1')).toEqual(['tasks']);
    expect(pageAreasOf('/pages')).toEqual(['pages']);
    expect(pageAreasOf('/projects/p1')).toEqual(['projects']);
    expect(pageAreasOf('/')).toEqual([]);
    expect(pageAreasOf('/nowhere')).toEqual([]);
  });

  it('the first screen: the connect screen alone, or the workspace with its page', () => {
    expect(
      firstScreenAreas({ workspaceOpens: false, embedded: false, pagePath: '/tables/t1' }),
    ).toEqual(['connect']);
    expect(
      firstScreenAreas({ workspaceOpens: true, embedded: false, pagePath: '/tables/t1' }),
    ).toEqual(['connect', 'common', 'shell', 'records']);
    expect(
      firstScreenAreas({ workspaceOpens: true, embedded: true, pagePath: '/skills/s1' }),
    ).toEqual(['connect', 'common', 'shell', 'embed', 'skills']);
  });
});
