import { SCOPES, type Scope } from '../db/api-keys';
import { COLUMN_TYPES, type ColumnType, isFilterable } from '../db/column-types';
import { CURSOR_PATTERN, MAX_CURSOR_CHARS } from '../db/cursor';
import { type ResourceKind, TASK_STATUSES } from '../db/resources';
import type { TableInfo } from '../db/user-tables';
import { ALLOWED_METHODS } from '../http/edge';
import { BAD_REQUEST_REASONS, type ErrorCode, STATUS_OF } from '../http/errors';
import { LIMITS } from '../http/params';
import { filterValueSchema, UUID_PARAMETER_SCHEMA } from '../routes/filter-values';
import {
  ANY_FIELDS_SCHEMA,
  CELL_VALUE_SCHEMA,
  COLUMN_SCHEMA,
  envelopeSchema,
  FILE_SCHEMA,
  type JsonSchema,
  recordSchema,
  resourceSchema,
  tableDetailSchema,
  typedFieldsSchema,
  VIEW_SCHEMA,
} from './schemas';

/**
 * The OpenAPI 3.1 document of the public read API, built from what the routes use: the
 * limits (http/params.ts), scopes (db/api-keys.ts), error codes and 400 reasons
 * (http/errors.ts), column types (db/column-types.ts) and the serializer's field lists
 * (schemas.ts). server/openapi/openapi.test.ts checks that every served path is here and
 * that the server's answers match it.
 */
export type OpenApiDocument = { openapi: string; paths: Record<string, PathItem> } & JsonSchema;
/**
 * GET, and HEAD (the same answer without its body). `x-other-methods` is the answer to any
 * other method but OPTIONS (a CORS preflight, which no client calls itself): OpenAPI has no
 * operation for "every other method", and generated clients skip `x-` keys.
 */
export type PathItem = { get: Operation; head: Operation; 'x-other-methods': JsonSchema };
type Operation = JsonSchema;

export const API_DOCUMENT_PATH = '/api/public/v1/openapi.json';
export const TABLE_DOCUMENT_PATH = '/api/public/v1/tables/{tableId}/openapi.json';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

// ---- errors (§6) ----

function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(STATUS_OF) as ErrorCode[]).filter((code) => STATUS_OF[code] === status);
}

function errorSchema(status: number, details: JsonSchema | null): JsonSchema {
  const codes = codesWithStatus(status);
  const properties: Record<string, JsonSchema> = {
    // A status without a code of its own yet (503) still documents the body's shape.
    code: codes.length === 0 ? { type: 'string' } : { enum: codes },
    message: { type: 'string', description: 'A sentence a person can act on.' },
    request_id: { type: 'string', description: 'Also in the X-Request-Id header.' },
  };
  if (details !== null) properties.details = details;
  return {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties,
        required: ['code', 'message', 'request_id', ...(details === null ? [] : ['details'])],
        additionalProperties: false,
      },
    },
    required: ['error'],
    additionalProperties: false,
  };
}

const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': {
    description: 'Identifies the request in the server log; quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: "Requests a minute this key's bucket refills.",
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests this key may send now.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'As RateLimit-Remaining (the name Onnie uses).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, when the bucket is full again (as Onnie sends it).',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    schema: { type: 'integer' },
  },
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string' } },
};

/**
 * An answer's headers: `required` ones are on every such answer, the others on some. Written
 * out each time rather than as `$ref`s, as a required header can't be a reference.
 */
const headers = (required: string[], optional: string[] = []) =>
  Object.fromEntries([
    ...required.map((name) => [name, { ...HEADERS[name], required: true }]),
    ...optional.map((name) => [name, HEADERS[name]]),
  ]);
const RATE_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

