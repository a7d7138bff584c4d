/**
 * The devices the bench slows the CPU to (issue 31): Chrome DevTools' own calibration puts
 * a mid-tier phone (Pixel 5) at Lighthouse benchmarkIndex 1,000 and a low-tier one (Moto G4
 * Power 2022) at 264. The machine running the bench is measured the way Lighthouse measures
 * it (calibration.ts), and its CPU slowed by the ratio, so a row means the same device on
 * any machine.
 */

export type DeviceClassId = 'mid-tier' | 'low-tier';

/** What the dashboard must do on the device (issue 31's budgets). */
export interface DeviceBudgets {
  connectMs: number;
  sortMs: number;
  wheelP95Ms: number;
  wheelLongTasks: number;
  scrollLongTasks: number;
  flingP95Ms: number;
  flingLongTasks: number;
}

export interface DeviceClass {
  id: DeviceClassId;
  /** As rows name it, e.g. "mid-tier phone". */
  label: string;
  /** The device's Lighthouse benchmarkIndex. */
  benchmarkIndex: number;
  budgets: DeviceBudgets;
}

export const DEVICE_CLASSES: Record<DeviceClassId, DeviceClass> = {
  'mid-tier': {
    id: 'mid-tier',
    label: 'mid-tier phone',
    benchmarkIndex: 1_000,
    budgets: {
      connectMs: 500,
      sortMs: 250,
      wheelP95Ms: 20,
      wheelLongTasks: 0,
      scrollLongTasks: 5,
      flingP95Ms: 20,
      flingLongTasks: 0,
    },
  },
  'low-tier': {
    id: 'low-tier',
    label: 'low-tier phone',
    benchmarkIndex: 264,
    budgets: {
      connectMs: 1_500,
      sortMs: 800,
      wheelP95Ms: 50,
      wheelLongTasks: 5,
      scrollLongTasks: 40,
      flingP95Ms: 50,
      flingLongTasks: 5,
    },
  },
};

/** A "stay at or under" target, e.g. atMost(500, 'ms') is "≤ 500 ms". */
export function atMost(value: number, unit = '') {
  const label = value === 0 ? '0' : `≤ ${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
  return { kind: 'max' as const, value, label };
}

/**
 * How many times to slow the CPU so a machine of `measuredIndex` runs like a device of
 * `targetIndex`. Never below 1: a machine slower than the device is measured as it is (and
 * its rows then say 1×). Two decimals, as DevTools' throttling rate is shown.
 */
export function cpuSlowdownFor(measuredIndex: number, targetIndex: number): number {
  if (!(measuredIndex > 0) || !(targetIndex > 0)) {
    throw new Error(
      `benchmarkIndex must be positive (measured ${measuredIndex}, target ${targetIndex})`,
    );
  }
  return Math.max(1, Math.round((measuredIndex / targetIndex) * 100) / 100);
}

/** The median of a few runs of the benchmark (Lighthouse's index moves run to run). */
export function medianIndex(runs: number[]): number {
  if (runs.length === 0) throw new Error('no benchmarkIndex run to take the median of');
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** What a calibration found: the machine's index now, and the slowdown to the device. */
export interface Calibration {
  deviceClass: DeviceClass;
  /** The median of the runs. */
  benchmarkIndex: number;
  runs: number[];
  cpuSlowdown: number;
}

export function calibrationOf(deviceClass: DeviceClass, runs: number[]): Calibration {
  const benchmarkIndex = medianIndex(runs);
  return {
    deviceClass,
    benchmarkIndex,
    runs,
    cpuSlowdown: cpuSlowdownFor(benchmarkIndex, deviceClass.benchmarkIndex),
  };
}

/** A row's name on the device: "connect …, mid-tier phone (benchmarkIndex 1,000)". */
export function onDevice(name: string, deviceClass: DeviceClass): string {
  return `${name}, ${deviceClass.label} (benchmarkIndex ${deviceClass.benchmarkIndex.toLocaleString('en-US')})`;
}

/** What every CPU-slowed row says: the index measured before it, and the factor used. */
export function calibrationNote(calibration: Calibration): string {
  return `machine benchmarkIndex ${Math.round(calibration.benchmarkIndex).toLocaleString('en-US')} (runs ${calibration.runs.map((run) => Math.round(run)).join('/')}) → CPU slowed ${calibration.cpuSlowdown}×`;
}
