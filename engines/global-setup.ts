import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { writeHarnessedDashboard } from './support/harness';

/**
 * One real reference server for both engines, as e2e/global-setup.ts starts it: a fresh
 * SQLite file with the demo seed, keys from the real CLI, and the built dashboard (with the
 * suite's harness script, see support/harness.ts). It sets the same variables as the e2e
 * set-up, so the suite asks the API with e2e/support/api.ts.
 */
export default async function globalSetup() {
  const distDir = path.resolve(import.meta.dirname, '../dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the cross-engine suite');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-engines-'));
  const dbPath = path.join(workDir, 'engines.sqlite');
  const dashboardDir = path.join(workDir, 'dashboard');
  writeHarnessedDashboard(distDir, dashboardDir);

  const server = await startReferenceServer({
    dbPath,
    dashboardDir,
    demo: true,
    // Enough Orders for a deep scroll (20 pages), seeded in a few seconds rather than 20.
    records: 10_000,
    rateLimitPerMinute: 1_000_000,
  });
  process.env.E2E_BASE_URL = server.url;
  // After the server has seeded the file: the keys CLI would seed it first, at full size.
  try {
    process.env.E2E_KEY_FULL = createKey({
      dbPath,
      workspace: 'acme',
      name: 'engines-full',
      scopes: ALL_READ_SCOPES,
    });
  } catch (error) {
    await server.stop();
    throw error;
  }

  return async () => {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