const ERROR_RESPONSES: Record<string, JsonSchema> = {
  BadRequest: {
    description:
      'A parameter is wrong: `details.param` names it and `details.reason` says how (see the reasons listed in the schema).',
    headers: headers(['X-Request-Id', ...RATE_HEADERS]),
    content: json(
      errorSchema(400, {
        type: 'object',
        properties: {
          param: { type: 'string', description: 'The query parameter, e.g. `filter[status]`.' },
          reason: { enum: [...BAD_REQUEST_REASONS] },
        },
        required: ['param', 'reason'],
        additionalProperties: false,
      }),
    ),
  },
  Unauthorized: {
    description: 'No API key, another scheme than Bearer, or a key that is unknown or revoked.',
    headers: headers(['X-Request-Id', 'WWW-Authenticate']),
    content: json(errorSchema(401, null)),
  },
  Forbidden: {
    description: 'The key lacks the scope this path needs (`details.scope`).',
    headers: headers(['X-Request-Id', ...RATE_HEADERS]),
    content: json(
      errorSchema(403, {
        type: 'object',
        properties: { reason: { const: 'insufficient_scope' }, scope: { enum: [...SCOPES] } },
        required: ['reason', 'scope'],
        additionalProperties: false,
      }),
    ),
  },
  NotFound: {
    description:
      "Nothing with this id in the key's workspace. Another workspace's item answers exactly like a missing one.",
    headers: headers(['X-Request-Id'], RATE_HEADERS),
    content: json(errorSchema(404, null)),
  },
  RateLimited: {
    description:
      "The key's bucket is empty, or this address sent too many requests with a missing or wrong key (or without one, for the API's document): wait `Retry-After` seconds.",
    headers: headers(['X-Request-Id', 'Retry-After'], [...RATE_HEADERS, 'WWW-Authenticate']),
    content: json(errorSchema(429, null)),
  },
  InternalError: {
    description: 'An unexpected failure; the body never holds a stack trace, SQL or a path.',
    headers: headers(['X-Request-Id']),
    content: json(errorSchema(500, null)),
  },
  Unavailable: {
    description: 'The database is busy (another process holds it): try again shortly.',
    headers: headers(['X-Request-Id', 'Retry-After']),
    content: json(errorSchema(503, null)),
  },
};

/** Written out on each path (`x-other-methods`): a reference only from there reads as unused. */
const METHOD_NOT_ALLOWED: JsonSchema = {
  description: `A method other than ${ALLOWED_METHODS}. \`Allow\` lists the ones this path answers.`,
  headers: {
    ...headers(['X-Request-Id']),
    Allow: { description: ALLOWED_METHODS, required: true, schema: { type: 'string' } },
  },
  content: json(errorSchema(405, null)),
};

// ---- parameters (§4) ----

type Parameter = JsonSchema;

function limitParameter(rule: { defaultLimit: number; maxLimit: number }): Parameter {
  return {
    name: 'limit',
    in: 'query',
    description: `Items per page: a whole number from 1, in digits (\`+5\`, \`05\`, \`5.0\` or \` 5\` is a 400); above ${rule.maxLimit} it is capped at ${rule.maxLimit}. Default ${rule.defaultLimit}.`,
    schema: { type: 'integer', minimum: 1, default: rule.defaultLimit },
  };
}

const CURSOR: Parameter = {
  name: 'cursor',
  in: 'query',
  description:
    'The `next_cursor` of the previous page of the same list, with the same sort, filters and view. Cursors do not expire; any other value is a 400 `invalid_cursor`, whether it has their form or not.',
  schema: { type: 'string', pattern: CURSOR_PATTERN, maxLength: MAX_CURSOR_CHARS },
};

const SORT_DESCRIPTION =
  '`<column>:asc` or `<column>:desc`, the direction in lower case (`<column>` alone is ascending): any column, `created_at` or `updated_at`. Nulls sort last both ways; ties are broken by record id. Default `created_at:asc`.';

const FILTER_DESCRIPTION =
  "`filter[<column>]=<value>`: equality, read by the column's type (NUMBER and SERIAL a number as JSON writes it, BOOLEAN `true` or `false`, DATETIME an RFC 3339 instant with seconds or a whole UTC day `2026-03-01`, REFERENCE a record id, MULTISELECT and multi-REFERENCE contain the value, text exactly). Several filters all apply. An empty value matches null and empty cells. FILE, FORMULA and AI columns cannot be filtered.";

const VIEW_DESCRIPTION =
  "The id of one of the table's saved views (`views` of the table): applies its sort and filters. An explicit `sort`, or `filter[<column>]` for a column, replaces the view's. A view of another table: 400 `unknown_view`.";

/** Ids are UUIDs in any case, in a path as in a filter (decision 055). */
function pathParameter(name: string, description: string): Parameter {
  return { name, in: 'path', required: true, description, schema: UUID_PARAMETER_SCHEMA };
}

