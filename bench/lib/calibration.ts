import type { Browser, BrowserContext } from '@playwright/test';
// Lighthouse's own page function: the benchmark its `environment.benchmarkIndex` comes from.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { type Calibration, calibrationOf, type DeviceClass } from './device-classes';

/** Runs of the benchmark per calibration; the median is used (each run takes ~1 s). */
const CALIBRATION_RUNS = 3;

/**
 * The machine's Lighthouse benchmarkIndex now: Lighthouse's `computeBenchmarkIndex` page
 * function run in a fresh, unthrottled page of `browser`, CALIBRATION_RUNS times.
 */
export async function measureBenchmarkIndex(browser: Browser | BrowserContext): Promise<number[]> {
  // A browser's newPage opens a context of its own, which closing the page closes.
  const page = await browser.newPage();
  try {
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const runs: number[] = [];
    for (let run = 0; run < CALIBRATION_RUNS; run++) {
      runs.push(Number(await page.evaluate(source)));
    }
    return runs;
  } finally {
    await page.close();
  }
}

/** Measures the machine as it is now and the CPU slowdown that makes it `deviceClass`. */
export async function calibrate(
  browser: Browser | BrowserContext,
  deviceClass: DeviceClass,
  log: (line: string) => void,
): Promise<Calibration> {
  const calibration = calibrationOf(deviceClass, await measureBenchmarkIndex(browser));
  log(
    `calibrated to a ${deviceClass.label}: benchmarkIndex ${calibration.runs.map(Math.round).join('/')} → CPU slowed ${calibration.cpuSlowdown}×`,
  );
  return calibration;
}
