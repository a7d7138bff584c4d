import type { Page } from '@playwright/test';
import { keys } from './fixtures';

/**
 * The single-connection entry the dashboard still reads (src/lib/auth/connection-storage.ts):
 * seeding it is the shortest way to start connected.
 */
export const CONNECTION_STORAGE_KEY = 'workspace-browser.connection';

/**
 * Starts the page as a tab that already connected with `apiKey` (the key in
 * sessionStorage, the service at `serviceUrl`: '' is this origin, a fault proxy's URL puts
 * the proxy in between), so tests of the screens behind the key don't each walk through
 * the connect form; connect.spec.ts tests that form itself.
 * Only the first document load of the tab gets it: a later Sign out stays signed out.
 */
export async function startConnected(
  page: Page,
  apiKey: string = keys.full,
  serviceUrl = '',
): Promise<void> {
  await page.addInitScript(
    ({ storageKey, key, url }) => {
      const seeded = 'e2e.connection-seeded';
      if (sessionStorage.getItem(seeded) !== null) return;
      sessionStorage.setItem(seeded, '1');
      sessionStorage.setItem(
        storageKey,
        JSON.stringify({ serviceUrl: url, apiKey: key, skillsPath: null }),
      );
    },
    { storageKey: CONNECTION_STORAGE_KEY, key: apiKey, url: serviceUrl },
  );
}

/**
 * Everything this origin keeps in each storage, as one text per storage (the workspaces
 * list, the legacy connection entry, …), to check where a key is and is not.
 */
export function storedText(page: Page): Promise<{ session: string; local: string }> {
  return page.evaluate(() => {
    const textOf = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const name = storage.key(index) ?? '';
        return `${name}=${storage.getItem(name) ?? ''}`;
      }).join('\n');
    return { session: textOf(sessionStorage), local: textOf(localStorage) };
  });
}
