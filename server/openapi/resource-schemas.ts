import { COLUMN_TYPES } from '../db/column-types';
import { type ResourceKind, TASK_STATUSES } from '../db/resources';
import { DETAIL_EXTRA, LIST_FIELDS } from '../routes/serialize';
import { instant, type JsonSchema, orNull, text, uuid } from './schemas';

/**
 * JSON Schemas of the resources the API returns (tables, skills, tasks, pages, projects)
 * and of a table's columns and views. The field lists that say what a response holds come
 * from the serializer (routes/serialize.ts), so a field it starts to send without a schema
 * here fails the document's build and the server tests; this file only says what type
 * each field has.
 */

const day: JsonSchema = { type: 'string', format: 'date' };

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
