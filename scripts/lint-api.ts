/**
 * `npm run lint:api`: writes the OpenAPI documents the server publishes (the whole API's,
 * and each demo table's) to a temp dir and lints them with Redocly CLI, offline, with
 * server/openapi/lint/redocly.yaml (decision 030). Fails on any error; that config raises
 * every warning it keeps to an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { initializeWorkspaceDb } from '../server/db/initialize';
import { loadTableViews } from '../server/db/table-views';
import { loadTable } from '../server/db/user-tables';
import { WorkspaceDb } from '../server/db/workspace-db';
import { buildApiDocument, buildTableDocument } from '../server/openapi/document';
import { lintWithRedocly } from '../server/openapi/lint/redocly';
import { seedDemo } from '../server/seed/demo-seed';

const dir = mkdtempSync(path.join(tmpdir(), 'wb-openapi-lint-'));
try {
  const files = [path.join(dir, 'api.json')];
  writeFileSync(files[0] as string, JSON.stringify(buildApiDocument(), null, 1));

  // Every demo table's own document: their columns hold the hard names (`a&b=c`, emoji).
  const db = new WorkspaceDb(path.join(dir, 'demo.sqlite'));
  initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders: 0 }));
  const tableIds = db.sqlite.prepare('SELECT id FROM ws_tables ORDER BY created_at, id').pluck();
  for (const id of tableIds.all() as string[]) {
    const table = loadTable(db, id);
    if (table === null) continue;
    const file = path.join(dir, `table-${id}.json`);
    writeFileSync(file, JSON.stringify(buildTableDocument(table, loadTableViews(db, id)), null, 1));
    files.push(file);
  }
  db.close();

  const result = lintWithRedocly(files, 'inherit');
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
