import { test as base, expect } from '@playwright/test';
import { keys } from '../../e2e/support/fixtures';
import { CONNECTION_STORAGE_KEY } from '../../e2e/support/session';
import { type Engine, type EngineName, type EngineTab, harnessCall } from './engine';
import { launchFirefox } from './firefox';
import { type EngineHarness, type HarnessDownload, type Query, START_PAGE } from './harness';
import { launchWebKit } from './webkit';

export interface EngineOptions {
  engineName: EngineName;
}

const LOCALE_STORAGE_KEY = 'workspace-browser:locale';

/**
 * The dashboard in one engine's tab, found and used as a person would: elements by role,
 * name or label (Testing Library in the page), clicks and keys through the driver.
 * Every lookup waits (up to the expect timeout) for what it looks for to appear.
 */
export class App {
  constructor(
    readonly tab: EngineTab,
    readonly baseUrl: string,
  ) {}

  /**
   * A fresh tab on this origin: no storage, English, a desk's viewport (1366 × 800), and
   * connected with the full key, unless told otherwise.
   */
  async start(
    options: {
      connected?: boolean;
      locale?: string;
      viewport?: { width: number; height: number };
    } = {},
  ): Promise<void> {
    const viewport = options.viewport ?? { width: 1366, height: 800 };
    await this.tab.resize(viewport.width, viewport.height);
    await this.tab.goto(`${this.baseUrl}/${START_PAGE}`);
    await this.tab.evaluate(
      ({ connection, connectionKey, locale, localeKey }) => {
        localStorage.clear();
        sessionStorage.clear();
        localStorage.setItem(localeKey, locale);
        if (connection) sessionStorage.setItem(connectionKey, connection);
      },
      {
        connection:
          options.connected === false
            ? null
            : JSON.stringify({ serviceUrl: '', apiKey: keys.full, skillsPath: null }),
        connectionKey: CONNECTION_STORAGE_KEY,
        locale: options.locale ?? 'en',
        localeKey: LOCALE_STORAGE_KEY,
      },
    );
  }

  /** Opens a route of the dashboard (`/tables/<id>?sort=…`), a new document if none is open. */
  async open(route: string): Promise<void> {
    await this.tab.goto(`${this.baseUrl}/#${route}`);
  }

  async hash(): Promise<string> {
    return this.tab.evaluate(() => decodeURIComponent(location.hash), null);
  }

  count(query: Query): Promise<number> {
    return harnessCall(this.tab, 'count', query).then((count) => count ?? 0);
  }

  text(query: Query): Promise<string | null> {
    return harnessCall(this.tab, 'text', query);
  }

  /** Waits until `query` finds an element. */
  async waitFor(query: Query): Promise<void> {
    await expect.poll(() => this.count(query), { message: describe(query) }).toBeGreaterThan(0);
  }

  /** A selector for the element `query` finds, once it is there. */
  async target(query: Query): Promise<string> {
    let selector: string | null = null;
    await expect
      .poll(
        async () => {
          selector = await harnessCall(this.tab, 'target', query);
          return selector;
        },
        { message: describe(query) },
      )
      .not.toBeNull();
    return selector as unknown as string;
  }

  async click(query: Query): Promise<void> {
    await this.tab.click(await this.target(query));
  }

  async type(query: Query, text: string): Promise<void> {
    await this.tab.type(await this.target(query), text);
  }

  async select(query: Query, value: string): Promise<void> {
    await this.tab.select(await this.target(query), value);
  }

  press(key: Parameters<EngineTab['press']>[0]): Promise<void> {
    return this.tab.press(key);
  }

  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.tab.evaluate(fn, arg);
  }

  /** The files the page handed to a download, named as the person gets them. */
  async downloads(): Promise<HarnessDownload[]> {
    return (await harnessCall(this.tab, 'downloads')) ?? [];
  }

  /** The bytes of a download, as text: read from the Blob the page made for it. */
  downloadText(download: HarnessDownload): Promise<string | null> {
    return this.tab.evaluate(
      (href) =>
        (window as unknown as { engineHarness: EngineHarness }).engineHarness.blobText(href),
      download.href,
    );
  }

  /** Forgets the errors seen so far: for a test that causes them on purpose. */
  async clearErrors(): Promise<void> {
    await harnessCall(this.tab, 'clearErrors');
    this.tab.driverErrors().length = 0;
  }

  /** Every uncaught error and unhandled rejection so far, in the page and its workers. */
  async errors(): Promise<string[]> {
    const inPage = (await harnessCall(this.tab, 'errors').catch(() => null)) ?? [];
    return [...inPage, ...this.tab.driverErrors()];
  }
}

function describe(query: Query): string {
  return `the page shows ${JSON.stringify(query)}`;
}

export const test = base.extend<{ app: App }, EngineOptions & { engine: Engine }>({
  engineName: ['firefox', { option: true, scope: 'worker' }],
  engine: [
    async ({ engineName }, use) => {
      const engine = engineName === 'firefox' ? await launchFirefox() : await launchWebKit();
      await use(engine);
      await engine.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // An uncaught error or unhandled rejection in the page or any of its workers fails the test.
  app: async ({ engine }, use, testInfo) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: engines/global-setup.ts did not run');
    testInfo.annotations.push({ type: 'engine', description: `${engine.name} ${engine.version}` });
    const tab = await engine.newTab();
    const app = new App(tab, baseUrl);
    try {
      await use(app);
      expect(await app.errors(), `uncaught errors in ${engine.name}`).toEqual([]);
    } finally {
      await tab.close();
    }
  },
});

export { expect };
