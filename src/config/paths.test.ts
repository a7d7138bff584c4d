import { describe, expect, it } from 'vitest';
import { entityRefOf, pathOfEntity, paths, safeReturnPath } from './paths';

describe('paths', () => {
  it('a record has its own path under its table; ids are encoded', () => {
    expect(paths.record('t-1', 'r/2')).toBe('/tables/t-1/records/r%2F2');
    expect(pathOfEntity({ kind: 'record', tableId: 't', id: 'r' })).toBe('/tables/t/records/r');
  });

  it.each([
    [{ kind: 'table', id: 'a b' } as const, '/tables/a%20b'],
    [{ kind: 'skill', id: 's' } as const, '/skills/s'],
    [{ kind: 'task', id: 't' } as const, '/tasks/t'],
    [{ kind: 'page', id: 'p' } as const, '/pages/p'],
    [{ kind: 'project', id: 'j' } as const, '/projects/j'],
  ])('%o → %s', (entity, path) => {
    expect(pathOfEntity(entity)).toBe(path);
  });

  it('reads linked-entity type words, singular or plural, any case', () => {
    expect(entityRefOf('Project', 'x')).toEqual({ kind: 'project', id: 'x' });
    expect(entityRefOf('tables', 'x')).toEqual({ kind: 'table', id: 'x' });
    expect(entityRefOf('record', 'x')).toBeNull();
    expect(entityRefOf('record', 'x', 't')).toEqual({ kind: 'record', tableId: 't', id: 'x' });
    expect(entityRefOf('invoice', 'x')).toBeNull();
  });

  it('returns only to in-app paths after connecting', () => {
    expect(safeReturnPath('/tables/x/records/y?sort=a')).toBe('/tables/x/records/y?sort=a');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
  });
});
