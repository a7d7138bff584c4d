import { COLUMN_TYPES, type ColumnDefinition, isArrayValued } from '../db/column-types';
import { type ResourceKind, TASK_STATUSES } from '../db/resources';
import { DETAIL_EXTRA, LIST_FIELDS } from '../routes/serialize';

/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the objects the API returns. The
 * field lists that say what a response holds come from the serializer (routes/serialize.ts),
 * so a field it starts to send without a schema here fails the document's build and the
 * server tests; this file only says what type each field has.
 */
export type JsonSchema = { [keyword: string]: unknown };

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const instant: JsonSchema = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601, UTC, with milliseconds.',
};
const text: JsonSchema = { type: 'string' };
const day: JsonSchema = { type: 'string', format: 'date' };

/** The schema, or JSON null. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'];
export const PROJECT_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'];

interface FieldTypes {
  /** Fields of a list item (and of the detail). */
  list: Record<string, JsonSchema>;
  /** Fields only the detail (`GET /<kind>/{id}`) adds. */
  detail: Record<string, JsonSchema>;
}

/** Every field the contract names (§3), with its type. */
const FIELD_TYPES: Record<ResourceKind, FieldTypes> = {
  tables: {
    list: {
      id: uuid,
      alias_id: text,
      name: text,
      description: orNull(text),
      project_id: orNull(uuid),
      created_at: instant,
      updated_at: instant,
    },
    detail: {},
  },
  skills: {
    list: {
      id: uuid,
      alias_id: text,
      name: text,
      description: orNull(text),
      created_at: instant,
      updated_at: instant,
    },
    detail: {
      content_text: orNull({ type: 'string', description: 'Markdown.' }),
      linked_entities: orNull({
        type: 'array',
        items: {
          type: 'object',
          properties: {
            type: text,
            id: text,
            // The stored link may have no label (31 demo skills): the dashboard then names it
            // from the item itself, as any client should (decision 030).
            label: orNull({
              type: 'string',
              description: 'How to name the item; null: name it from the item itself.',
            }),
          },
          required: ['type', 'id', 'label'],
          additionalProperties: false,
        },
      }),
    },
  },
  tasks: {
    list: {
      id: uuid,
      name: text,
      status: { enum: TASK_STATUSES },
      priority: { enum: TASK_PRIORITIES },
      project_id: orNull(uuid),
      assignee_user_id: orNull(uuid),
      assignee_bot_id: orNull(uuid),
      due_at: orNull(instant),
      event_at: orNull(instant),
      updated_at: instant,
    },
    detail: {
      body_md: orNull({ type: 'string', description: 'Markdown.' }),
      output_md: orNull({ type: 'string', description: 'Markdown: what the task produced.' }),
      decision: orNull(text),
      decision_reason: orNull(text),
      tags: orNull({ type: 'array', items: text }),
      start_at: orNull(instant),
      created_at: instant,
      completed_at: orNull(instant),
    },
  },
  pages: {
    list: {
      id: uuid,
      alias_id: text,
      name: text,
      icon: orNull({ type: 'string', description: 'An emoji.' }),
      project_id: orNull(uuid),
      parent_page_id: orNull(uuid),
      is_public: { type: 'boolean' },
      updated_at: instant,
    },
    detail: {
      description: orNull(text),
      content_text: orNull({ type: 'string', description: 'Markdown.' }),
      cover_image_url: orNull({ type: 'string', description: 'An http(s) URL.' }),
      created_at: instant,
    },
  },
  projects: {
    list: {
      id: uuid,
      alias_id: text,
      name: text,
      description: orNull(text),
      icon: orNull(text),
      color: orNull(text),
      lead_id: orNull({ ...uuid, description: 'The user who leads the project.' }),
      status: { enum: PROJECT_STATUSES },
      is_private: { type: 'boolean' },
      start_date: orNull(day),
      end_date: orNull(day),
      target_date: orNull(day),
      created_at: instant,
      updated_at: instant,
    },
    detail: {},
  },
};

