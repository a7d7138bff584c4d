import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { allSkills } from './support/api';
import { expect, test, watchUncaughtErrors } from './support/fixtures';
import { startConnected } from './support/session';
import { type StaticServer, startStaticServer } from './support/static-server';

test('a skill’s Markdown is parsed in the Markdown worker, not on the page', async ({ page }) => {
  const [skill] = await allSkills();
  if (!skill) throw new Error('the demo workspace has no skills');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await startConnected(page);
  await page.goto(`/#/skills/${skill.id}`);
  const content = page.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('heading', { level: 2, name: skill.name })).toBeVisible();

  // The worker started and is still running: one that threw as it started is gone, and
  // the page would have loaded the parser itself (the `markdown-tree` chunk) instead.
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
    expect.stringMatching(/\/assets\/markdown\.worker-[\w-]+\.js$/),
  ]);
  expect(scripts.filter((script) => script.includes('markdown-tree'))).toEqual([]);
});

/**
 * Serves `files` (name to text) from a fresh folder and opens its index page in a new
 * browser context whose uncaught errors are watched; `check` gets the errors as they come
 * and the server (to open its page again). The context, the server and the folder are gone
 * afterwards.
 */
async function onStaticPage(
  browser: Browser,
  files: Record<string, string>,
  check: (errors: string[], site: StaticServer) => Promise<void>,
) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-errors-'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
  }
  const site = await startStaticServer({ root });
  const context = await browser.newContext();
  try {
    const errors = await watchUncaughtErrors(context);
    const page = await context.newPage();
    await page.goto(site.url);
    await check(errors, site);
  } finally {
    await context.close();
    await site.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A page whose workers fail each way a worker can: the way the Markdown worker once did
 * (a module worker touching `document` as it starts, its page quietly terminating it and
 * carrying on), later on a message, with a rejection nobody handles, and a script that is
 * not there; and the page's own uncaught error and rejection.
 */
const FAILING_PAGE = {
  'index.html': `<!doctype html><title>Failing workers</title><script type="module">
    const quiet = new Worker('./starts-with-dom.js', { type: 'module' });
    quiet.onerror = () => quiet.terminate();
    new Worker('./throws-on-message.js').postMessage('go');
    new Worker('./rejects.js');
    new Worker('./missing.js').onerror = () => {};
    setTimeout(() => { throw new Error('the page threw'); });
    Promise.reject(new Error('the page rejected'));
  </script>`,
  'starts-with-dom.js': `document.createElement('textarea');`,
  'throws-on-message.js': `self.onmessage = () => { throw new Error('the worker threw later'); };`,
  'rejects.js': `Promise.reject(new Error('the worker rejected'));`,
};

test('an uncaught error or rejection in a page or any of its workers is reported', async ({
  browser,
}) => {
  await onStaticPage(browser, FAILING_PAGE, async (errors) => {
    const expected = [
      expect.stringMatching(/starts-with-dom\.js: .*document is not defined/),
      expect.stringMatching(/the worker threw later/),
      expect.stringMatching(/the worker rejected/),
      expect.stringMatching(/missing\.js: its script failed to load or start/),
      expect.stringMatching(/the page threw/),
      expect.stringMatching(/the page rejected/),
    ];
    await expect.poll(() => errors).toEqual(expect.arrayContaining(expected));
  });
});

/**
 * A page that does what the app does when React catches a render error: React Router's
 * line on the console, React's own (minified in a production build), and the app's error
 * element drawn a moment later; and a console error that is no render error.
 */
const CAUGHT_RENDER_ERROR_PAGE = {
  'index.html': `<!doctype html><title>A caught render error</title><main></main><script type="module">
    console.error('React Router caught the following error during render', new Error('the view crashed'));
    console.error('Error: Minified React error #301; visit https://react.dev/errors/301 for the full message');
    console.error('Failed to load resource: the server responded with a status of 404');
    setTimeout(() => {
      const shown = document.createElement('div');
      shown.dataset.errorBoundary = 'route';
      shown.textContent = 'Something went wrong';
      document.querySelector('main').append(shown);
    }, 50);
  </script>`,
};

test('a render error caught by an error boundary is reported: the boundary drawn, and React’s and React Router’s console lines', async ({
  browser,
}) => {
  await onStaticPage(browser, CAUGHT_RENDER_ERROR_PAGE, async (errors, site) => {
    await expect
      .poll(() => errors)
      .toEqual([
        expect.stringMatching(/React Router caught the following error during render/),
        expect.stringMatching(/Minified React error #301/),
        expect.stringMatching(/drew its error boundary \(route\) at \//),
      ]);
    // A console error that is no render error (a missing file) fails nothing by itself.
    expect(errors.join('\n')).not.toContain('Failed to load resource');

    // A test that means to draw the boundary opts out (errorBoundaryExpected): nothing reported.
    const optedOut = await browser.newContext();
    try {
      const quiet = await watchUncaughtErrors(optedOut, { renderErrors: false });
      const other = await optedOut.newPage();
      await other.goto(site.url);
      await expect(other.locator('[data-error-boundary]')).toBeVisible();
      expect(quiet).toEqual([]);
    } finally {
      await optedOut.close();
    }
  });
});

test('the app’s own error element is reported: a project whose page code fails to load', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    const errors = await watchUncaughtErrors(context);
    const page = await context.newPage();
    // A redeploy or a dropped connection: the project page's code never arrives.
    await page.route(/\/assets\/project-detail-page-[\w-]+\.js$/, (route) => route.abort());
    await startConnected(page);
    await page.goto('/#/projects');
    const first = page.getByRole('main').locator('a[href^="#/projects/"]').first();
    await first.click();
    await expect(page.locator('[data-error-boundary="route"]')).toBeVisible();
    await expect
      .poll(() => errors)
      .toContainEqual(
        expect.stringMatching(/drew its error boundary \(route\) at .*#\/projects\//),
      );
  } finally {
    await context.close();
  }
});
