import type { Scope } from '../db/api-keys';
import type { ResourceKind } from '../db/resources';
import { LIMITS } from '../http/params';
import {
  json,
  type Operation,
  type Parameter,
  type PathItem,
  ref,
  responseRef,
} from './openapi-types';
import {
  CURSOR,
  limitParameter,
  pathParameter,
  SORT_DESCRIPTION,
  TASK_FILTERS,
  VIEW_DESCRIPTION,
} from './parameters';
import { ERROR_RESPONSES, headers, METHOD_NOT_ALLOWED, RATE_HEADERS } from './responses';
import { envelopeSchema, type JsonSchema } from './schemas';

/**
 * The operations of the documents: each path's GET with the answers its spec says it can
 * give, its HEAD derived from it, and the 405 of every other method.
 */

export interface OperationSpec {
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

export function pathItem(spec: OperationSpec): PathItem {
  const get = operation(spec);
  return {
    get,
    head: headOperation(get),
    'x-other-methods': METHOD_NOT_ALLOWED,
  };
}

export const SINGULAR: Record<Exclude<ResourceKind, 'tables'>, string> = {
  skills: 'Skill',
  tasks: 'Task',
  pages: 'Page',
  projects: 'Project',
};

export function resourceOperations(
  kind: Exclude<ResourceKind, 'tables'>,
  prefix: string,
  idSuffix = '',
): Record<string, PathItem> {
  const name = SINGULAR[kind];
  const scope = `${kind}:read` as Scope;
  const taskFilters = kind === 'tasks' ? TASK_FILTERS : [];
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

export interface RecordsSpec {
  tablePath: string;
  pathParameters: Parameter[];
  sort: JsonSchema;
  /** `filter` as one deepObject, or one `filter[<column>]` per column. */
  filters: Parameter[];
  view: JsonSchema;
  record: JsonSchema;
}

export function tableOperations(spec: RecordsSpec): Record<string, PathItem> {
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
