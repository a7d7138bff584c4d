import type { EngineHarness, Query } from './harness';

export type EngineName = 'firefox' | 'webkit';

/**
 * One browser tab, whatever drives it: the few things the suite does with a page. Firefox
 * is driven over WebDriver BiDi (puppeteer-core), WebKit over classic WebDriver
 * (selenium-webdriver and WebKitWebDriver); docs/decisions/052 says why two.
 * Elements are found in the page by Testing Library (see harness.ts) and acted on with the
 * driver's own input (real clicks and key presses), through a selector the page hands back.
 */
export interface EngineTab {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page with `arg` (JSON), and returns its JSON result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  click(selector: string): Promise<void>;
  /** A mouse click at a point of the viewport (CSS pixels), whatever is there. */
  clickAt(x: number, y: number): Promise<void>;
  /** Replaces the text of the input at `selector` by typing `text`. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option whose value is `value` in the <select> at `selector`. */
  select(selector: string, value: string): Promise<void>;
  /** One key press to whatever has focus, by WebDriver key name ('End', 'Escape', 'Tab'). */
  press(key: 'End' | 'Escape' | 'Tab' | 'PageDown'): Promise<void>;
  /** The page's own size (the viewport), not the window's. */
  resize(width: number, height: number): Promise<void>;
  /** Errors only the driver sees (none where the harness sees them all). */
  driverErrors(): string[];
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  version: string;
  newTab(): Promise<EngineTab>;
  close(): Promise<void>;
}

/** The page's harness (window.engineHarness): calls it with the query in the page. */
export function harnessCall<K extends keyof EngineHarness>(
  tab: EngineTab,
  method: K,
  query?: Query,
): Promise<ReturnType<EngineHarness[K]>> {
  return tab.evaluate(
    ({ method, query }) => {
      const harness = (window as unknown as { engineHarness?: EngineHarness }).engineHarness;
      if (!harness) return null;
      return (harness[method] as (query?: Query) => unknown)(query);
    },
    { method, query },
  ) as Promise<ReturnType<EngineHarness[K]>>;
}