const TABLE_ID = pathParameter('tableId', 'The table id (`id` in the table list).');

// ---- operations ----

interface OperationSpec {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** null: no key needed. */
  scope: Scope | null;
  parameters: Parameter[];
  success: JsonSchema;
  /** Has query parameters that can be wrong. */
  badRequest: boolean;
  /** Names an item that may not exist. */
  notFound: boolean;
}

function operation(spec: OperationSpec): Operation {
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'OK',
      headers: headers(['X-Request-Id', ...(spec.scope === null ? [] : RATE_HEADERS)]),
      content: json(spec.success),
    },
  };
  if (spec.badRequest) responses['400'] = responseRef('BadRequest');
  if (spec.scope !== null) {
    responses['401'] = responseRef('Unauthorized');
    responses['403'] = responseRef('Forbidden');
  }
  if (spec.notFound) responses['404'] = responseRef('NotFound');
  // A key's bucket, or (for the document that needs no key) its address's.
  responses['429'] = responseRef('RateLimited');
  responses['500'] = responseRef('InternalError');
  if (spec.scope !== null) responses['503'] = responseRef('Unavailable');
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    security: spec.scope === null ? [] : [{ apiKey: [spec.scope] }],
    parameters: spec.parameters,
    responses,
  };
}

/**
 * HEAD answers as GET does, with the same status and headers and no body (so no compression
 * either): checks that an item exists, or reads the rate-limit headers, without the bytes.
 */
function headOperation(get: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, JsonSchema>).map(([status, response]) => {
      const full = (
        typeof response.$ref === 'string'
          ? ERROR_RESPONSES[response.$ref.replace('#/components/responses/', '')]
          : response
      ) as JsonSchema;
      const description = String(full.description).replace(/\.?$/, '.');
      return [status, { description: `${description} No body.`, headers: full.headers }];
    }),
  );
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `${get.summary}: headers only`,
    description: 'As GET, with the same status and headers, without the body.',
    responses,
  };
}

function pathItem(spec: OperationSpec): PathItem {
  const get = operation(spec);
  return {
    get,
    head: headOperation(get),
    'x-other-methods': METHOD_NOT_ALLOWED,
  };
}

const SINGULAR: Record<Exclude<ResourceKind, 'tables'>, string> = {
  skills: 'Skill',
  tasks: 'Task',
  pages: 'Page',
  projects: 'Project',
};

const TASK_FILTER_RULES = 'Empty: as if left out. Sent twice: a 400 (`duplicate_filter`).';
const TASK_ID_RULES =
  "A UUID, in any case as in a path (anything else is a 400, `invalid_filter`); one that names nothing in the key's workspace matches no task: an empty list, not an error.";

function resourceOperations(
  kind: Exclude<ResourceKind, 'tables'>,
  prefix: string,
  idSuffix = '',
): Record<string, PathItem> {
  const name = SINGULAR[kind];
  const scope = `${kind}:read` as Scope;
  const taskFilters: Parameter[] =
    kind === 'tasks'
      ? [
          {
            name: 'status',
            in: 'query',
            description: `Only tasks with this status. ${TASK_FILTER_RULES} Another value is a 400 (\`invalid_filter\`).`,
            schema: { enum: TASK_STATUSES },
            allowEmptyValue: true,
          },
          {
            name: 'project_id',
            in: 'query',
            description: `Only tasks of this project. ${TASK_FILTER_RULES} ${TASK_ID_RULES}`,
            schema: UUID_PARAMETER_SCHEMA,
            allowEmptyValue: true,
          },
          {
            name: 'assignee',
            in: 'query',
            description: `Only tasks assigned to this user or bot (either assignee field). ${TASK_FILTER_RULES} ${TASK_ID_RULES}`,
            schema: UUID_PARAMETER_SCHEMA,
            allowEmptyValue: true,
          },
        ]
      : [];
  return {
    [`${prefix}/${kind}`]: pathItem({
      operationId: `list${name}s${idSuffix}`,
      summary: `List ${kind}`,
      description: `The key's workspace's ${kind}, oldest first (by \`created_at\`, then id).`,
      tag: name === 'Skill' ? 'Skills' : `${name}s`,
      scope,
      parameters: [limitParameter(LIMITS[kind]), CURSOR, ...taskFilters],
      success: envelopeSchema(kind, ref(`${name}ListItem`)),
      badRequest: true,
      notFound: false,
    }),
    [`${prefix}/${kind}/{id}`]: pathItem({
      operationId: `get${name}${idSuffix}`,
      summary: `Get one ${name.toLowerCase()}`,
      description:
        kind === 'projects'
          ? "One project of the key's workspace, with the same fields as in the list."
          : `One ${name.toLowerCase()} of the key's workspace, with the fields its list leaves out.`,
      tag: `${name}s`,
      scope,
      parameters: [pathParameter('id', `The ${name.toLowerCase()} id.`)],
      success: ref(name),
      badRequest: false,
      notFound: true,
    }),
  };
}

