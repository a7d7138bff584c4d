import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { runAxe } from './axe';

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

export const test = base.extend<{ pageErrors: string[]; errorBoundaryExpected: boolean }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(requiredEnv('E2E_BASE_URL'));
  },
  // A test that means to show the app's error boundary says so with
  // `test.use({ errorBoundaryExpected: true })`; no test does today.
  errorBoundaryExpected: [false, { option: true }],
  // An uncaught error or unhandled rejection in any page of the test's context, or in any of
  // their workers, and a render error React caught (the app's error boundary drawn, or React
  // or React Router saying on the console that they caught one), fails the test that caused it.
  pageErrors: [
    async ({ context, errorBoundaryExpected }, use) => {
      const errors = await watchUncaughtErrors(context, { renderErrors: !errorBoundaryExpected });
      await use(errors);
      expect(errors, 'uncaught errors in the page or its workers').toEqual([]);
    },
    { auto: true },
  ],
});

const WORKER_ERROR_BINDING = '__e2eUncaughtWorkerError';
const ERROR_BOUNDARY_BINDING = '__e2eErrorBoundaryShown';

/**
 * What React and React Router write on the console when a render error is caught by an
 * error boundary (in the production build too): the page goes on, so no `pageerror` says so.
 * React's own messages are minified in production (#185: an update loop, #301: too many
 * re-renders); the plain ones are the development build's.
 */
export const RENDER_ERROR_CONSOLE: readonly RegExp[] = [
  /React Router caught the following error during render/,
  /The above error occurred in/,
  /Too many re-renders/i,
  /Maximum update depth exceeded/,
  /Minified React error #(?:185|301)\b/,
];

/**
 * Every uncaught error and unhandled rejection from now on in `context`'s pages and their
 * dedicated workers, and (unless `renderErrors` is false) every render error an error
 * boundary caught, as readable lines (the list grows as they happen).
 *
 * Playwright reports a page's own (`weberror`, from the page or, in Chromium, a worker
 * that was running), but not a worker that throws as it starts: its error reaches only the
 * page's `Worker` object, and an app that falls back quietly (terminate, parse on the main
 * thread) hides it. So every page's `Worker` reports each `error` event it receives (an
 * uncaught error in the worker, or a script that failed to load) before the app's handler.
 *
 * A render error an error boundary catches is not uncaught either: React Router draws the
 * app's error element (a shared link's crash once showed only as a missing header). The
 * app marks that element `data-error-boundary`; every page reports each one drawn, however
 * briefly, and the console lines React and React Router write about a caught error.
 */
export async function watchUncaughtErrors(
  context: BrowserContext,
  { renderErrors = true }: { renderErrors?: boolean } = {},
): Promise<string[]> {
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  await context.exposeBinding(WORKER_ERROR_BINDING, (_source, line: string) => {
    errors.push(line);
  });
  await context.addInitScript(reportWorkerErrors, WORKER_ERROR_BINDING);
  if (renderErrors) {
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (RENDER_ERROR_CONSOLE.some((pattern) => pattern.test(text))) {
        errors.push(`console: ${text}`);
      }
    });
    await context.exposeBinding(ERROR_BOUNDARY_BINDING, (_source, line: string) => {
      errors.push(line);
    });
    await context.addInitScript(reportErrorBoundaries, ERROR_BOUNDARY_BINDING);
  }
  return errors;
}

/** Runs in each page before its scripts: reports each error boundary the page draws. */
function reportErrorBoundaries(bindingName: string) {
  const report = (line: string) =>
    (globalThis as unknown as Record<string, ((line: string) => Promise<void>) | undefined>)[
      bindingName
    ]?.(line);
  const seen = new WeakSet<Element>();
  const look = () => {
    for (const element of document.querySelectorAll('[data-error-boundary]')) {
      if (seen.has(element)) continue;
      seen.add(element);
      void report(
        `the page drew its error boundary (${element.getAttribute('data-error-boundary')}) at ${location.pathname}${location.hash}`,
      );
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
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
  const results = await runAxe(page, { rules: { 'target-size': { enabled: true } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} nodes: ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
          .join('; ')})`,
    );
}
