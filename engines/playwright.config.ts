import { defineConfig } from '@playwright/test';
import type { EngineOptions } from './support/fixtures';

/**
 * The cross-engine suite (engines/README.md): Playwright Test as the runner only. The
 * browsers are Debian's Firefox ESR and WebKitGTK, which Playwright cannot drive; the
 * suite's fixtures drive them (docs/decisions/052).
 */
export default defineConfig<EngineOptions>({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // One engine at a time: each holds a browser, and the machine has two cores.
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  projects: [
    { name: 'firefox', use: { engineName: 'firefox' } },
    { name: 'webkit', use: { engineName: 'webkit' } },
  ],
});