interface RecordsSpec {
  tablePath: string;
  pathParameters: Parameter[];
  sort: JsonSchema;
  /** `filter` as one deepObject, or one `filter[<column>]` per column. */
  filters: Parameter[];
  view: JsonSchema;
  record: JsonSchema;
}

function tableOperations(spec: RecordsSpec): Record<string, PathItem> {
  return {
    [spec.tablePath]: pathItem({
      operationId: 'getTable',
      summary: 'Get a table with its columns and saved views',
      description:
        "The table's fields as listed, with `columns` (name, type and settings of each) and its saved `views`.",
      tag: 'Tables',
      scope: 'tables:read',
      parameters: spec.pathParameters,
      success: ref('TableDetail'),
      badRequest: false,
      notFound: true,
    }),
    [`${spec.tablePath}/records`]: pathItem({
      operationId: 'listRecords',
      summary: "List a table's records",
      description:
        'Keyset paging: following `next_cursor` from the first page to null yields every matching record exactly once, in order, also while records change between pages.',
      tag: 'Records',
      scope: 'tables:read',
      parameters: [
        ...spec.pathParameters,
        limitParameter(LIMITS.records),
        CURSOR,
        { name: 'sort', in: 'query', description: SORT_DESCRIPTION, schema: spec.sort },
        ...spec.filters,
        { name: 'view', in: 'query', description: VIEW_DESCRIPTION, schema: spec.view },
      ],
      success: envelopeSchema('records', spec.record),
      badRequest: true,
      notFound: true,
    }),
    [`${spec.tablePath}/records/{recordId}`]: pathItem({
      operationId: 'getRecord',
      summary: 'Get one record',
      description: 'The record as the list shows it: its id, `fields` and times.',
      tag: 'Records',
      scope: 'tables:read',
      parameters: [...spec.pathParameters, pathParameter('recordId', 'The record id.')],
      success: spec.record,
      badRequest: false,
      notFound: true,
    }),
  };
}

/**
 * `TableRecord`, not `Record`: a schema called Record shadows TypeScript's own `Record` in
 * generated clients. `CellValue` only where `fields` is not typed per column.
 */
function components(recordFields: JsonSchema): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    TableListItem: resourceSchema('tables', false),
    TableDetail: tableDetailSchema(),
    Column: COLUMN_SCHEMA,
    View: VIEW_SCHEMA,
    TableRecord: recordSchema(recordFields),
    CellValue: CELL_VALUE_SCHEMA,
    FileValue: FILE_SCHEMA,
  };
  for (const kind of ['skills', 'tasks', 'pages', 'projects'] as const) {
    schemas[`${SINGULAR[kind]}ListItem`] = resourceSchema(kind, false);
    schemas[SINGULAR[kind]] = resourceSchema(kind, true);
  }
  return {
    schemas,
    responses: ERROR_RESPONSES,
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: `\`Authorization: Bearer <API key>\`. A key belongs to one workspace and has scopes: ${SCOPES.join(', ')}. Each operation lists the scope it needs.`,
      },
    },
  };
}

/**
 * The project grants no license (package.json: private), and the document says so rather
 * than leaving the terms unstated; a project that picks one names it here (decision 055).
 */
const LICENSE = {
  name: 'Proprietary: no license is granted, all rights reserved',
  identifier: 'LicenseRef-Proprietary',
};

