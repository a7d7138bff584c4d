import { expect, test } from './support/fixtures';
import { FAILING_WORKER } from './support/harness';

/**
 * The watch every test relies on works in each engine: a worker that throws as it starts
 * (as the Markdown worker once did, caught by nothing) and a rejection nobody handles are
 * both seen. The errors are then forgotten, or this test would fail for causing them.
 */
test('a worker that throws as it starts and an unhandled rejection are both seen', async ({
  app,
}) => {
  await app.start();
  await app.open('/');
  await app.waitFor({ role: 'navigation', name: 'Workspace' });
  expect(await app.errors()).toEqual([]);
  await app.evaluate((script) => {
    const worker = new Worker(script);
    // The app's own fallback did just this: stop the worker and carry on.
    worker.onerror = () => worker.terminate();
    void Promise.reject(new Error('nobody handles this rejection'));
  }, `./${FAILING_WORKER}`);
  await expect
    .poll(() => app.errors())
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`${FAILING_WORKER.replace('.', '\\.')}: .*document`)),
        expect.stringMatching(/unhandled rejection: Error: nobody handles this rejection/),
      ]),
    );
  await app.clearErrors();
});
