import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from './scripts/lib/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
  },
});