const API_DESCRIPTION = `Read-only access to one workspace's tables and records, skills, tasks, pages and projects, with an API key (\`Authorization: Bearer <key>\`). Lists are pages of \`{ "<items>": [...], "next_cursor": … }\`; errors are \`{ "error": { "code", "message", "details", "request_id" } }\`. Every response allows any origin by CORS unless the server is configured otherwise; other methods than ${ALLOWED_METHODS} are a 405. The server behind this document is the project's reference implementation (docs/api.md in the repository).`;

/** Its fields are OpenAPI's; `additionalProperties`, or generated clients type it as empty. */
const OPENAPI_DOCUMENT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An OpenAPI 3.1 document.',
  properties: { openapi: { type: 'string' } },
  required: ['openapi'],
  additionalProperties: {},
};

const TAGS = [
  { name: 'Tables', description: "The workspace's tables, with their columns and saved views." },
  { name: 'Records', description: "A table's rows: sorted, filtered, paged by cursor." },
  { name: 'Skills', description: 'Instructions written in Markdown.' },
  { name: 'Tasks', description: 'Work items, by status, project and assignee.' },
  { name: 'Pages', description: 'Documents, in a tree by `parent_page_id`.' },
  { name: 'Projects', description: 'What tables, tasks and pages belong to.' },
  { name: 'Documents', description: 'OpenAPI documents of this API.' },
];

/**
 * Paths are written whole (`/api/public/v1/…`, and `/v1/skills` beside it), so the server is
 * the service's origin alone. A variable with a default, not `/`: generated clients take
 * `servers[0]` as their base URL and have none to use with a relative one.
 */
const SERVERS = [
  {
    url: '{origin}',
    description:
      "The service's origin: scheme, host and port, without a path or a trailing slash (the paths start with /api/public/v1, or /v1 for skills).",
    variables: {
      origin: {
        default: 'http://127.0.0.1:8787',
        description: 'The reference server as `npm start` runs it.',
      },
    },
  },
];

/** The whole API (GET /api/public/v1/openapi.json). */
export function buildApiDocument(): OpenApiDocument {
  const typeList = COLUMN_TYPES.join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Data Service: public read API',
      version: '1.0.0',
      license: LICENSE,
      description: API_DESCRIPTION,
    },
    servers: SERVERS,
    security: [{ apiKey: [] }],
    tags: TAGS,
    paths: {
      [API_DOCUMENT_PATH]: pathItem({
        operationId: 'getApiDocument',
        summary: 'This document',
        description:
          'The OpenAPI document of the whole API. No key needed: it holds no workspace data.',
        tag: 'Documents',
        scope: null,
        parameters: [],
        success: OPENAPI_DOCUMENT_SCHEMA,
        badRequest: false,
        notFound: false,
      }),
      '/api/public/v1/tables': pathItem({
        operationId: 'listTables',
        summary: 'List tables',
        description: "The key's workspace's tables, oldest first.",
        tag: 'Tables',
        scope: 'tables:read',
        parameters: [limitParameter(LIMITS.tables), CURSOR],
        success: envelopeSchema('tables', ref('TableListItem')),
        badRequest: true,
        notFound: false,
      }),
      ...tableOperations({
        tablePath: '/api/public/v1/tables/{tableId}',
        pathParameters: [TABLE_ID],
        // Only the columns every table has: an example must hold on every table.
        sort: { type: 'string', examples: ['created_at:desc', 'updated_at'] },
        filters: [
          {
            name: 'filter',
            in: 'query',
            description: `${FILTER_DESCRIPTION} Column names are not known here: the table's own document (\`/tables/{tableId}/openapi.json\`) lists each \`filter[<column>]\` as a parameter of its own, which generated clients encode properly.`,
            style: 'deepObject',
            explode: true,
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          },
        ],
        view: UUID_PARAMETER_SCHEMA,
        record: ref('TableRecord'),
      }),
      [TABLE_DOCUMENT_PATH]: pathItem({
        operationId: 'getTableDocument',
        summary: "An OpenAPI document of one table, with its record's typed fields",
        description: `The same operations for this one table, with \`fields\` typed per column (${typeList}), \`sort\` listing its columns, each filterable column's \`filter[<column>]\` a parameter of its own, and \`view\` its saved views.`,
        tag: 'Documents',
        scope: 'tables:read',
        parameters: [TABLE_ID],
        success: OPENAPI_DOCUMENT_SCHEMA,
        badRequest: false,
        notFound: true,
      }),
      ...resourceOperations('skills', '/api/public/v1'),
      ...resourceOperations('skills', '/v1', 'AtV1'),
      ...resourceOperations('tasks', '/api/public/v1'),
      ...resourceOperations('pages', '/api/public/v1'),
      ...resourceOperations('projects', '/api/public/v1'),
    },
    components: components(ANY_FIELDS_SCHEMA),
  };
}

