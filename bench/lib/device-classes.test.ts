import { describe, expect, it } from 'vitest';
import {
  atMost,
  calibrationNote,
  calibrationOf,
  cpuSlowdownFor,
  DEVICE_CLASSES,
  medianIndex,
  onDevice,
} from './device-classes';

describe('cpuSlowdownFor', () => {
  it('slows a faster machine by the ratio of the indexes', () => {
    expect(cpuSlowdownFor(2_500, 1_000)).toBe(2.5);
    expect(cpuSlowdownFor(1_942, 1_000)).toBe(1.94);
    expect(cpuSlowdownFor(2_500, 264)).toBe(9.47);
  });

  it('never speeds a machine up: one slower than the device runs at 1×', () => {
    expect(cpuSlowdownFor(800, 1_000)).toBe(1);
    expect(cpuSlowdownFor(1_000, 1_000)).toBe(1);
    expect(cpuSlowdownFor(200, 264)).toBe(1);
  });

  it('refuses an index that is not a positive number', () => {
    expect(() => cpuSlowdownFor(0, 1_000)).toThrow();
    expect(() => cpuSlowdownFor(Number.NaN, 1_000)).toThrow();
    expect(() => cpuSlowdownFor(2_000, 0)).toThrow();
  });
});

describe('calibrationOf', () => {
  it('takes the median of the runs, whatever their order', () => {
    const calibration = calibrationOf(DEVICE_CLASSES['mid-tier'], [2_900, 2_100, 2_400]);
    expect(calibration.benchmarkIndex).toBe(2_400);
    expect(calibration.cpuSlowdown).toBe(2.4);
    expect(calibrationNote(calibration)).toBe(
      'machine benchmarkIndex 2,400 (runs 2900/2100/2400) → CPU slowed 2.4×',
    );
  });

  it('slows the low-tier class more than the mid-tier one on the same machine', () => {
    const runs = [2_000, 2_000, 2_000];
    expect(calibrationOf(DEVICE_CLASSES['low-tier'], runs).cpuSlowdown).toBe(7.58);
    expect(calibrationOf(DEVICE_CLASSES['mid-tier'], runs).cpuSlowdown).toBe(2);
  });

  it('has no median without runs', () => {
    expect(() => medianIndex([])).toThrow();
    expect(medianIndex([3, 1])).toBe(2);
  });
});

describe('onDevice', () => {
  it('names the device class and its index', () => {
    expect(onDevice('connect click → first record row painted', DEVICE_CLASSES['low-tier'])).toBe(
      'connect click → first record row painted, low-tier phone (benchmarkIndex 264)',
    );
  });
});

describe('atMost', () => {
  it('labels a target as the table shows it', () => {
    expect(atMost(1_500, 'ms')).toEqual({ kind: 'max', value: 1_500, label: '≤ 1,500 ms' });
    expect(atMost(0)).toEqual({ kind: 'max', value: 0, label: '0' });
    expect(atMost(5)).toEqual({ kind: 'max', value: 5, label: '≤ 5' });
  });
});
