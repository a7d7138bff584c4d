import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { CATALOG_AREAS } from './src/lib/i18n/catalogs';
import { readyCatalogs } from './src/lib/i18n/i18n';

// findBy*/waitFor give up after 1 s by default: a lazy route or a chain of queries can take
// longer than that on a busy machine, and what the tests assert is the outcome, not its speed.
configure({ asyncUtilTimeout: 10_000 });

// A console.error during a test (React warnings, act() problems, failed renders) fails it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

// Test files share a worker's jsdom (isolate: false in vite.config.ts): each file starts as
// a fresh jsdom would, whatever the one before it left in the page.
afterAll(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
});

// Every screen's messages in English, as a person whose browser asks for English sees them.
await readyCatalogs('en', CATALOG_AREAS);
