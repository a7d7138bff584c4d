import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';

/**
 * One real reference server for the suite: a fresh SQLite file with the demo seed, the
 * built dashboard on the same origin (`npm run build` runs before the e2e step), and keys
 * made with the real CLI. Tests only read, so workers can share it.
 */
export default async function globalSetup() {
  const dashboardDir = path.resolve(import.meta.dirname, '../dist');
  if (!existsSync(path.join(dashboardDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e tests');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-e2e-'));
  const dbPath = path.join(workDir, 'e2e.sqlite');

  process.env.E2E_KEY_FULL = createKey({
    dbPath,
    workspace: 'acme',
    name: 'e2e-full',
    scopes: ALL_READ_SCOPES,
  });
  process.env.E2E_KEY_NO_TABLES = createKey({
    dbPath,
    workspace: 'acme',
    name: 'e2e-skills-only',
    scopes: ['skills:read'],
  });
  process.env.E2E_KEY_GLOBEX = createKey({
    dbPath,
    workspace: 'globex',
    name: 'e2e-globex',
    scopes: ALL_READ_SCOPES,
  });

  // The tests scroll through thousands of records; the default burst would throttle them.
  const server = await startReferenceServer({
    dbPath,
    dashboardDir,
    demo: true,
    rateLimitPerMinute: 1_000_000,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DB_PATH = dbPath;

  return async () => {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
