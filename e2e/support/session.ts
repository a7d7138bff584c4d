import type { Page } from '@playwright/test';
import { keys } from './fixtures';

/** Where the dashboard keeps the connection (src/lib/auth/connection-storage.ts). */
export const CONNECTION_STORAGE_KEY = 'workspace-browser.connection';

/**
 * Starts the page as a tab that already connected with `apiKey` (the key in
 * sessionStorage, the service on this origin), so tests of the screens behind the key
 * don't each walk through the connect form; connect.spec.ts tests that form itself.
 * Only the first document load of the tab gets it: a later Sign out stays signed out.
 */
export async function startConnected(page: Page, apiKey: string = keys.full): Promise<void> {
  await page.addInitScript(
    ({ storageKey, key }) => {
      const seeded = 'e2e.connection-seeded';
      if (sessionStorage.getItem(seeded) !== null) return;
      sessionStorage.setItem(seeded, '1');
      sessionStorage.setItem(
        storageKey,
        JSON.stringify({ serviceUrl: '', apiKey: key, skillsPath: null }),
      );
    },
    { storageKey: CONNECTION_STORAGE_KEY, key: apiKey },
  );
}

/** Both storages' copy of the connection, as the page sees them. */
export function storedConnections(
  page: Page,
): Promise<{ session: string | null; local: string | null }> {
  return page.evaluate((storageKey) => {
    return {
      session: sessionStorage.getItem(storageKey),
      local: localStorage.getItem(storageKey),
    };
  }, CONNECTION_STORAGE_KEY);
}
