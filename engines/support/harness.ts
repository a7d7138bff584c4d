import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/processes';

/**
 * The built dashboard as the cross-engine suite serves it: dist/ unchanged but for one
 * same-origin script loaded first (so the server's Content-Security-Policy, `script-src
 * 'self'`, holds) and an empty page to seed storage from.
 *
 * Classic WebDriver (WebKit's driver) cannot run a script before a page's own, and only
 * Chromium reports a worker's errors to a test tool. The script does it the same way in
 * every engine from the page's first byte: it keeps each uncaught error, unhandled
 * rejection and dedicated worker error in sessionStorage (so a reload keeps them), notes
 * each file the page hands to a download, and carries Testing Library's DOM queries, so a
 * test finds elements by role and name as a person would, whatever the driver.
 */
export const HARNESS_FILE = 'engine-harness.js';
export const START_PAGE = 'engine-start.html';
/** A worker that throws as it starts, as the Markdown worker once did: proves the watch. */
export const FAILING_WORKER = 'engine-failing-worker.js';

export function writeHarnessedDashboard(distDir: string, outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(distDir, outDir, { recursive: true });
  // The server prefers a precompressed sibling: it would serve the page without the script.
  rmSync(path.join(outDir, 'index.html.br'), { force: true });
  rmSync(path.join(outDir, 'index.html.gz'), { force: true });
  const indexFile = path.join(outDir, 'index.html');
  const index = readFileSync(indexFile, 'utf8');
  if (!index.includes('<head>')) throw new Error('dist/index.html has no <head>');
  writeFileSync(
    indexFile,
    index.replace('<head>', `<head>\n    <script src="./${HARNESS_FILE}"></script>`),
  );
  // A worker's unhandled rejection reaches no page: thrown again, it becomes the worker's
  // uncaught error, which the page's Worker object receives (and the script reports).
  const assets = path.join(outDir, 'assets');
  for (const name of readdirSync(assets).filter((file) => /\.worker-[\w-]+\.js$/.test(file))) {
    const file = path.join(assets, name);
    writeFileSync(file, `${WORKER_REJECTIONS_THROWN}\n${readFileSync(file, 'utf8')}`);
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
  }
  const testingLibrary = readFileSync(
    path.join(repoRoot, 'node_modules/@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
    'utf8',
  );
  writeFileSync(
    path.join(outDir, HARNESS_FILE),
    `${testingLibrary}\n;(${installHarness.toString()})();\n`,
  );
  writeFileSync(path.join(outDir, FAILING_WORKER), "document.createElement('textarea');\n");
  writeFileSync(
    path.join(outDir, START_PAGE),
    '<!doctype html><html lang="en"><title>Engine suite</title></html>\n',
  );
}

const WORKER_REJECTIONS_THROWN =
  "self.addEventListener('unhandledrejection', (event) => { setTimeout(() => { throw event.reason; }); });";

/** What a test asks the page for: an element found as a person would find it. */
export interface Query {
  role?: string;
  /** The accessible name, exactly. */
  name?: string;
  /** The accessible name matches this regular expression (source, case-sensitive). */
  nameMatches?: string;
  /** A form control by its label, exactly. */
  label?: string;
  /** A CSS selector, for what has no role or label (a card's data-row-id). */
  css?: string;
  /** Looked for inside the first element this query finds. */
  within?: Query;
  /** Which of the elements found (default the first). */
  nth?: number;
}

export interface HarnessDownload {
  fileName: string;
  href: string;
}

/** The page-side API the suite calls through the driver: `window.engineHarness`. */
export interface EngineHarness {
  errors(): string[];
  clearErrors(): void;
  downloads(): HarnessDownload[];
  count(query: Query): number;
  /** Marks the element with a fresh `data-engine-target` and returns a selector for it. */
  target(query: Query): string | null;
  text(query: Query): string | null;
  /** The text of the Blob behind a download's URL (null once the page let it go). */
  blobText(href: string): Promise<string | null>;
}

/** Runs in the page, before its own scripts. Self-contained: it is written out as text. */
function installHarness(): void {
  const STORE = 'engine-harness.errors';
  const DOWNLOADS = 'engine-harness.downloads';
  const listIn = <T>(key: string): T[] => JSON.parse(sessionStorage.getItem(key) ?? '[]') as T[];
  const keep = (key: string, item: unknown) =>
    sessionStorage.setItem(key, JSON.stringify([...listIn(key), item]));
  const describe = (value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value);

  addEventListener('error', (event) => {
    keep(STORE, `page: ${event.error ? describe(event.error) : event.message}`);
  });
  addEventListener('unhandledrejection', (event) => {
    keep(STORE, `page, unhandled rejection: ${describe(event.reason)}`);
  });
  const NativeWorker = globalThis.Worker;
  if (typeof NativeWorker === 'function') {
    globalThis.Worker = class extends NativeWorker {
      constructor(scriptUrl: string | URL, options?: WorkerOptions) {
        super(scriptUrl, options);
        this.addEventListener('error', (event) => {
          const message =
            event instanceof ErrorEvent ? event.message : 'its script failed to load or start';
          keep(STORE, `worker ${String(scriptUrl)}: ${message}`);
        });
      }
    };
  }
  // A download is a click on a link with `download` to a Blob's URL: note the file's name
  // and keep the Blob, so the test reads the bytes the person gets (fetching the URL back
  // is not allowed: the CSP's connect-src has no blob:).
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = createObjectURL(object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      keep(DOWNLOADS, { fileName: link.download, href: link.href });
      // No save dialog to answer in a test: the file's bytes are read from its Blob instead.
      event.preventDefault();
    },
    true,
  );

  type Found = Element[];
  const library = (
    globalThis as unknown as { TestingLibraryDom: typeof import('@testing-library/dom') }
  ).TestingLibraryDom;
  const findAll = (query: Query): Found => {
    const container = query.within ? findAll(query.within)[query.within.nth ?? 0] : document.body;
    if (!container) return [];
    if (query.role) {
      return library.queryAllByRole(container as HTMLElement, query.role, {
        name: query.nameMatches ? new RegExp(query.nameMatches) : query.name,
      });
    }
    if (query.label) return library.queryAllByLabelText(container as HTMLElement, query.label);
    if (query.css) return [...container.querySelectorAll(query.css)];
    return [];
  };
  const find = (query: Query) => findAll(query)[query.nth ?? 0] ?? null;
  let targets = 0;
  const harness: EngineHarness = {
    errors: () => listIn<string>(STORE),
    clearErrors: () => sessionStorage.removeItem(STORE),
    downloads: () => listIn<HarnessDownload>(DOWNLOADS),
    count: (query) => findAll(query).length,
    target(query) {
      const element = find(query);
      if (!element) return null;
      targets += 1;
      const id = `t${targets}`;
      element.setAttribute('data-engine-target', id);
      return `[data-engine-target="${id}"]`;
    },
    text: (query) => find(query)?.textContent ?? null,
    blobText: async (href) => (await blobs.get(href)?.text()) ?? null,
  };
  (globalThis as unknown as { engineHarness: EngineHarness }).engineHarness = harness;
}
