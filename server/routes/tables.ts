import { Hono } from 'hono';
import type { ApiKeyIdentity } from '../db/api-keys';
import { LONG_KEY_CHARS, longKeyOf, longKeyToken } from '../db/cursor';
import { uuidOf } from '../db/ids';
import { loadRecordJson } from '../db/record-by-id';
import { queryRecordPage, type RecordPosition, type SortTarget } from '../db/record-query';
import { listResources } from '../db/resources';
import { loadTableViews, type TableView } from '../db/table-views';
import { loadTable, type TableInfo } from '../db/user-tables';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonResponse } from '../http/edge';
import { notFound } from '../http/errors';
import { guard } from '../http/guard';
import {
  cursorPositionOf,
  invalidCursor,
  LIMITS,
  limitOf,
  nextCursorJson,
  queryOf,
} from '../http/params';
import { recordListQueryOf } from './record-params';
import { resourcePositionOf, serializeResource } from './serialize';

const RECORDS_OPEN = Buffer.from('{"records":[');

const RECORD_NOT_FOUND =
  'This table has no record with this id. It may have been deleted, or belong to another table.';

const TABLE_NOT_FOUND =
  'No table with this id exists in the workspace of this API key. Check the id in the table list.';

/** /api/public/v1/tables, /tables/{tableId}, /tables/{tableId}/records and one record. */
export function tablesRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const requireTables = guard(deps, 'tables:read');

  app.get('/', requireTables, (c) => {
    const query = queryOf(c);
    const limit = limitOf(query, LIMITS.tables);
    const workspaceId = c.get('identity').workspaceId;
    const binding = `tables|${workspaceId}`;
    const after = resourcePositionOf(cursorPositionOf(query, db.cursorSecret, binding));
    const page = listResources(db, 'tables', { workspaceId, after, limit });
    const items = page.rows.map((row) => serializeResource('tables', row, false));
    return jsonResponse(
      `{"tables":[${items.join(',')}],"next_cursor":${nextCursorJson(db.cursorSecret, binding, page.next)}}`,
    );
  });

  app.get('/:tableId', requireTables, (c) => {
    const table = visibleTable(deps, c.req.param('tableId'), c.get('identity').workspaceId);
    return jsonResponse(JSON.stringify(tableDetailOf(table, loadTableViews(db, table.id))));
  });

  app.get('/:tableId/records', requireTables, (c) => {
    const body = recordsPageBody(deps, c.req.param('tableId'), c.get('identity'), queryOf(c));
    return jsonResponse(Buffer.concat(body));
  });

  app.get('/:tableId/records/:recordId', requireTables, (c) => {
    const table = visibleTable(deps, c.req.param('tableId'), c.get('identity').workspaceId);
    const recordId = uuidOf(c.req.param('recordId'));
    const record = recordId === null ? null : loadRecordJson(db, table, recordId);
    if (record === null) throw notFound(RECORD_NOT_FOUND);
    return jsonResponse(record);
  });

  return app;
}

/**
 * GET /tables/{tableId}/records for an authorized key: the page's JSON body as pieces to
 * write one after the other (the records stay the UTF-8 bytes SQLite joined; only the
 * envelope is encoded here). Throws the ApiError to answer with. Shared by the Hono route
 * above and the records fast path (server/http/records-fast-path.ts).
 */
export function recordsPageBody(
  deps: AppDeps,
  tableId: string,
  identity: ApiKeyIdentity,
  query: URLSearchParams,
): Buffer[] {
  const { db } = deps;
  const table = visibleTable(deps, tableId, identity.workspaceId);
  const limit = limitOf(query, LIMITS.records);
  const listQuery = recordListQueryOf(db, table, query, loadTableViews(db, table.id));
  const after = recordPositionOf(
    deps,
    table,
    listQuery.sort.target,
    cursorPositionOf(query, db.cursorSecret, listQuery.binding),
  );
  const page = queryRecordPage(db, table, {
    sort: listQuery.sort,
    filters: listQuery.filters,
    after,
    limit,
  });
  const next = page.next === null ? null : cursorOfRecordPosition(page.next);
  const tail = `],"next_cursor":${nextCursorJson(db.cursorSecret, listQuery.binding, next)}}`;
  return [RECORDS_OPEN, page.recordsJson, Buffer.from(tail)];
}

export function visibleTable(deps: AppDeps, tableId: string, workspaceId: string): TableInfo {
  const id = uuidOf(tableId);
  const table = id === null ? null : loadTable(deps.db, id);
  // Another workspace's table is indistinguishable from a missing one (§5).
  if (table === null || table.workspaceId !== workspaceId) throw notFound(TABLE_NOT_FOUND);
  return table;
}

function tableDetailOf(table: TableInfo, views: readonly TableView[]): Record<string, unknown> {
  return {
    id: table.id,
    alias_id: table.aliasId,
    name: table.name,
    description: table.description,
    project_id: table.projectId,
    created_at: table.createdAt,
    updated_at: table.updatedAt,
    columns: table.columns.map((column) => ({
      id: column.id,
      name: column.name,
      description: column.description,
      type: column.type,
      settings: column.settings,
      order_index: column.orderIndex,
      required: column.required,
      default_value: column.defaultValue,
      is_primary: column.isPrimary,
    })),
    views: views.map((view) => ({
      id: view.id,
      name: view.name,
      view_type: view.viewType,
      settings: view.settings,
      is_default: view.isDefault,
    })),
  };
}

/**
 * Cursor position of records: [in nulls run, key, id, key is a hash, 1]. The trailing 1
 * says the next page starts at this record; cursors without it (issued before decision
 * 027) name the last record of their page, and the next page starts after it.
 */
function cursorOfRecordPosition(position: RecordPosition): (string | number | null)[] {
  const { key } = position;
  const at = position.at ? [1] : [];
  if (typeof key === 'string' && key.length > LONG_KEY_CHARS) {
    return [position.nulls ? 1 : 0, longKeyToken(key), position.id, 1, ...at];
  }
  return [position.nulls ? 1 : 0, key, position.id, 0, ...at];
}

function recordPositionOf(
  deps: AppDeps,
  table: TableInfo,
  target: SortTarget,
  raw: (string | number | boolean | null)[] | null,
): RecordPosition | null {
  if (raw === null) return null;
  const [nulls, key, id, hashed, startsAt] = raw;
  if (
    !(raw.length === 4 || (raw.length === 5 && startsAt === 1)) ||
    (nulls !== 0 && nulls !== 1) ||
    typeof id !== 'string'
  ) {
    throw invalidCursor();
  }
  const at = raw.length === 5;
  if (hashed === 1) {
    const stored = typeof key === 'string' ? longKeyOf(deps.db, table, target, id, key) : null;
    if (stored === null) throw invalidCursor();
    return { nulls: false, key: stored, id, at };
  }
  if (hashed !== 0 || !(key === null || typeof key === 'string' || typeof key === 'number')) {
    throw invalidCursor();
  }
  if ((nulls === 1) !== (key === null)) throw invalidCursor();
  return { nulls: nulls === 1, key, id, at };
}
