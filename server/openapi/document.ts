import { SCOPES } from '../db/api-keys';
import { COLUMN_TYPES, isFilterable } from '../db/column-types';
import type { TableInfo } from '../db/user-tables';
import { ALLOWED_METHODS } from '../http/edge';
import { LIMITS } from '../http/params';
import { UUID_PARAMETER_SCHEMA } from '../routes/filter-values';
import { type OpenApiDocument, ref } from './openapi-types';
import { pathItem, resourceOperations, SINGULAR, tableOperations } from './operations';
import {
  CURSOR,
  columnFilterParameter,
  FILTER_DESCRIPTION,
  limitParameter,
  TABLE_ID,
  viewSchemaOf,
} from './parameters';
import {
  ANY_FIELDS_SCHEMA,
  CELL_VALUE_SCHEMA,
  FILE_SCHEMA,
  recordSchema,
  typedFieldsSchema,
} from './record-schemas';
import { COLUMN_SCHEMA, resourceSchema, tableDetailSchema, VIEW_SCHEMA } from './resource-schemas';
import { ERROR_RESPONSES } from './responses';
import { envelopeSchema, type JsonSchema } from './schemas';
import { withoutUnusedSchemas } from './unused-schemas';

/**
 * The OpenAPI 3.1 document of the public read API, built from what the routes use: the
 * limits (http/params.ts), scopes (db/api-keys.ts), error codes and 400 reasons
 * (http/errors.ts), column types (db/column-types.ts) and the serializer's field lists
 * (schemas.ts). Its parts: the answers (responses.ts), the parameters (parameters.ts), the
 * operations (operations.ts). server/openapi/openapi.test.ts checks that every served path
 * is here and that the server's answers match it.
 */

export const API_DOCUMENT_PATH = '/api/public/v1/openapi.json';
export const TABLE_DOCUMENT_PATH = '/api/public/v1/tables/{tableId}/openapi.json';

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
      filters: filterable.map(columnFilterParameter),
      view: viewSchemaOf(views),
      record: ref('TableRecord'),
    }),
    components: components(typedFieldsSchema(table.columns)),
  });
}
