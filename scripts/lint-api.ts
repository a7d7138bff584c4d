/**
 * `npm run lint:api`: writes the OpenAPI documents the server publishes (the whole API's,
 * and each demo table's) to a temp dir and lints them with Redocly CLI, offline, with
 * server/openapi/lint/redocly.yaml (decision 030). Fails on any error; that config raises
 * every warning it keeps to an error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTableViews } from '../server/db/table-views';
import { loadTable } from '../server/db/user-tables';
import { WorkspaceDb } from '../server/db/workspace-db';
import { buildApiDocument, buildTableDocument } from '../server/openapi/document';
import { seedDemo } from '../server/seed/demo-seed';
import { repoRoot } from './lib/processes';

const dir = mkdtempSync(path.join(tmpdir(), 'wb-openapi-lint-'));
try {
  const files = [path.join(dir, 'api.json')];
  writeFileSync(files[0] as string, JSON.stringify(buildApiDocument(), null, 1));

  // Every demo table's own document: their columns hold the hard names (`a&b=c`, emoji).
  const db = new WorkspaceDb(path.join(dir, 'demo.sqlite'));
  db.initialize((fresh) => seedDemo(fresh, { orders: 0 }));
  const tableIds = db.sqlite.prepare('SELECT id FROM ws_tables ORDER BY created_at, id').pluck();
  for (const id of tableIds.all() as string[]) {
    const table = loadTable(db, id);
    if (table === null) continue;
    const file = path.join(dir, `table-${id}.json`);
    writeFileSync(file, JSON.stringify(buildTableDocument(table, loadTableViews(db, id)), null, 1));
    files.push(file);
  }
  db.close();

  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/redocly'),
    [
      'lint',
      '--config',
      path.join(repoRoot, 'server/openapi/lint/redocly.yaml'),
      '--format',
      'codeframe',
      ...files,
    ],
    {
      stdio: 'inherit',
      // No telemetry, no update check: the lint reads nothing and sends nothing over the network.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (result.error !== undefined) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
