import { describe, expect, it, vi } from 'vitest';
import { fetchPeopleFile, PeopleFileError } from './people-file';
import { MAX_PEOPLE_FILE_CHARS } from './people-limits';
import { parsePeopleList, peopleListJson } from './people-list';

describe('a people list', () => {
  it('reads {"people": [{id, name}]} and writes the same shape back, sorted by name', () => {
    const parsed = parsePeopleList(
      JSON.stringify({
        people: [
          { id: 'u2', name: 'Zoë' },
          { id: 'u1', name: ' Ana ' },
        ],
      }),
    );
    expect(parsed).toEqual({
      people: new Map([
        ['u2', 'Zoë'],
        ['u1', 'Ana'],
      ]),
    });
    if (!('people' in parsed)) throw new Error('not parsed');
    expect(JSON.parse(peopleListJson(parsed.people))).toEqual({
      people: [
        { id: 'u1', name: 'Ana' },
        { id: 'u2', name: 'Zoë' },
      ],
    });
  });

  it('refuses a whole list for one bad entry, and names it', () => {
    expect(parsePeopleList('{"people": [{"id": "u1", "name": "Ana"}, {"id": "u2"}]}')).toEqual({
      problem: { kind: 'entry', index: 1 },
    });
    expect(parsePeopleList('[]')).toEqual({ problem: { kind: 'shape' } });
    expect(parsePeopleList('{"people": ')).toEqual({ problem: { kind: 'not-json' } });
    expect(parsePeopleList('{"people": [{"id": "", "name": "x"}]}')).toEqual({
      problem: { kind: 'entry', index: 0 },
    });
  });
});

describe('the people file beside the dashboard', () => {
  it('is fetched same-origin, without credentials or any header (never the API key)', async () => {
    const fetchImpl = vi.fn(
      async () => new Response('{"people": [{"id": "u1", "name": "Ana"}]}', { status: 200 }),
    );
    const people = await fetchPeopleFile('./people.json', undefined, fetchImpl);
    expect(people.get('u1')).toBe('Ana');
    expect(fetchImpl).toHaveBeenCalledWith('./people.json', {
      mode: 'same-origin',
      credentials: 'omit',
      cache: 'no-cache',
    });
  });

  it('names a missing file, a refused one and one too large to be a people list', async () => {
    const answering = (body: string, status = 200) =>
      vi.fn(async () => new Response(body, { status }));
    await expect(fetchPeopleFile('./p.json', undefined, answering('', 404))).rejects.toEqual(
      new PeopleFileError({ kind: 'status', status: 404 }),
    );
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchPeopleFile('./p.json', undefined, failing)).rejects.toMatchObject({
      problem: { kind: 'unreachable' },
    });
    const huge = `{"people": [${'{"id": "u", "name": "x"},'.repeat(MAX_PEOPLE_FILE_CHARS / 20)}]}`;
    await expect(fetchPeopleFile('./p.json', undefined, answering(huge))).rejects.toMatchObject({
      problem: { kind: 'too-large' },
    });
  });
});
