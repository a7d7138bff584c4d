import { existsSync } from 'node:fs';
import { measureFling } from './cards-bench';
import { measureScrollToRecord, measureWheel } from './grid-scroll-bench';
import { measureJumpToEnd } from './jump-to-end-bench';
import { calibrate } from './lib/calibration';
import {
  connect,
  type DashboardGroup,
  dashboardMeasure,
  measureDashboardOnOrders,
  newBenchPage,
  onDeviceMeasure,
  waitForPaintAfterClick,
} from './lib/dashboard-page';
import { atMost, DEVICE_CLASSES, type DeviceClassId } from './lib/device-classes';
import type { Measure } from './lib/results';
import { bigDatabasePath } from './server-bench';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);

/** The dashboard on 1,000,000 Orders; reuses the server benchmark's database when it ran first. */
export async function runDashboardBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
  options: {
    /** Only the grid's scrolling and Jump to end rows, unthrottled (BENCH_ONLY=grid). */
    gridOnly?: boolean;
    /**
     * The device classes whose CPU the rows are measured on as well (connect, sort, scroll
     * to record 100,000, the wheel, the cards' fling), each calibrated just before.
     */
    deviceClasses?: DeviceClassId[];
    /** Only the device classes' rows (BENCH_ONLY=mid-tier, BENCH_ONLY=low-tier). */
    deviceClassesOnly?: boolean;
    /** A database already seeded with 1,000,000 Orders, reused instead of seeding one. */
    bigDb?: string;
  } = {},
): Promise<Measure[]> {
  const gridOnly = options.gridOnly ?? false;
  const deviceClasses = gridOnly ? [] : (options.deviceClasses ?? []);
  const dbPath = options.bigDb ?? bigDatabasePath(workDir);
  if (!existsSync(dbPath))
    log(`seeding ${MILLION.toLocaleString('en-US')} records for the dashboard`);
  return measureDashboardOnOrders(
    {
      dbPath,
      distDir,
      records: MILLION,
      keyName: 'bench-dashboard',
      // Precise heap figures for the memory measure.
      extraChromiumArgs: ['--enable-precise-memory-info'],
    },
    async ({ browser, baseUrl, key, ordersId }) => {
      const measures: Measure[] = [];
      if (!options.deviceClassesOnly) {
        if (!gridOnly) {
          measures.push(...(await measureConnect(browser, baseUrl, key, ordersId, log, null)));
          measures.push(...(await measureSort(browser, baseUrl, key, ordersId, log, null)));
        }
        measures.push(
          ...(await measureScrollToRecord(browser, baseUrl, key, ordersId, log, null)),
          ...(await measureWheel(browser, baseUrl, key, ordersId, log, null)),
          ...(await measureJumpToEnd(browser, baseUrl, key, ordersId, log)),
        );
      }
      for (const id of deviceClasses) {
        const device = DEVICE_CLASSES[id];
        // Calibrated before each group: the machine's speed moves with what else it runs.
        const groups = [
          measureConnect,
          measureSort,
          measureScrollToRecord,
          measureWheel,
          measureFling,
        ];
        for (const group of groups) {
          const calibration = await calibrate(browser, device, log);
          measures.push(...(await group(browser, baseUrl, key, ordersId, log, calibration)));
        }
      }
      return measures;
    },
  );
}

/** Connect click → first record row painted, RUNS fresh pages. */
export const measureConnect: DashboardGroup = async (
  browser,
  baseUrl,
  key,
  tableId,
  log,
  calibration,
) => {
  log(`connect → first row${calibration ? ` on a ${calibration.deviceClass.label}` : ''}`);
  const connectTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await newBenchPage(browser, calibration?.cpuSlowdown);
    await connect(page, baseUrl, key, tableId);
    connectTimes.push(await waitForPaintAfterClick(page));
    await page.context().close();
  }
  const row = dashboardMeasure(
    'connect click → first record row painted',
    'ms',
    connectTimes,
    atMost(calibration?.deviceClass.budgets.connectMs ?? 300, 'ms'),
  );
  return [calibration ? onDeviceMeasure(row, calibration) : row];
};

/** Header click → first row of the new order painted, RUNS headers on one page. */
export const measureSort: DashboardGroup = async (
  browser,
  baseUrl,
  key,
  tableId,
  log,
  calibration,
) => {
  log(
    `header click → first row of the new order${calibration ? ` on a ${calibration.deviceClass.label}` : ''}`,
  );
  const page = await newBenchPage(browser, calibration?.cpuSlowdown);
  await connect(page, baseUrl, key, tableId);
  await waitForPaintAfterClick(page);
  // The sort buttons only: each header also has a "Summary of <column>" button, whose
  // click sorts nothing (it opens a panel), and whose time was the first row's REFERENCE
  // label settling from the click before: half the runs measured that.
  const headerButtons = page
    .getByRole('columnheader')
    .locator('button:not([aria-label^="Summary of"])');
  const sortTimes: number[] = [];
  const headerCount = Math.min(await headerButtons.count(), RUNS + 1);
  for (let index = 0; index < headerCount && sortTimes.length < RUNS; index++) {
    await headerButtons.nth(index).click();
    sortTimes.push(await waitForPaintAfterClick(page, 30_000).catch(() => Number.NaN));
  }
  await page.context().close();
  const row = dashboardMeasure(
    'header click → first row of the new order painted',
    'ms',
    sortTimes.filter((time) => !Number.isNaN(time)),
    atMost(calibration?.deviceClass.budgets.sortMs ?? 150, 'ms'),
    `${sortTimes.filter(Number.isNaN).length} clicks left the first row unchanged`,
  );
  return [calibration ? onDeviceMeasure(row, calibration) : row];
};
