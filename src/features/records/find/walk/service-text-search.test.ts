import { describe, expect, it } from 'vitest';
import { buildApiDocument } from '../../../../../server/openapi/document';
import { textSearchParameterOf } from './service-text-search';

function documentWith(parameters: unknown[], components: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    paths: {
      '/api/public/v1/tables/{tableId}/records': {
        parameters: [{ name: 'tableId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { parameters },
      },
    },
    components: { parameters: components },
  };
}

const LIMIT = { name: 'limit', in: 'query', schema: { type: 'integer' } };

describe('textSearchParameterOf', () => {
  it('finds none in our reference server’s document (equality filters only)', () => {
    expect(textSearchParameterOf(buildApiDocument())).toBeNull();
  });

  it('finds a records list parameter named like a search', () => {
    expect(
      textSearchParameterOf(
        documentWith([LIMIT, { name: 'q', in: 'query', schema: { type: 'string' } }]),
      ),
    ).toBe('q');
    expect(
      textSearchParameterOf(
        documentWith([{ $ref: '#/components/parameters/Search' }], {
          Search: { name: 'search', in: 'query', schema: { type: 'string' } },
        }),
      ),
    ).toBe('search');
  });

  it('takes a parameter marked x-text-search whatever its name, and refuses one marked false', () => {
    expect(
      textSearchParameterOf(
        documentWith([{ name: 'contains', in: 'query', 'x-text-search': true }]),
      ),
    ).toBe('contains');
    expect(
      textSearchParameterOf(documentWith([{ name: 'q', in: 'query', 'x-text-search': false }])),
    ).toBeNull();
  });

  it('ignores other lists, other places and other types, and what is not a document', () => {
    expect(textSearchParameterOf(documentWith([{ name: 'q', in: 'header' }]))).toBeNull();
    expect(
      textSearchParameterOf(
        documentWith([{ name: 'q', in: 'query', schema: { type: 'integer' } }]),
      ),
    ).toBeNull();
    expect(
      textSearchParameterOf({
        paths: { '/api/public/v1/tasks': { get: { parameters: [{ name: 'q', in: 'query' }] } } },
      }),
    ).toBeNull();
    expect(textSearchParameterOf(null)).toBeNull();
    expect(textSearchParameterOf('<html>')).toBeNull();
    expect(
      textSearchParameterOf(documentWith([{ $ref: 'https://elsewhere.example/p.json#/q' }])),
    ).toBeNull();
  });
});
