import { describe, expect, it, vi } from 'vitest';
import configExample from '../../public/config.example.json';
import { parsePeopleSource } from '../lib/people/people-source';
import {
  DEFAULT_RUNTIME_CONFIG,
  loadRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
} from './runtime-config';

function fetchAnswering(status: number, text: string) {
  return vi.fn(async () => new Response(text, { status })) as unknown as typeof fetch;
}

describe('runtime config', () => {
  it('reads every setting', () => {
    expect(
      parseRuntimeConfig(
        {
          serviceUrl: 'https://data.example.com/',
          skillsPath: '/v1',
          title: 'Acme data',
          embedOrigins: ['https://intranet.example.com'],
          demoKey: 'svc_live_demo',
          locales: ['pt-BR', 'es', 'pt-BR'],
          people: { table: 'tbl_people', idColumn: 'member id', nameColumn: 'name' },
        },
        parsePeopleSource,
      ),
    ).toEqual({
      serviceUrl: 'https://data.example.com',
      skillsPath: '/v1',
      title: 'Acme data',
      embedOrigins: ['https://intranet.example.com'],
      demoKey: 'svc_live_demo',
      locales: ['pt-BR', 'es'],
      people: { kind: 'table', tableId: 'tbl_people', idColumn: 'member id', nameColumn: 'name' },
    });
  });

  it('reads a people file beside the dashboard, and refuses one elsewhere', () => {
    expect(
      parseRuntimeConfig({ people: { file: './people.json' } }, parsePeopleSource).people,
    ).toEqual({
      kind: 'file',
      url: './people.json',
    });
    for (const file of [
      'https://people.example.com/people.json',
      '//people.example.com/people.json',
      '\\\\evil/people.json',
      'javascript:alert(1)',
      '',
    ]) {
      expect(() => parseRuntimeConfig({ people: { file } }, parsePeopleSource)).toThrow(
        "people.file must be a relative URL on the dashboard's own site",
      );
    }
  });

  it('names what a people setting lacks', () => {
    expect(() =>
      parseRuntimeConfig({ people: { table: 't1', nameColumn: 'name' } }, parsePeopleSource),
    ).toThrow('people: idColumn must be non-empty strings');
    expect(() => parseRuntimeConfig({ people: 'people.json' }, parsePeopleSource)).toThrow(
      'people must be an object like',
    );
    expect(() => parseRuntimeConfig({ people: { url: './p.json' } }, parsePeopleSource)).toThrow(
      'people must name a "table" or a "file"',
    );
    expect(() =>
      parseRuntimeConfig({ people: { file: './p.json', table: 't' } }, parsePeopleSource),
    ).toThrow('people: "file" goes alone');
  });

  it('names languages it does not ship, and an empty list', () => {
    expect(() => parseRuntimeConfig({ locales: ['es', 'de'] })).toThrow(
      'locales: "de" not shipped (choose among "en", "es", "pt-BR")',
    );
    expect(() => parseRuntimeConfig({ locales: [] })).toThrow(
      'locales must be a non-empty list of languages',
    );
  });

  it('uses the defaults when config.json is absent', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(404, 'nope'))).resolves.toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('uses the defaults when the host answers with its index page', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(200, '<!doctype html>'))).resolves.toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('names the problem when config.json is malformed', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(200, '{ "title": '))).rejects.toThrow(
      'config.json is not valid JSON.',
    );
    await expect(
      loadRuntimeConfig(
        fetchAnswering(200, '{"serviceUrl":"javascript:alert(1)","skillsPath":"/v2"}'),
      ),
    ).rejects.toThrow(RuntimeConfigError);
  });

  it('normalizes embedOrigins to exact origins', () => {
    expect(
      parseRuntimeConfig({
        embedOrigins: [
          'https://intranet.example.com/',
          'http://127.0.0.1:8080',
          'https://Admin.Example.com:443',
          'https://intranet.example.com',
        ],
      }).embedOrigins,
    ).toEqual([
      'https://intranet.example.com',
      'http://127.0.0.1:8080',
      'https://admin.example.com',
    ]);
  });

  it.each([
    ['a wildcard', ['*'], /wildcards are not allowed/],
    ['a wildcard subdomain', ['https://*.example.com'], /wildcards are not allowed/],
    ['a path', ['https://intranet.example.com/admin'], /origin only/],
    ['a query', ['https://intranet.example.com/?a=1'], /origin only/],
    ['credentials', ['https://user:pw@intranet.example.com'], /origin only/],
    ['the null origin', ['null'], /not an origin/],
    ['another scheme', ['file:///tmp'], /must start with https/],
    ['a string instead of a list', 'https://intranet.example.com', /must be a list/],
    ['a number', [42], /each entry must be a string/],
  ])('rejects embedOrigins with %s, naming it', (_label, embedOrigins, words) => {
    expect(() => parseRuntimeConfig({ embedOrigins })).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ embedOrigins })).toThrow(words);
  });
});

describe('public/config.example.json', () => {
  it('is a valid config.json as it is, so copying it is a working start', () => {
    expect(parseRuntimeConfig(configExample)).toEqual({
      serviceUrl: 'https://data.example.com',
      skillsPath: null,
      title: 'Acme workspace',
      embedOrigins: ['https://intranet.example.com'],
      demoKey: null,
      locales: ['en', 'es', 'pt-BR'],
      people: null,
    });
  });

  it('documents every setting the dashboard reads', () => {
    for (const setting of Object.keys(DEFAULT_RUNTIME_CONFIG)) {
      expect(configExample).toHaveProperty([setting]);
      expect(configExample).toHaveProperty([`//${setting}`]);
    }
  });
});

describe('a people setting, checked by code loaded only when config.json has one', () => {
  it('loads the check and reads the setting', async () => {
    const config = await loadRuntimeConfig(
      fetchAnswering(200, JSON.stringify({ people: { file: './people.json' } })),
    );
    expect(config.people).toEqual({ kind: 'file', url: './people.json' });
  });

  it('still refuses a bad people setting at start, naming it', async () => {
    await expect(
      loadRuntimeConfig(
        fetchAnswering(200, JSON.stringify({ people: { file: 'https://x.example/p.json' } })),
      ),
    ).rejects.toThrow("people.file must be a relative URL on the dashboard's own site");
  });
});
