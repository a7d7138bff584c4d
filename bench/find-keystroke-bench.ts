import path from 'node:path';
import type { Browser, Page, Response } from '@playwright/test';
import { connect, dashboardMeasure, newBenchPage, throttleCpu } from './lib/dashboard-page';
import { atMost, type Calibration } from './lib/device-classes';
import { type Measure, summarize } from './lib/results';

/**
 * Issue 33's first budget in the browser (decision 057): a keystroke in Find → the matches
 * among the rows the grid has loaded repainted, ≤ 50 ms, on the mid-tier class's calibrated
 * CPU. Orders as they are (no sort) are scrolled until the grid holds as many rows as it
 * keeps (MAX_PAGES_IN_MEMORY pages: 100 + 7 × 500 = 3,600, fewer than the issue's 5,000),
 * then back to the top; each query is typed a character at a time, a person's pause after
 * each answer, and Escape clears it before the next. lib/keystroke-probe.js times each
 * keystroke in the page, from its keydown's timestamp to the paint after the screen shows
 * that text's matches (marked, every row drawn holding it). The walk of the rest of the
 * view runs meanwhile, as it does for a person. The find worker is not slowed (Chromium
 * slows only the page's main thread).
 */

export const KEYSTROKE_PROBE = path.join(import.meta.dirname, 'lib/keystroke-probe.js');

/** What the grid keeps at most: record-queries.ts's MAX_PAGES_IN_MEMORY pages. */
const ROWS_KEPT = 100 + 7 * 500;
/** The last page's first row: once it is loaded, the grid holds all it keeps. */
const LAST_PAGE_STARTS = ROWS_KEPT - 500 + 1;
const QUERIES = (process.env.BENCH_FIND_KEY_QUERIES ?? 'haddad,fragile').split(',');
const RUNS = Number(process.env.BENCH_FIND_KEY_RUNS ?? 2);
/** A person's pause between two keys, after the screen answered the first. */
const PAUSE_MS = 150;
/** A keystroke not answered in this long counts as missed (and is said in the note). */
const GIVE_UP_MS = 10_000;

interface Shown {
  ms: number;
  shownMs: number;
  status: string;
}

/** Types `query` a key at a time; what each keystroke got (null: not seen answered). */
async function typeQuery(page: Page, query: string): Promise<Array<Shown | null>> {
  const box = page.getByRole('textbox', { name: 'Find in this table' });
  await box.click();
  const shown: Array<Shown | null> = [];
  for (let length = 1; length <= query.length; length += 1) {
    await page.keyboard.type(query.charAt(length - 1));
    shown.push(
      (await page.evaluate(
        `window.__keystrokeShown(${JSON.stringify(query.slice(0, length))}, ${GIVE_UP_MS})`,
      )) as Shown | null,
    );
    await page.waitForTimeout(PAUSE_MS);
  }
  await box.press('Escape');
  await page.locator('section[aria-label="Find"]').waitFor({ state: 'detached' });
  return shown;
}

export async function measureFindKeystrokes(
  browser: Browser,
  baseUrl: string,
  key: string,
  ordersId: string,
  calibration: Calibration,
  log: (line: string) => void,
): Promise<Measure> {
  const times: number[] = [];
  const loadedRows: number[] = [];
  let missed = 0;
  let firstKey: number | null = null;
  let firstStatus = '';
  for (let run = 0; run < RUNS; run += 1) {
    log(`find keystrokes: run ${run + 1} of ${RUNS} on a ${calibration.deviceClass.label}`);
    const page = await newBenchPage(browser);
    await page.context().addInitScript({ path: KEYSTROKE_PROBE });
    // The rows of the view's pages received before typing: what the grid holds (it keeps
    // them all while no more than ROWS_KEPT were read).
    let received = 0;
    const reading: Promise<void>[] = [];
    const countPage = (response: Response) => {
      if (!new URL(response.url()).pathname.endsWith('/records') || !response.ok()) return;
      reading.push(
        response.json().then(
          (body: { records?: unknown[] }) => {
            received += body.records?.length ?? 0;
          },
          () => {},
        ),
      );
    };
    page.on('response', countPage);
    await connect(page, baseUrl, key, ordersId, '?sort=');
    await page.getByRole('grid').locator('tbody [role="row"]').first().waitFor();
    if (calibration.cpuSlowdown > 1) await throttleCpu(page, calibration.cpuSlowdown);
    await page.evaluate(`window.__benchLoadRows(${LAST_PAGE_STARTS})`);
    page.off('response', countPage);
    await Promise.all(reading);
    loadedRows.push(Math.min(received, ROWS_KEPT));
    for (const query of QUERIES) {
      const shown = await typeQuery(page, query);
      for (const result of shown) {
        if (result === null) missed += 1;
        else times.push(result.ms);
      }
      if (run === 0 && query === QUERIES[0]) {
        firstKey = shown[0]?.ms ?? null;
        firstStatus = shown[0]?.status ?? '';
      }
      log(
        `find keystrokes: "${query}": status when shown: ${shown.map((result) => result?.status ?? '-').join(' | ')}`,
      );
      log(
        `find keystrokes: "${query}": ${shown.map((result) => (result ? `${result.ms.toFixed(0)} (seen ${result.shownMs.toFixed(0)})` : 'missed')).join(', ')} ms`,
      );
    }
    await page.context().close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 =
    sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
  const { median } = summarize(times);
  const rows = Math.min(...loadedRows).toLocaleString('en-US');
  const note = [
    `${times.length} keystrokes of ${QUERIES.map((query) => `"${query}"`).join(', ')} over ${RUNS} page(s)`,
    `median ${median.toFixed(0)} ms, worst ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    `the first keystroke of a page (Find's code and worker starting) ${firstKey?.toFixed(0) ?? '?'} ms, status then "${firstStatus.slice(0, 60)}"`,
    `rows loaded: ${rows} (the grid keeps at most ${ROWS_KEPT.toLocaleString('en-US')} rows, 8 pages, not the issue's 5,000)`,
    missed > 0 ? `${missed} keystroke(s) not seen answered within ${GIVE_UP_MS / 1000} s` : '',
    'the find worker not slowed',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    ...dashboardMeasure(
      `find: keystroke → matches among ${rows} loaded rows repainted, p95`,
      'ms',
      times,
      atMost(50, 'ms'),
      note,
    ),
    median: p95,
  };
}
