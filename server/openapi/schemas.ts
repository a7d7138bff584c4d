/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 uses it) words the documents' schemas share.
 * What the API returns: resource-schemas.ts (tables, skills, tasks, pages, projects, a
 * table's columns and views) and record-schemas.ts (records and their cells).
 */
export type JsonSchema = { [keyword: string]: unknown };

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const instant: JsonSchema = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601, UTC, with milliseconds.',
};
export const text: JsonSchema = { type: 'string' };

/** The schema, or JSON null. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** `{ "<array>": [...], "next_cursor": … }` (§2). */
export function envelopeSchema(array: string, item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      [array]: { type: 'array', items: item },
      next_cursor: {
        type: ['string', 'null'],
        description:
          'Pass as `cursor` for the next page, with the same sort and filters; null exactly when no further item exists.',
      },
    },
    required: [array, 'next_cursor'],
    additionalProperties: false,
  };
}
