import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { startReferenceServer } from '../scripts/lib/processes';
import { CONNECTION_STORAGE_KEY } from '../src/lib/auth/connection-storage';
import { calibrate } from './lib/calibration';
import { type Calibration, DEVICE_CLASSES, onDevice } from './lib/device-classes';
import { type Measure, summarize } from './lib/results';

/** Lighthouse runs per page; the median score is reported (scores move a few points run to run). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full JSON report and trace, to see what cost points. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** The languages each page is measured in (BENCH_LIGHTHOUSE_LOCALES=en,es,pt-BR). */
const LOCALES = (process.env.BENCH_LIGHTHOUSE_LOCALES ?? 'en,es,pt-BR')
  .split(',')
  .map((locale) => locale.trim())
  .filter(Boolean);
/** The pages measured (BENCH_LIGHTHOUSE_PAGES=connect,grid,skill), to re-measure one alone. */
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'connect,grid,skill')
  .split(',')
  .map((page) => page.trim())
  .filter(Boolean);
/** Where the dashboard keeps the language chosen on the device (src/lib/i18n/locales.ts). */
const LOCALE_STORAGE_KEY = 'workspace-browser:locale';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
};

interface PageRun {
  scores: Record<Category, number>;
  /** Compressed bytes of every request the page made (Lighthouse's total-byte-weight). */
  transferBytes: number;
  /** Audits that cost points, for the note and the log. */
  failing: string[];
  /** Lighthouse's measure of this machine's speed (a mid-range desktop scores ~1,500+). */
  benchmarkIndex: number;
  /** Simulated first contentful paint, largest contentful paint and total blocking time, ms. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function firstId(baseUrl: string, key: string, path: string, list: string, name?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`${response.status} from ${path}`);
  const body = (await response.json()) as Record<string, Array<{ id: string; name?: string }>>;
  const item = (body[list] ?? []).find(
    (candidate) => name === undefined || candidate.name === name,
  );
  if (!item) throw new Error(`${path} lists no ${name ?? list}`);
  return item.id;
}

/**
 * Lighthouse 12 (mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU
 * slowdown) on the connect screen, a table's grid and a skill's page of the built
 * dashboard, served by the reference server in demo mode (compressed assets, its headers).
 * Chromium is Debian's, launched by Playwright with the repo's flags; Lighthouse attaches
 * through the DevTools port. The grid and skill pages need a key: it is stored as "remember
 * me" would store it, and Lighthouse is told not to clear storage for those two.
 */
export async function runLighthouseBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const server = await startReferenceServer({
    dbPath: path.join(workDir, 'lighthouse.sqlite'),
    dashboardDir: distDir,
    demo: true,
  });
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    const base = server.url;
    const { demoKey } = (await (await fetch(`${base}/config.json`)).json()) as { demoKey: string };
    const tableId = await firstId(
      base,
      demoKey,
      '/api/public/v1/tables?limit=100',
      'tables',
      'Orders',
    );
    const skillId = await firstId(base, demoKey, '/api/public/v1/skills?limit=1', 'skills');
    // English keeps the rows' old names, so earlier results stay comparable.
    const pages: Array<{ label: string; url: string; signedIn: boolean; locale: string }> =
      LOCALES.flatMap((locale) => {
        const suffix = locale === 'en' ? '' : ` (${locale})`;
        const all = {
          connect: {
            label: `connect screen${suffix}`,
            url: `${base}/#/connect`,
            signedIn: false,
            locale,
          },
          grid: {
            label: `grid (Orders)${suffix}`,
            url: `${base}/#/tables/${tableId}`,
            signedIn: true,
            locale,
          },
          skill: {
            label: `skill detail${suffix}`,
            url: `${base}/#/skills/${skillId}`,
            signedIn: true,
            locale,
          },
        };
        return PAGES.map((name) => {
          const page = all[name as keyof typeof all];
          if (!page)
            throw new Error(`BENCH_LIGHTHOUSE_PAGES: no page "${name}" (connect, grid, skill)`);
          return page;
        });
      });

