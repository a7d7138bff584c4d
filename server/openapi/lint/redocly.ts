import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const repoRoot = path.resolve(here, '../../..');

/**
 * Redocly CLI's lint of OpenAPI document files with this folder's config, offline: no
 * telemetry, no update check, no remote ruleset (decision 030). `inherit` prints its report
 * as it comes; `pipe` returns it.
 */
export function lintWithRedocly(
  files: readonly string[],
  stdio: 'inherit' | 'pipe',
): SpawnSyncReturns<string> {
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/redocly'),
    ['lint', '--config', path.join(here, 'redocly.yaml'), '--format', 'codeframe', ...files],
    {
      stdio,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (result.error !== undefined) throw result.error;
  return result;
}
