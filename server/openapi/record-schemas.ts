import { type ColumnDefinition, isArrayValued } from '../db/column-types';
import { instant, type JsonSchema, orNull, text, uuid } from './schemas';

/**
 * JSON Schemas of a record and its cells (§3): a cell of any column where the table is not
 * known (the whole API's document), each column typed exactly in a table's own document.
 */

export const FILE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A file of a FILE cell.',
  properties: {
    name: text,
    size: { type: 'integer', minimum: 0, description: 'Bytes.' },
    mime_type: text,
    url: text,
  },
  required: ['name', 'size', 'mime_type', 'url'],
};

const FILE_REF: JsonSchema = { $ref: '#/components/schemas/FileValue' };

/**
 * Any JSON value, said as the union of JSON's types: a bare `{}` would be just as true,
 * but generated clients turn it into `unknown` (or worse) where this gives them the types.
 */
const JSON_VALUE: JsonSchema = {
  type: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  items: {},
  additionalProperties: {},
};

/**
 * A cell of any column (§3): what `fields` may hold in a table whose columns are not known
 * here. Each member says which column types send it; the table's own document types each
 * column exactly.
 */
export const CELL_VALUE_SCHEMA: JsonSchema = {
  description:
    "A cell's value. Its JSON is fixed by the column's type: the table's own document (`/tables/{tableId}/openapi.json`) types each column exactly.",
  anyOf: [
    {
      type: 'string',
      description:
        'TEXT, LONGTEXT, EMAIL, PHONE, URL, SELECT; DATETIME (ISO 8601); REFERENCE to one record (its id).',
    },
    { type: 'number', description: 'NUMBER; SERIAL (a whole number).' },
    { type: 'boolean', description: 'BOOLEAN.' },
    { type: 'null', description: 'No value.' },
    {
      type: 'array',
      items: text,
      description: 'MULTISELECT; REFERENCE allowing several records (their ids).',
    },
    { type: 'array', items: FILE_REF, description: 'FILE.' },
    { ...JSON_VALUE, description: 'FORMULA, AI: any JSON value.' },
  ],
};

/** A cell's JSON by column type (§3), null allowed: a column absent from `fields` is null. */
export function cellSchema(column: Pick<ColumnDefinition, 'type' | 'settings'>): JsonSchema {
  switch (column.type) {
    case 'TEXT':
    case 'LONGTEXT':
    case 'EMAIL':
    case 'PHONE':
    case 'URL':
    case 'SELECT':
      return orNull({ type: 'string' });
    case 'NUMBER':
      return orNull({ type: 'number' });
    case 'SERIAL':
      return orNull({ type: 'integer' });
    case 'BOOLEAN':
      return orNull({ type: 'boolean' });
    case 'DATETIME':
      return orNull({ type: 'string', format: 'date-time' });
    case 'MULTISELECT':
      return orNull({ type: 'array', items: { type: 'string' } });
    case 'REFERENCE':
      return isArrayValued(column)
        ? orNull({ type: 'array', items: uuid, description: 'Ids of records of the linked table.' })
        : orNull({ ...uuid, description: 'The id of a record of the linked table.' });
    case 'FILE':
      return orNull({ type: 'array', items: FILE_REF });
    case 'FORMULA':
    case 'AI':
      return { ...JSON_VALUE };
  }
}

/** The fields of a record of any table: column name → a cell of any type. */
export const ANY_FIELDS_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    "Column name → value (the table's own document types every column). A column absent from `fields` is null.",
  additionalProperties: { $ref: '#/components/schemas/CellValue' },
};

/** A record; `fields` as ANY_FIELDS_SCHEMA here, typed per column in a table's own document. */
export function recordSchema(fields: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: { id: uuid, fields, created_at: instant, updated_at: instant },
    required: ['id', 'fields', 'created_at', 'updated_at'],
    additionalProperties: false,
  };
}

/** A table's record fields: each column a typed, optional property, nothing else. */
export function typedFieldsSchema(
  columns: readonly Pick<ColumnDefinition, 'name' | 'type' | 'settings' | 'description'>[],
): JsonSchema {
  return {
    type: 'object',
    description: 'Column name → value. A column absent from `fields` is null.',
    // fromEntries, not assignment: a column may be called "__proto__".
    properties: Object.fromEntries(
      columns.map((column) => {
        const schema = cellSchema(column);
        const note = `${column.type}${column.description ? `: ${column.description}` : ''}`;
        return [column.name, { ...schema, description: note }];
      }),
    ),
    additionalProperties: false,
  };
}
