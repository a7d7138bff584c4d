/**
 * Turns the wire shapes a Workspace Data Service may send (CONTRACT §10) into the
 * normalized types. Hand-written guards instead of a schema library: the tolerated
 * shapes are loose by design, and this module ships in the connect screen's bundle.
 * Every function throws `WireShapeError` when a body cannot be read at all; the client
 * turns that into an ApiError of kind 'not_a_service'.
 */
import {
  COLUMN_TYPES,
  type Column,
  type ColumnType,
  type LinkedEntity,
  type Page,
  type RecordRow,
  type RecordSort,
  type SkillDetail,
  type SkillSummary,
  type TableDetail,
  type TableSummary,
  type TableView,
} from './types';

export class WireShapeError extends Error {
  override readonly name = 'WireShapeError';
}

/** A JSON object where a list was expected, without the item array: a cut or half-built reply. */
export class MissingItemsError extends WireShapeError {}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of `keys` holding a string (numbers are accepted: some services use numeric ids). */
export function stringAt(object: JsonObject, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** `project_id` → `projectId`: the name a snake_case wire field has in our shapes. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

function camelCaseOf(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The text fields every resource shares, read the same lenient way: each snake_case name
 * (the contract's) or its camelCase spelling (other services'), null when absent.
 */
export function textFieldsOf<const Name extends string>(
  object: JsonObject,
  names: readonly Name[],
): { [N in Name as CamelCase<N>]: string | null } {
  const fields: Record<string, string | null> = {};
  for (const name of names) {
    const camel = camelCaseOf(name);
    fields[camel] = camel === name ? stringAt(object, name) : stringAt(object, name, camel);
  }
  return fields as { [N in Name as CamelCase<N>]: string | null };
}

/** The id and the name every resource has: its `name`, else `title`, else its id. */
export function namedOf(
  value: unknown,
  what: string,
): { object: JsonObject; id: string; name: string } {
  const object = asObject(value, what);
  const id = idOf(object, what);
  return { object, id, name: stringAt(object, 'name', 'title') ?? id };
}

export function idOf(object: JsonObject, what: string): string {
  const id = stringAt(object, 'id', 'uuid', '_id');
  if (id === null || id === '') throw new WireShapeError(`A ${what} without an id`);
  return id;
}

const LIST_ENVELOPE_KEYS = ['data', 'items', 'results'] as const;

/**
 * The item array of a list response: named after the resource (`tables`), or `data`,
 * `items`, `results`, or else the only array-valued property. A bare array is accepted
 * too: it is the degenerate case of "the only array".
 */
export function itemsOf(body: unknown, resource: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isJsonObject(body)) throw new WireShapeError('A list response that is not an object');
  const named = body[resource];
  if (Array.isArray(named)) return named;
  for (const key of LIST_ENVELOPE_KEYS) {
    const value = body[key];
    if (Array.isArray(value)) return value;
  }
  const arrays = Object.values(body).filter(Array.isArray);
  if (arrays.length === 1 && arrays[0]) return arrays[0];
  throw new MissingItemsError(`A list response without a ${resource} array`);
}

/** `next_cursor` (or `nextCursor`); absent, null and "" all mean "no further page". */
export function nextCursorOf(body: unknown): string | null {
  if (!isJsonObject(body)) return null;
  const cursor = stringAt(body, 'next_cursor', 'nextCursor');
  return cursor === null || cursor === '' ? null : cursor;
}

export function pageOf<T>(
  body: unknown,
  resource: string,
  normalizeItem: (item: unknown) => T,
): Page<T> {
  return { items: itemsOf(body, resource).map(normalizeItem), nextCursor: nextCursorOf(body) };
}

/**
 * A detail response: the object itself, or the object wrapped as `{ <resource>: {...} }`
 * or `{ data: {...} }`.
 */
export function objectOf(body: unknown, resource: string): JsonObject {
  if (!isJsonObject(body)) throw new WireShapeError(`A ${resource} response that is not an object`);
  if ('id' in body) return body;
  for (const key of [resource, 'data', 'item', 'result']) {
    const inner = body[key];
    if (isJsonObject(inner)) return inner;
  }
  throw new WireShapeError(`A ${resource} response without an id`);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (!isJsonObject(value)) throw new WireShapeError(`A ${what} that is not an object`);
  return value;
}

export function tableSummaryOf(value: unknown): TableSummary {
  const { object: table, id, name } = namedOf(value, 'table');
  return {
    id,
    name,
    ...textFieldsOf(table, ['alias_id', 'description', 'project_id', 'created_at', 'updated_at']),
  };
}

const KNOWN_COLUMN_TYPES: ReadonlySet<string> = new Set(COLUMN_TYPES);

function columnTypeOf(value: unknown): ColumnType {
  if (typeof value !== 'string') return 'UNKNOWN';
  const upper = value.toUpperCase();
  return KNOWN_COLUMN_TYPES.has(upper) ? (upper as ColumnType) : 'UNKNOWN';
}

function columnOf(value: unknown, index: number): Column {
  const column = asObject(value, 'column');
  const name = stringAt(column, 'name', 'key', 'title');
  if (name === null) throw new WireShapeError('A column without a name');
  const orderIndex = column.order_index ?? column.orderIndex;
  const settings = column.settings;
  return {
    id: stringAt(column, 'id') ?? name,
    name,
    description: stringAt(column, 'description'),
    type: columnTypeOf(column.type),
    settings: isJsonObject(settings) ? settings : null,
    orderIndex: typeof orderIndex === 'number' && Number.isFinite(orderIndex) ? orderIndex : index,
    required: column.required === true,
    isPrimary: column.is_primary === true || column.isPrimary === true,
    inferred: false,
  };
}

/** Columns the dashboard cannot read are as good as none: the grid then infers them from records. */
function columnsOf(value: unknown): Column[] | null {
  if (!Array.isArray(value)) return null;
  try {
    return value.map(columnOf).sort((a, b) => a.orderIndex - b.orderIndex);
  } catch (error) {
    if (error instanceof WireShapeError) return null;
    throw error;
  }
}

export function tableDetailOf(body: unknown): TableDetail {
  const table = objectOf(body, 'table');
  return {
    ...tableSummaryOf(table),
    columns: columnsOf(table.columns),
    views: viewsOf(table.views),
  };
}

/**
 * Saved views (Onnie's `views`, settings as CONTRACT §3 has them). A view this dashboard
 * cannot read (no id, another `view_type`) is left out rather than failing the table; a
 * part of its settings that is not the expected shape is read as absent.
 */
function viewsOf(value: unknown): TableView[] {
  if (!Array.isArray(value)) return [];
  const views: TableView[] = [];
  for (const item of value) {
    if (!isJsonObject(item)) continue;
    const id = stringAt(item, 'id');
    const viewType = stringAt(item, 'view_type', 'viewType', 'type');
    if (id === null || id === '' || (viewType !== null && viewType.toLowerCase() !== 'grid')) {
      continue;
    }
    const settings = isJsonObject(item.settings) ? item.settings : {};
    const columns = Array.isArray(settings.columns)
      ? settings.columns.filter((name): name is string => typeof name === 'string')
      : [];
    const widths: Record<string, number> = {};
    if (isJsonObject(settings.widths)) {
      for (const [name, width] of Object.entries(settings.widths)) {
        if (typeof width === 'number' && Number.isFinite(width) && width > 0) widths[name] = width;
      }
    }
    const filters: Record<string, string> = {};
    if (isJsonObject(settings.filters)) {
      for (const [name, filter] of Object.entries(settings.filters)) {
        if (typeof filter === 'string') filters[name] = filter;
        else if (typeof filter === 'number' || typeof filter === 'boolean') {
          filters[name] = String(filter);
        }
      }
    }
    views.push({
      id,
      name: stringAt(item, 'name', 'title') ?? id,
      isDefault: item.is_default === true || item.isDefault === true,
      columns,
      widths,
      sort: typeof settings.sort === 'string' ? viewSortOf(settings.sort) : null,
      filters,
    });
  }
  return views;
}

/** `<column>:<asc|desc>`, or a bare column (ascending); column names may hold `:`. */
function viewSortOf(value: string): RecordSort | null {
  if (value === '') return null;
  const match = /^(.*):(asc|desc)$/i.exec(value);
  if (match?.[1]) {
    return { column: match[1], direction: match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  }
  return { column: value, direction: 'asc' };
}

const RECORD_FIELD_CONTAINERS = ['fields', 'values', 'data'] as const;
/** Record metadata that is not a column when a service sends columns flat beside `id`. */
const FLAT_RECORD_META = new Set(['id', 'created_at', 'updated_at', 'createdAt', 'updatedAt']);

export function recordOf(value: unknown): RecordRow {
  const record = asObject(value, 'record');
  const id = idOf(record, 'record');
  let fields: JsonObject | null = null;
  for (const key of RECORD_FIELD_CONTAINERS) {
    const container = record[key];
    if (isJsonObject(container)) {
      fields = container;
      break;
    }
  }
  if (fields === null) {
    fields = {};
    for (const [key, fieldValue] of Object.entries(record)) {
      if (!FLAT_RECORD_META.has(key)) fields[key] = fieldValue;
    }
  }
  return {
    id,
    fields,
    createdAt: stringAt(record, 'created_at', 'createdAt'),
    updatedAt: stringAt(record, 'updated_at', 'updatedAt'),
  };
}

export function skillSummaryOf(value: unknown): SkillSummary {
  const { object: skill, id, name } = namedOf(value, 'skill');
  return {
    id,
    name,
    ...textFieldsOf(skill, ['alias_id', 'description', 'created_at', 'updated_at']),
  };
}

function linkedEntityOf(value: unknown): LinkedEntity | null {
  if (!isJsonObject(value)) return null;
  const id = stringAt(value, 'id');
  const type = stringAt(value, 'type', 'entity_type', 'entityType');
  if (id === null || type === null) return null;
  return { type, id, label: stringAt(value, 'label', 'name', 'title') };
}

export function skillDetailOf(body: unknown): SkillDetail {
  const skill = objectOf(body, 'skill');
  const linked = skill.linked_entities ?? skill.linkedEntities;
  return {
    ...skillSummaryOf(skill),
    contentText: stringAt(skill, 'content_text', 'contentText', 'content'),
    linkedEntities: Array.isArray(linked)
      ? linked.map(linkedEntityOf).filter((entity): entity is LinkedEntity => entity !== null)
      : null,
    raw: skill,
  };
}
