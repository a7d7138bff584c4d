import puppeteer, { type Page } from 'puppeteer-core';
import type { Engine, EngineTab } from './engine';

/** Debian's Firefox ESR (`apt-get install firefox-esr`), or FIREFOX_PATH. */
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox over WebDriver BiDi, which Firefox speaks itself: no geckodriver (which no
 * registry here ships), headless, so no display either. Each tab in a fresh browser
 * context: no storage carried from one test to the next.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // The suite's pages use a page's language setting; the machine's is not the test's.
      'intl.accept_languages': 'en-US, en',
      'intl.locale.requested': 'en-US',
    },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    async newTab() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page (driver): ${String(error)}`));
      return firefoxTab(page, errors, () => context.close());
    },
    close: () => browser.close(),
  };
}

function firefoxTab(page: Page, errors: string[], close: () => Promise<void>): EngineTab {
  return {
    async goto(url) {
      await page.goto(url);
    },
    // The suite passes JSON arguments only, never element handles: puppeteer's handle types
    // do not apply.
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg as never) as never,
    async click(selector) {
      await page.click(selector);
    },
    async clickAt(x, y) {
      await page.mouse.click(x, y);
    },
    async type(selector, text) {
      await page.click(selector);
      await page.$eval(selector, (element) => (element as HTMLInputElement).select());
      await page.keyboard.press('Backspace');
      await page.keyboard.type(text);
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async resize(width, height) {
      await setViewportSize(page, width, height);
    },
    driverErrors: () => errors,
    close,
  };
}

/**
 * puppeteer-core 24 sends `browsingContext.setViewport` and
 * `emulation.setScreenOrientationOverride` together, and Debian's Firefox ESR 140 knows only
 * the first: the viewport is set, the orientation command fails, and setViewport rejects.
 * The suite needs the size only, so that one refusal is let through once the page has the
 * size asked for; any other error still fails the test.
 */
async function setViewportSize(page: Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride'))
      throw error;
    await page.waitForFunction(
      (w: number, h: number) => window.innerWidth === w && window.innerHeight === h,
      { timeout: 5_000 },
      width,
      height,
    );
  }
}
