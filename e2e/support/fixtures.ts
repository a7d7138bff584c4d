import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: e2e/global-setup.ts did not run`);
  return value;
}

export const keys = {
  get full() {
    return requiredEnv('E2E_KEY_FULL');
  },
  get noTables() {
    return requiredEnv('E2E_KEY_NO_TABLES');
  },
  get globex() {
    return requiredEnv('E2E_KEY_GLOBEX');
  },
};

export const test = base.extend<{ pageErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(requiredEnv('E2E_BASE_URL'));
  },
  // An uncaught error or unhandled rejection in any page of the test's context, or in any of
  // their workers, fails the test that caused it.
  pageErrors: [
    async ({ context }, use) => {
      const errors = await watchUncaughtErrors(context);
      await use(errors);
      expect(errors, 'uncaught errors in the page or its workers').toEqual([]);
    },
    { auto: true },
  ],
});

const WORKER_ERROR_BINDING = '__e2eUncaughtWorkerError';

/**
 * Every uncaught error and unhandled rejection from now on in `context`'s pages and their
 * dedicated workers, as readable lines (the list grows as they happen).
 *
 * Playwright reports a page's own (`weberror`, from the page or, in Chromium, a worker
 * that was running), but not a worker that throws as it starts: its error reaches only the
 * page's `Worker` object, and an app that falls back quietly (terminate, parse on the main
 * thread) hides it. So every page's `Worker` reports each `error` event it receives (an
 * uncaught error in the worker, or a script that failed to load) before the app's handler.
 */
export async function watchUncaughtErrors(context: BrowserContext): Promise<string[]> {
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  await context.exposeBinding(WORKER_ERROR_BINDING, (_source, line: string) => {
    errors.push(line);
  });
  await context.addInitScript(reportWorkerErrors, WORKER_ERROR_BINDING);
  return errors;
}

/** Runs in each page before its scripts: makes every dedicated worker report its errors. */
function reportWorkerErrors(bindingName: string) {
  const NativeWorker = globalThis.Worker;
  if (typeof NativeWorker !== 'function') return;
  const report = (line: string) =>
    (globalThis as unknown as Record<string, ((line: string) => Promise<void>) | undefined>)[
      bindingName
    ]?.(line);
  globalThis.Worker = class extends NativeWorker {
    constructor(scriptUrl: string | URL, options?: WorkerOptions) {
      super(scriptUrl, options);
      this.addEventListener('error', (event) => {
        const message =
          event instanceof ErrorEvent ? event.message : 'its script failed to load or start';
        void report(`worker ${String(scriptUrl)}: ${message}`);
      });
    }
  };
}

export { expect };

/** Serious or critical axe violations on the current screen, as readable lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Colours mid-transition are neither the old nor the new ones: a button that just became
  // the pressed one (Board → List on Tasks) can fail contrast halfway from grey to blue.
  // Axe checks what the user looks at once the page has come to rest.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  // target-size (WCAG 2.2, 24 × 24 px) is off in axe by default; every screen here meets it.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} nodes: ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
          .join('; ')})`,
    );
}
