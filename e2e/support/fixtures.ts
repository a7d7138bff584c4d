import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
  // An uncaught exception in the page fails the test that caused it.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

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
