import { Hono } from 'hono';
import { loadTableViews } from '../db/table-views';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonResponse } from '../http/edge';
import { clientAddressOf, guard, spendKeyless } from '../http/guard';
import { visibleTable } from '../routes/tables';
import { API_DOCUMENT_PATH, buildApiDocument, buildTableDocument } from './document';

/**
 * The OpenAPI documents: the whole API without a key (it holds no workspace data; limited
 * per address like requests without a key), and one table's, which names its columns, with
 * `tables:read` like the table itself.
 */
export function openApiRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const apiDocument = JSON.stringify(buildApiDocument());

  app.get(API_DOCUMENT_PATH, (c) => {
    spendKeyless(deps, clientAddressOf(c));
    return new Response(apiDocument, {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
    });
  });

  app.get('/api/public/v1/tables/:tableId/openapi.json', guard(deps, 'tables:read'), (c) => {
    const table = visibleTable(deps, c.req.param('tableId'), c.get('identity').workspaceId);
    return jsonResponse(
      JSON.stringify(buildTableDocument(table, loadTableViews(deps.db, table.id))),
    );
  });

  return app;
}