    const results = new Map<string, PageRun[]>();
    const calibrated = new Map<string, { calibration: Calibration; runs: PageRun[] }>();
    for (const page of pages) {
      // The device's storage as this page's visitor has it: the language chosen, and the key
      // for the pages behind it (none for the connect screen).
      const tab = browser.pages()[0] ?? (await browser.newPage());
      await tab.goto(`${base}/#/connect`);
      await tab.evaluate(
        ([storageKey, key, localeKey, locale]) => {
          localStorage.clear();
          sessionStorage.clear();
          localStorage.setItem(localeKey as string, locale as string);
          if (key !== null) {
            localStorage.setItem(
              storageKey as string,
              JSON.stringify({ serviceUrl: '', apiKey: key, skillsPath: null }),
            );
          }
        },
        [CONNECTION_STORAGE_KEY, page.signedIn ? demoKey : null, LOCALE_STORAGE_KEY, page.locale],
      );
      // Lighthouse's default mobile run (4× CPU), or with the CPU slowed to a device class
      // as calibrated just before (its `cpuSlowdownMultiplier`).
      const lighthouseRuns = async (calibration: Calibration | null) => {
        const runs: PageRun[] = [];
        for (let run = 0; run < RUNS; run++) {
          {
            // Lighthouse keeps storage (the key, the language) and with it the HTTP cache:
            // empty the cache, so every run is a first visit, as after a new release.
            const devtools = await browser.newCDPSession(tab);
            await devtools.send('Network.clearBrowserCache');
            await devtools.detach();
          }
          const result = await lighthouse(page.url, {
            port,
            output: 'json',
            logLevel: 'error',
            // The calibrated runs are for the performance score, the only one the CPU moves.
            onlyCategories: calibration ? ['performance'] : [...CATEGORIES],
            ...(calibration
              ? { throttling: { cpuSlowdownMultiplier: calibration.cpuSlowdown } }
              : {}),
            // Storage as set above: the language, and the key behind the connect screen.
            disableStorageReset: true,
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.label}`);
          if (REPORTS_DIR) {
            mkdirSync(REPORTS_DIR, { recursive: true });
            const name = `${page.label.replace(/\W+/g, '-')}${calibration ? '-calibrated' : ''}-${run + 1}.json`;
            writeFileSync(path.join(REPORTS_DIR, name), String(result.report));
            // The observed (unthrottled) trace Lighthouse's simulation starts from.
            const trace = (result.artifacts as { Trace?: unknown }).Trace;
            if (trace)
              writeFileSync(
                path.join(REPORTS_DIR, name.replace(/\.json$/, '.trace.json')),
                JSON.stringify(trace),
              );
          }
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`${page.label}: ${lhr.runtimeError.message}`);
          const scores = Object.fromEntries(
            CATEGORIES.map((category) => [
              category,
              Math.round((lhr.categories[category]?.score ?? 0) * 100),
            ]),
          ) as Record<Category, number>;
          const failing = CATEGORIES.filter((category) => lhr.categories[category]).flatMap(
            (category) =>
              (lhr.categories[category]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0)
                .map((ref) => lhr.audits[ref.id])
                .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
                .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`),
          );
          const transferBytes = Number(lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN);
          runs.push({
            scores,
            transferBytes,
            failing,
            benchmarkIndex: lhr.environment.benchmarkIndex,
            fcpMs: Number(lhr.audits['first-contentful-paint']?.numericValue),
            lcpMs: Number(lhr.audits['largest-contentful-paint']?.numericValue),
            tbtMs: Number(lhr.audits['total-blocking-time']?.numericValue),
          });
          log(
            `lighthouse ${page.label}${calibration ? `, CPU ${calibration.cpuSlowdown}× (${calibration.deviceClass.label})` : ''} run ${run + 1}: ${CATEGORIES.filter(
              (c) => lhr.categories[c],
            )
              .map((c) => `${c} ${scores[c]}`)
              .join(
                ', ',
              )}, ${(transferBytes / 1024).toFixed(1)} KB${failing.length ? `; below 0.9: ${failing.join(', ')}` : ''}`,
          );
        }
        return runs;
      };
      results.set(page.label, await lighthouseRuns(null));
      const calibration = await calibrate(browser, DEVICE_CLASSES['mid-tier'], log);
      calibrated.set(page.label, { calibration, runs: await lighthouseRuns(calibration) });
    }

    const range = (values: number[], unit: 's' | 'ms') => {
      const { min, max } = summarize(values);
      const show = (value: number) =>
        unit === 's' ? (value / 1000).toFixed(1) : String(Math.round(value));
      return `${show(min)}–${show(max)} ${unit}`;
    };
    const simulatedTimes = (runs: PageRun[]) =>
      `FCP ${range(
        runs.map((run) => run.fcpMs),
        's',
      )}, LCP ${range(
        runs.map((run) => run.lcpMs),
        's',
      )}, TBT ${range(
        runs.map((run) => run.tbtMs),
        'ms',
      )}`;
    const measures: Measure[] = [];
    for (const page of pages) {
      const runs = results.get(page.label) ?? [];
      for (const category of CATEGORIES) {
        const failing = [
          ...new Set(runs.flatMap((run) => run.failing.map((text) => text.split(' ')[0]))),
        ];
        measures.push({
          group: 'dashboard',
          name: `Lighthouse mobile, ${page.label}: ${category}`,
          unit: 'score',
          ...summarize(runs.map((run) => run.scores[category])),
          runs: runs.length,
          target: {
            kind: 'min',
            value: TARGETS[category],
            label: TARGETS[category] === 100 ? '100' : `≥ ${TARGETS[category]}`,
          },
          peer: null,
          ratio: null,
          benchmarkIndex: runs.map((run) => Math.round(run.benchmarkIndex)),
          note:
            category === 'performance'
              ? [simulatedTimes(runs), failing.length > 0 ? `below 0.9: ${failing.join(', ')}` : '']
                  .filter(Boolean)
                  .join('; ')
              : undefined,
        });
      }
    }
    // The performance score with the CPU slowed to a mid-tier phone by calibration.
    for (const page of pages) {
      const entry = calibrated.get(page.label);
      if (!entry) continue;
      const { calibration, runs } = entry;
      measures.push({
        group: 'dashboard',
        name: onDevice(
          `Lighthouse mobile, CPU calibrated, ${page.label}: performance`,
          calibration.deviceClass,
        ),
        unit: 'score',
        ...summarize(runs.map((run) => run.scores.performance)),
        runs: runs.length,
        target: { kind: 'min', value: TARGETS.performance, label: `≥ ${TARGETS.performance}` },
        peer: null,
        ratio: null,
        benchmarkIndex: calibration.runs.map(Math.round),
        cpuSlowdown: calibration.cpuSlowdown,
        note: `${simulatedTimes(runs)}; Lighthouse's own benchmarkIndex ${runs.map((run) => Math.round(run.benchmarkIndex)).join('/')}`,
      });
    }
    const connectRuns = results.get('connect screen') ?? [];
    const kilobytes = connectRuns.map((run) => run.transferBytes / 1024);
    if (kilobytes.length === 0) return measures;
    measures.push({
      group: 'dashboard',
      name: 'bytes over the wire for the connect screen (every request, compressed, headers included)',
      unit: 'KB',
      ...summarize(kilobytes),
      runs: kilobytes.length,
      target: { kind: 'max', value: 130, label: '≤ 130 KB' },
      peer: null,
      ratio: null,
      note: 'Lighthouse total-byte-weight, first visit',
      benchmarkIndex: connectRuns.map((run) => Math.round(run.benchmarkIndex)),
    });
    return measures;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