function pick(kind: ResourceKind, names: readonly string[]): Record<string, JsonSchema> {
  const known = { ...FIELD_TYPES[kind].list, ...FIELD_TYPES[kind].detail };
  return Object.fromEntries(
    names.map((name) => {
      const schema = known[name];
      if (schema === undefined) {
        throw new Error(`server/openapi/schemas.ts has no type for the ${kind} field "${name}"`);
      }
      return [name, schema];
    }),
  );
}

/**
 * A list item or a detail. Every documented field is a property; the ones the serializer
 * sends are required, and nothing else may appear.
 */
export function resourceSchema(kind: ResourceKind, detail: boolean): JsonSchema {
  const served = detail ? [...LIST_FIELDS[kind], ...DETAIL_EXTRA[kind]] : LIST_FIELDS[kind];
  const documented = detail
    ? { ...FIELD_TYPES[kind].list, ...FIELD_TYPES[kind].detail }
    : FIELD_TYPES[kind].list;
  return {
    type: 'object',
    properties: { ...documented, ...pick(kind, served) },
    required: [...new Set(served)],
    additionalProperties: false,
  };
}

/** The documented fields the serializer does not send yet (none, once the contract is served). */
export function unservedFields(kind: ResourceKind, detail: boolean): string[] {
  const served = new Set(
    detail ? [...LIST_FIELDS[kind], ...DETAIL_EXTRA[kind]] : LIST_FIELDS[kind],
  );
  const documented = detail
    ? { ...FIELD_TYPES[kind].list, ...FIELD_TYPES[kind].detail }
    : FIELD_TYPES[kind].list;
  return Object.keys(documented).filter((name) => !served.has(name));
}

export const COLUMN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: uuid,
    name: text,
    description: orNull(text),
    type: { enum: [...COLUMN_TYPES] },
    settings: orNull({
      type: 'object',
      description:
        'Per type: SELECT and MULTISELECT list `options`; REFERENCE names the linked table (`table_id`) and whether the value is a list (`multiple`); FORMULA has its `expression`, AI its `prompt`.',
      properties: {
        options: { type: 'array', items: text, description: 'The values a cell may take.' },
        table_id: uuid,
        multiple: { type: 'boolean' },
        expression: text,
        prompt: text,
      },
    }),
    order_index: { type: 'integer' },
    required: { type: 'boolean' },
    default_value: { description: 'Any JSON value, or null.' },
    is_primary: { type: 'boolean' },
  },
  required: [
    'id',
    'name',
    'description',
    'type',
    'settings',
    'order_index',
    'required',
    'default_value',
    'is_primary',
  ],
  additionalProperties: false,
};

export const VIEW_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'A saved view of the table: pass its id as `view` to a records request to apply its sort and filters.',
  properties: {
    id: text,
    name: text,
    view_type: { enum: ['grid'] },
    settings: {
      type: 'object',
      properties: {
        columns: { type: 'array', items: text, description: 'Visible column names, in order.' },
        widths: {
          type: 'object',
          additionalProperties: { type: 'number' },
          description: 'Column name → width in CSS pixels.',
        },
        sort: orNull({ type: 'string', description: '`<column>:<asc|desc>`' }),
        filters: {
          type: 'object',
          additionalProperties: text,
          description: 'Column name → filter value, as `filter[<column>]=<value>` reads it.',
        },
      },
      required: ['columns', 'widths', 'sort', 'filters'],
    },
    is_default: { type: 'boolean' },
  },
  required: ['id', 'name', 'view_type', 'settings', 'is_default'],
  additionalProperties: false,
};

export function tableDetailSchema(): JsonSchema {
  const item = resourceSchema('tables', false);
  return {
    ...item,
    properties: {
      ...(item.properties as Record<string, JsonSchema>),
      columns: { type: 'array', items: { $ref: '#/components/schemas/Column' } },
      views: { type: 'array', items: { $ref: '#/components/schemas/View' } },
    },
    required: [...(item.required as string[]), 'columns'],
  };
}

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
