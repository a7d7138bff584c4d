import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, By, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { stopChild } from '../../scripts/lib/processes';
import type { Engine, EngineTab } from './engine';

/** Debian's webkit2gtk-driver (WebKitGTK, Safari's engine), or WEBKIT_DRIVER_PATH. */
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/**
 * WebKitGTK over classic WebDriver: WebKitWebDriver starts its MiniBrowser, which needs a
 * display even with --headless, so a private Xvfb (when DISPLAY is not set) gives it one.
 * One browser session for the whole run (a session takes seconds); each tab clears the
 * origin's storage (see the suite's fixtures), as a fresh profile would be.
 */
export async function launchWebKit(): Promise<Engine> {
  const started: ChildProcess[] = [];
  const stopAll = () => Promise.all(started.reverse().map((child) => stopChild(child)));
  try {
    let display = process.env.DISPLAY;
    if (!display) {
      const xvfb = spawn(
        'Xvfb',
        ['-displayfd', '1', '-screen', '0', '1366x900x24', '-nolisten', 'tcp'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      started.push(xvfb);
      display = `:${await firstLine(xvfb, 'Xvfb')}`;
    }
    const port = await freePort();
    const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DISPLAY: display, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
    });
    started.push(driverProcess);
    const server = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${server}/status`, driverProcess);
    const driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { args: ['--automation'] },
      })
      .build();
    const capabilities = await driver.getCapabilities();
    return {
      name: 'webkit',
      version: String(capabilities.get('browserVersion')),
      newTab: async () => webkitTab(driver),
      async close() {
        await driver.quit().catch(() => {});
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function webkitTab(driver: WebDriver): EngineTab {
  return {
    async goto(url) {
      await driver.get(url);
    },
    evaluate: (fn, arg) =>
      // Execute Script awaits a returned promise (WebDriver spec), so async functions work too.
      driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg) as never,
    async click(selector) {
      await driver.findElement(By.css(selector)).click();
    },
    async clickAt(x, y) {
      await driver
        .actions()
        .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
        .press()
        .release()
        .perform();
    },
    async type(selector, text) {
      // As a person replaces a field's text: select it all, delete, type. (Element Clear sets
      // the value without the input events a React field listens to; Element Send Keys
      // would put the caret at the end first.)
      const input = await driver.findElement(By.css(selector));
      await input.click();
      await driver.executeScript('arguments[0].select();', input);
      await driver.actions().sendKeys(Key.BACK_SPACE).perform();
      if (text !== '') await driver.actions().sendKeys(text).perform();
    },
    async select(selector, value) {
      await driver
        .findElement(By.css(`${selector} option[value="${value.replaceAll('"', '\\"')}"]`))
        .click();
    },
    async press(key) {
      const keys = { End: Key.END, Escape: Key.ESCAPE, Tab: Key.TAB, PageDown: Key.PAGE_DOWN };
      await driver.actions().sendKeys(keys[key]).perform();
    },
    async resize(width, height) {
      // The window's frame is not the page: size it, measure the page, size it again.
      await driver.manage().window().setRect({ width, height });
      const inner = (await driver.executeScript('return [innerWidth, innerHeight];')) as number[];
      await driver
        .manage()
        .window()
        .setRect({
          width: 2 * width - (inner[0] ?? width),
          height: 2 * height - (inner[1] ?? height),
        });
    },
    driverErrors: () => [],
    // The session stays for the next test.
    close: async () => {},
  };
}

function firstLine(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${code} before it was ready`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitUntilReady(statusUrl: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    const ready = await fetch(statusUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer in 10 s');
}