const FILTER_VALUE_OF: Partial<Record<ColumnType, string>> = {
  NUMBER: "equals this number, as JSON writes it (`42`, `9.5`, `-1e3`), within a double's range",
  SERIAL: 'equals this whole number, in digits (`42`)',
  BOOLEAN: 'is `true` or `false` (lower case)',
  DATETIME:
    'is this instant (RFC 3339 with seconds: `2026-03-01T09:30:00Z`), or falls on this UTC day (`2026-03-01`)',
  SELECT: 'is this text (usually one of its options; a cell may hold one no longer listed)',
  MULTISELECT:
    'contains this option (usually one of its options; a cell may hold one no longer listed)',
  REFERENCE: 'is, or lists, this record id (a UUID, in any case)',
};

/** `view`: a UUID, with the table's saved views as examples (any other id is a 400). */
function viewSchemaOf(views: readonly { id: string; name: string }[]): JsonSchema {
  if (views.length === 0) return UUID_PARAMETER_SCHEMA;
  return {
    ...UUID_PARAMETER_SCHEMA,
    description: `One of: ${views.map((view) => `${view.id} (${view.name})`).join(', ')}.`,
    examples: views.map((view) => view.id),
  };
}

/**
 * One table's document: its paths with the id filled in, `fields` typed per column, and
 * each filterable column's `filter[<column>]` a query parameter of its own, so a generated
 * client encodes the column's name (`&`, `#`, `+`, brackets) like any parameter name.
 */
export function buildTableDocument(
  table: TableInfo,
  views: readonly { id: string; name: string }[] = [],
): OpenApiDocument {
  const columnNames = table.columns.map((column) => column.name);
  const sortValues = [...columnNames, 'created_at', 'updated_at'].flatMap((name) => [
    name,
    `${name}:asc`,
    `${name}:desc`,
  ]);
  const filterable = table.columns.filter((column) => isFilterable(column.type));
  const document = buildApiDocument();
  return withoutUnusedSchemas({
    ...document,
    info: {
      title: `Workspace Data Service: the table "${table.name}"`,
      version: '1.0.0',
      license: LICENSE,
      description: `The table ${table.id} of the public read API, with its records' fields typed per column. The whole API: ${API_DOCUMENT_PATH}.`,
    },
    tags: TAGS.filter((tag) => tag.name === 'Tables' || tag.name === 'Records'),
    paths: tableOperations({
      tablePath: `/api/public/v1/tables/${table.id}`,
      pathParameters: [],
      sort: { enum: sortValues },
      filters: filterable.map((column) => ({
        name: `filter[${column.name}]`,
        in: 'query',
        description: `Records whose \`${column.name}\` (${column.type}) ${FILTER_VALUE_OF[column.type] ?? 'equals this value'}. An empty value matches empty cells. Sent twice: a 400 (\`duplicate_filter\`); a value its schema does not allow: a 400 (\`invalid_filter\`).`,
        schema: filterValueSchema(column),
        allowEmptyValue: true,
      })),
      view: viewSchemaOf(views),
      record: ref('TableRecord'),
    }),
    components: components(typedFieldsSchema(table.columns)),
  });
}

/** `$ref`s anywhere in a value. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/**
 * The document without the component schemas nothing refers to: a table's document has no
 * skills, and a table without a FILE column no `FileValue`. Lint tools fail unused ones.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const { schemas, ...rest } = document.components as { schemas: Record<string, JsonSchema> };
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  let pending = [...refsIn({ ...document, components: rest }, new Set())];
  while (pending.length > 0) {
    const next: string[] = [];
    for (const target of pending) {
      const name = target.startsWith(prefix) ? target.slice(prefix.length) : null;
      if (name === null || used.has(name) || schemas[name] === undefined) continue;
      used.add(name);
      next.push(...refsIn(schemas[name], new Set()));
    }
    pending = next;
  }
  return {
    ...document,
    components: {
      ...rest,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
